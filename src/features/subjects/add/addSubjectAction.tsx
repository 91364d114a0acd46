/**
 * The subject list's Add subject action (a ListAction of the screen configuration): offered only when the server
 * answers a site where the session may add subjects (sitecodeList.do: the chosen site for CRC and PI, none for
 * monitors, data managers and sponsors); its dialog saves the subject and the list reads its page again.
 */
import type { ReactNode } from 'react';
import { sitecodeList } from '../../../../engine/api/subjects';
import { useEndpoint } from '../../../../renderers/async/useEndpoint';
import type { ListAction, ListActionDialogProps } from '../../../../renderers/list/types';
import { AddSubjectDialog } from './AddSubjectDialog';

/** Shows the button only when the session may add subjects somewhere. */
export function AddSubjectGate({ children }: { children: ReactNode }) {
  const sites = useEndpoint(sitecodeList, {});
  return sites.status === 'ready' && sites.data.length > 0 ? <>{children}</> : null;
}

export function AddSubjectActionDialog({ ctx, onClose }: ListActionDialogProps) {
  return (
    <AddSubjectDialog
      onClose={onClose}
      onSaved={() => {
        onClose();
        ctx.reload();
      }}
    />
  );
}

export const addSubjectAction: ListAction = {
  id: 'addSubject',
  labelId: 'casebook.addSubject',
  permission: 'subject.add',
  Gate: AddSubjectGate,
  Dialog: AddSubjectActionDialog,
};
