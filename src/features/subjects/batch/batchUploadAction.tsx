/**
 * The subject list's Batch upload action (a ListAction of the screen configuration, beside Add subject): offered
 * to roles holding subject.batchUpload (menuList.do `permissions`), where the session may add subjects (the same
 * gate as Add subject, drawn under one instance of it: one sitecodeList.do for both); the server checks
 * subject.batchUpload on every call. The dialog is its
 * own chunk, loaded on the first click (the list does not carry it). After an import the list reads its page again.
 */
import { Suspense, lazy } from 'react';
import type { ListAction, ListActionDialogProps } from '../../../../renderers/list/types';
import { AddSubjectGate } from '../add/addSubjectAction';

const BatchUploadDialog = lazy(() =>
  import('./BatchUploadDialog').then((m) => ({ default: m.BatchUploadDialog })),
);

export function BatchUploadActionDialog({ ctx, onClose }: ListActionDialogProps) {
  return (
    <Suspense fallback={null}>
      <BatchUploadDialog onClose={onClose} onImported={() => ctx.reload()} />
    </Suspense>
  );
}

export const batchUploadAction: ListAction = {
  id: 'batchUpload',
  labelId: 'casebook.batch.upload',
  // the role's own permission (a role that may add subjects one by one need not upload files of them)
  permission: 'subject.batchUpload',
  Gate: AddSubjectGate,
  Dialog: BatchUploadActionDialog,
};
