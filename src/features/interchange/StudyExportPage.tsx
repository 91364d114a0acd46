/**
 * `/index/studyExport` (docs/interchange.md): choose what to export — study metadata as ODM, clinical data as ODM,
 * one form as CSV, or every form as xlsx — and start it; the export runs on the server as a job of the user, scoped
 * to the chosen site. The user's jobs are listed with their progress (polled while one runs); the page can be left
 * and found again. A finished job downloads for 90 s (spec §9); after that it says to export again. The file comes
 * as binary through the request client (`client.download`, a Blob), never as base64 in JSON. The forms a CSV
 * export may choose are the study's own (forms.do); when they cannot be read the page says so, with a retry. The
 * jobs are polled through useJobPolling (backing off while one works, stopping when none does or a poll fails).
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from '../../../renderers/intl';
import {
  EXPORT_KINDS,
  interchangeDownload,
  interchangeExport,
  interchangeForms,
  interchangeJobs,
  type ExportForm,
  type ExportKind,
  type JobRow,
} from '../../../engine/api/interchange';
import type { DownloadedFile } from '../../../engine/api/fileAnswer';
import { pickLocalized } from '../../../engine/api/localized';
import { RequestError } from '../../../engine/http/requestError';
import { useApiClient } from '../../../renderers/apiClientContext';
import { AsyncView } from '../../../renderers/async/AsyncView';
import { useEndpoint } from '../../../renderers/async/useEndpoint';
import { useJobPolling } from '../../../renderers/jobs/useJobPolling';
import { LoadFailed } from '../../../renderers/LoadFailed';
import { useEngineLocale } from '../../../renderers/search/metadataText';
import { saveBlob } from '../../platform/saveBlob';

/** How soon the jobs are asked again while one is queued or running (then less often, up to JOB_POLL_MAX_MS). */
export const JOB_POLL_MS = 1500;
export const JOB_POLL_MAX_MS = 10_000;

const someJobWorks = (data: { list: readonly JobRow[] }) =>
  data.list.some((j) => j.state === 'queued' || j.state === 'running');

export interface StudyExportPageProps {
  /** How a downloaded file is saved (the browser's download by default; stories and tests record it). */
  save?(file: DownloadedFile): void;
}

const NO_FORMS: readonly ExportForm[] = [];

