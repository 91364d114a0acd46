/**
 * The subject list's Batch runs action (a ListAction): the user's batch runs with their progress and answers
 * (batchjobs.do), for roles holding page.mark — a run left while it works is found again here.
 */
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { FormattedMessage, useIntl } from '../../../../renderers/intl';
import type { ListAction, ListActionDialogProps } from '../../../../renderers/list/types';
import { DialogFrame } from '../fields/FormDialog';
import { BatchRunsList } from './BatchRuns';

export function BatchRunsDialog({ onClose }: Pick<ListActionDialogProps, 'onClose'>) {
  const intl = useIntl();
  return (
    <DialogFrame
      id="batch-runs"
      title={intl.formatMessage({ id: 'casebook.batchOps.runs.title' })}
      onClose={onClose}
    >
      <DialogContent>
        <BatchRunsList />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="batch-runs-close">
          <FormattedMessage id="casebook.batch.close" />
        </Button>
      </DialogActions>
    </DialogFrame>
  );
}

export const batchRunsAction: ListAction = {
  id: 'batchRuns',
  labelId: 'casebook.batchOps.runs.action',
  permission: 'page.mark',
  Dialog: BatchRunsDialog,
};
