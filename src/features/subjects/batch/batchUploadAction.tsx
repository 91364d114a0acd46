/**
 * The subject list's Batch upload action (a ListAction of the screen configuration, beside Add subject): offered
 * where the session may add subjects (the same gate as Add subject: sitecodeList.do answers the chosen site); the
 * server also checks the role's subject.batchUpload on every call. After an import the list reads its page again.
 */
import type { ListAction, ListActionDialogProps } from '../../../../renderers/list/types';
import { AddSubjectGate } from '../add/addSubjectAction';
import { BatchUploadDialog } from './BatchUploadDialog';

export function BatchUploadActionDialog({ ctx, onClose }: ListActionDialogProps) {
  return <BatchUploadDialog onClose={onClose} onImported={() => ctx.reload()} />;
}

export const batchUploadAction: ListAction = {
  id: 'batchUpload',
  labelId: 'casebook.batch.upload',
  Gate: AddSubjectGate,
  Dialog: BatchUploadActionDialog,
};