export function StudyExportPage({ save = saveBlob }: StudyExportPageProps) {
  const intl = useIntl();
  const client = useApiClient();
  const [kind, setKind] = useState<ExportKind>('odmMetadata');
  const formsState = useEndpoint(interchangeForms, {});
  const forms = formsState.status === 'ready' ? formsState.data.list : NO_FORMS;
  const [chosenTid, setTid] = useState<string | null>(null);
  // the first of the study's forms until the user chooses one
  const tid = chosenTid ?? forms[0]?.tid ?? '';
  const locale = useEngineLocale();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const jobs = useJobPolling(
    interchangeJobs,
    {},
    { working: someJobWorks, pollMs: JOB_POLL_MS, maxPollMs: JOB_POLL_MAX_MS, reloadToken: reloads },
  );
  const formsFailed = formsState.status === 'failed' || formsState.status === 'refused';

  async function run<T>(fn: () => Promise<T>, done: (value: T) => void) {
    setBusy(true);
    setRefusal(null);
    try {
      done(await fn());
    } catch (err) {
      setRefusal(
        err instanceof RequestError && err.msg
          ? err.msg
          : intl.formatMessage({ id: 'interchange.export.failed' }),
      );
    } finally {
      setBusy(false);
    }
  }

  // the job just started, shown at the top at once (the list read again may still be under way)
  const [started, setStarted] = useState<JobRow | null>(null);
  const start = () =>
    run(
      () => client.call(interchangeExport, { kind, tid: kind === 'csv' ? tid : null }, { silent: true }),
      (job) => {
        setStarted(job);
        setReloads((n) => n + 1);
      },
    );
  const listed = jobs.data?.list ?? null;
  const shownJobs =
    started && listed && !listed.some((j) => j.jobid === started.jobid) ? [started, ...listed] : listed;

  const download = (jobid: string) =>
    run(
      () => client.download(interchangeDownload, { jobid }, { silent: true }),
      (file) => {
        save(file);
        setReloads((n) => n + 1);
      },
    );

  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="study-export">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        <FormattedMessage id="interchange.export.title" />
      </Typography>
      <Typography variant="body2">
        <FormattedMessage id="interchange.export.hint" />
      </Typography>
      {refusal ? (
        <Alert severity="error" data-testid="study-export-refusal">
          {refusal}
        </Alert>
      ) : null}
      {formsFailed ? (
        <LoadFailed
          data-testid="study-export-forms-failed"
          message={
            formsState.status === 'refused' && formsState.message ? (
              formsState.message
            ) : (
              <FormattedMessage id="interchange.export.formsFailed" />
            )
          }
          retryLabel={<FormattedMessage id="async.retry" />}
          onRetry={formsState.retry}
        />
      ) : null}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={intl.formatMessage({ id: 'interchange.export.kind' })}
          value={kind}
          onChange={(e) => setKind(e.target.value as ExportKind)}
          sx={{ minWidth: 260 }}
          slotProps={{ htmlInput: { 'data-testid': 'study-export-kind' } }}
        >
          {EXPORT_KINDS.map((k) => (
            <MenuItem key={k} value={k} data-testid={`study-export-kind-${k}`}>
              {intl.formatMessage({ id: `interchange.export.kind.${k}` })}
            </MenuItem>
          ))}
        </TextField>
        {kind === 'csv' ? (
          <TextField
            select
            size="small"
            label={intl.formatMessage({ id: 'interchange.export.form' })}
            value={tid}
            onChange={(e) => setTid(e.target.value)}
            sx={{ minWidth: 140 }}
            slotProps={{ htmlInput: { 'data-testid': 'study-export-form' } }}
          >
            {forms.map((f) => (
              <MenuItem key={f.tid} value={f.tid} data-testid={`study-export-form-${f.tid}`}>
                {`${f.tid} · ${pickLocalized(f.name, locale)}`}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        <Button
          variant="contained"
          onClick={() => void start()}
          disabled={busy || (kind === 'csv' && tid === '')}
          data-testid="study-export-start"
        >
          <FormattedMessage id="interchange.export.start" />
        </Button>
      </Box>
      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          <FormattedMessage id="interchange.export.jobs" />
        </Typography>
        {jobs.stopped && jobs.data && jobs.data.list.length > 0 ? (
          <LoadFailed
            data-testid="study-export-jobs-stopped"
            message={
              jobs.stopped.reason === 'refused' && jobs.stopped.message ? (
                jobs.stopped.message
              ) : (
                <FormattedMessage id="interchange.export.jobsFailed" />
              )
            }
            retryLabel={<FormattedMessage id="async.retry" />}
            onRetry={jobs.retry}
          />
        ) : null}
        {shownJobs && shownJobs.length > 0 ? (
          <JobTable jobs={shownJobs} busy={busy} onDownload={(id) => void download(id)} />
        ) : (
          <AsyncView
            state={jobs.state}
            isEmpty={(d) => d.list.length === 0}
            empty={
              <Typography variant="body2" data-testid="study-export-none">
                <FormattedMessage id="interchange.export.none" />
              </Typography>
            }
            data-testid="study-export-jobs"
          >
            {(data) => <JobTable jobs={data.list} busy={busy} onDownload={(id) => void download(id)} />}
          </AsyncView>
        )}
      </Box>
    </Box>
  );
}

const STATE_COLOR = {
  queued: 'default',
  running: 'info',
  done: 'success',
  failed: 'error',
  expired: 'default',
} as const;

function JobTable({
  jobs,
  busy,
  onDownload,
}: {
  jobs: readonly JobRow[];
  busy: boolean;
  onDownload(jobid: string): void;
}) {
  const intl = useIntl();
  return (
    <Table size="small" data-testid="study-export-table">
      <TableHead>
        <TableRow>
          <TableCell>
            <FormattedMessage id="interchange.export.kind" />
          </TableCell>
          <TableCell>
            <FormattedMessage id="interchange.export.site" />
          </TableCell>
          <TableCell>
            <FormattedMessage id="interchange.import.at" />
          </TableCell>
          <TableCell sx={{ minWidth: 180 }}>
            <FormattedMessage id="interchange.export.progress" />
          </TableCell>
          <TableCell>
            <FormattedMessage id="interchange.import.state" />
          </TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {jobs.map((job) => (
          <TableRow key={job.jobid} data-testid="study-export-job" data-state={job.state}>
            <TableCell>{intl.formatMessage({ id: `interchange.export.kind.${job.kind}` })}</TableCell>
            <TableCell>{job.sitecode ?? ''}</TableCell>
            <TableCell>{job.createdat.replace('T', ' ').slice(0, 16)}</TableCell>
            <TableCell>
              <LinearProgress
                variant="determinate"
                value={
                  job.total > 0 ? Math.min(100, (100 * job.done) / job.total) : job.state === 'done' ? 100 : 0
                }
              />
              <Typography variant="caption">{`${job.done} / ${job.total}`}</Typography>
            </TableCell>
            <TableCell>
              <Chip
                size="small"
                color={STATE_COLOR[job.state]}
                label={intl.formatMessage({ id: `interchange.job.${job.state}` })}
              />
              {job.error ? (
                <Typography variant="caption" component="div" color="error" data-testid="study-export-error">
                  {job.error}
                </Typography>
              ) : null}
            </TableCell>
            <TableCell>
              {job.state === 'done' ? (
                <Button
                  size="small"
                  disabled={busy}
                  onClick={() => onDownload(job.jobid)}
                  data-testid="study-export-download"
                >
                  <FormattedMessage id="interchange.export.download" />
                </Button>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
