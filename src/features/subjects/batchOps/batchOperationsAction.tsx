/**
 * The subject list's Batch operations action (a ListAction of the screen configuration): offered to roles holding
 * page.mark (menuList.do `permissions`; the server checks it again on every call). It works on the selected subjects
 * when some are selected, else on every subject of the site. The dialog is its own chunk, loaded on the first click.
 */
import { Suspense, lazy } from 'react';
import type { ListAction, ListActionDialogProps } from '../../../../renderers/list/types';

const BatchOperationsDialog = lazy(() =>
  import('./BatchOperationsDialog').then((m) => ({ default: m.BatchOperationsDialog })),
);

export function BatchOperationsActionDialog({ ctx, selected = [], onClose }: ListActionDialogProps) {
  return (
    <Suspense fallback={null}>
      <BatchOperationsDialog selected={selected} onClose={onClose} onDone={() => ctx.reload()} />
    </Suspense>
  );
}

export const batchOperationsAction: ListAction = {
  id: 'batchOperations',
  labelId: 'casebook.batchOps.action',
  permission: 'page.mark',
  usesSelection: true,
  Dialog: BatchOperationsActionDialog,
};
