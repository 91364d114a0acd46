/**
 * The overview's export (queryExport.do): the rows the overview's search selects — all pages, in its sort — as an
 * xlsx, saved through the browser's download. Opened from the list toolbar; it asks at once, closes when the file
 * is saved, and shows the server's refusal in place (more than 10,000 rows: narrow the search).
 */
import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { FormattedMessage, useIntl } from '../../../renderers/intl';
import type { ListParams } from '../../../engine/api/lists';
import { queryExport } from '../../../engine/api/queries';
import { RequestError } from '../../../engine/http/requestError';
import { useApiClient } from '../../../renderers/apiClientContext';
import type { ListActionDialogProps } from '../../../renderers/list/types';
import { saveDownload } from '../subjects/batch/saveDownload';

export function ExportQueriesDialog({ ctx, onClose }: ListActionDialogProps) {
  const intl = useIntl();
  const client = useApiClient();
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    client
      .call(queryExport, ctx.params as unknown as ListParams, { silent: true })
      .then((file) => {
        saveDownload(file);
        onClose();
      })
      .catch((err: unknown) =>
        setProblem(
          err instanceof RequestError && err.msg
            ? err.msg
            : intl.formatMessage({ id: 'queries.export.failed' }),
        ),
      );
  }, [client, ctx.params, intl, onClose]);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="query-export-title">
      <DialogTitle id="query-export-title">
        <FormattedMessage id="queries.export" />
      </DialogTitle>
      <DialogContent>
        {problem ? (
          <Alert severity="error" data-testid="query-export-problem">
            {problem}
          </Alert>
        ) : (
          <CircularProgress size={24} aria-label={intl.formatMessage({ id: 'queries.export.running' })} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="queries.thread.done" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
