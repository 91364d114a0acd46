/**
 * Batch runs as the user follows them (docs/casebook-batch-jobs.md): a run is a job on the server. `BatchRunProgress`
 * follows one run (batchjob.do, polled while it is queued or running) up to 'Batch job successfully' or its refusal;
 * `BatchRunsList` lists the user's runs (batchjobs.do, polled while one works), so that a run left while it works is
 * found again. Leaving either stops the polling, never the run. Both poll through useJobPolling (backing off while a
 * run works): a poll the server refuses or that fails ends the polling with its message, not a run left "queued".
 */
import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from '../../../../renderers/intl';
import {
  batchJob,
  batchJobs,
  eventType,
  type BatchJob,
  type BatchJobState,
  type EventType,
} from '../../../../engine/api/casebookBatch';
import { formatDateInZone } from '../../../../engine/fieldTypes/dates';
import { metaText } from '../../../../engine/metadata/metaText';
import { useEndpoint } from '../../../../renderers/async/useEndpoint';
import { useEngineLocale } from '../../../../renderers/search/metadataText';
import { userTimeZone } from '../../../../renderers/userTimeZone';
import { usePlatform } from '../../../platform/PlatformContext';
import { AsyncView } from '../../../../renderers/async/AsyncView';
import { LoadFailed } from '../../../../renderers/LoadFailed';
import { useJobPolling, type JobPollStop } from '../../../../renderers/jobs/useJobPolling';

/** How soon a working run is asked again (then less often, up to BATCH_POLL_MAX_MS). */
export const BATCH_POLL_MS = 1000;
export const BATCH_POLL_MAX_MS = 5000;

const working = (state: BatchJobState) => state === 'queued' || state === 'running';

const STATE_COLOR: Record<BatchJobState, 'default' | 'info' | 'success' | 'error'> = {
  queued: 'default',
  running: 'info',
  done: 'success',
  failed: 'error',
};

const runWorks = (job: BatchJob) => working(job.state);
const someRunWorks = (data: { list: readonly BatchJob[] }) => data.list.some(runWorks);

/** A poll that was refused (the server's message) or failed (with a retry): polling stopped there. */
function PollStopped({ stop, onRetry }: { stop: JobPollStop; onRetry(): void }) {
  if (stop.reason === 'refused')
    return (
      <Alert severity="error" data-testid="batch-run-poll-refused">
        {stop.message ?? <FormattedMessage id="casebook.batchOps.pollRefused" />}
      </Alert>
    );
  return (
    <LoadFailed
      data-testid="batch-run-poll-failed"
      message={<FormattedMessage id="casebook.batchOps.pollFailed" />}
      retryLabel={<FormattedMessage id="async.retry" />}
      onRetry={onRetry}
    />
  );
}

function percent(job: BatchJob): number {
  if (job.state === 'done') return 100;
  return job.total > 0 ? Math.min(100, (100 * job.done) / job.total) : 0;
}

function RunBar({ job }: { job: BatchJob }) {
  const intl = useIntl();
  return (
    <Box>
      <LinearProgress
        variant={job.state === 'running' && job.done === 0 ? 'indeterminate' : 'determinate'}
        value={percent(job)}
        aria-label={intl.formatMessage(
          { id: 'casebook.batchOps.runs.progressLabel' },
          { done: job.done, total: job.total },
        )}
      />
      <Typography variant="caption" data-testid="batch-run-count">{`${job.done} / ${job.total}`}</Typography>
    </Box>
  );
}

function StateChip({ state }: { state: BatchJobState }) {
  const intl = useIntl();
  return (
    <Chip
      size="small"
      color={STATE_COLOR[state]}
      label={intl.formatMessage({ id: `casebook.batchOps.state.${state}` })}
    />
  );
}

export interface BatchRunProgressProps {
  /** The run as batchrun.do answered it (queued). */
  started: BatchJob;
  /** The run ended (done or failed): once. */
  onEnded?(job: BatchJob): void;
  pollMs?: number;
}

/** One run followed to its end: progress, then 'Batch job successfully …' or why it failed. */
export function BatchRunProgress({ started, onEnded, pollMs = BATCH_POLL_MS }: BatchRunProgressProps) {
  const poll = useJobPolling(
    batchJob,
    { jobid: started.jobid },
    { working: runWorks, pollMs, maxPollMs: Math.max(pollMs, BATCH_POLL_MAX_MS) },
  );
  const job = poll.data ?? started;
  const ended = !working(job.state);
  useEffect(() => {
    if (ended) onEnded?.(job);
    // once, when it ends
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ended]);

  return (
    <Box data-testid="batch-run" data-state={job.state} sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <StateChip state={job.state} />
        <Typography variant="body2">
          <FormattedMessage
            id="casebook.batchOps.runOf"
            values={{ pages: job.counts.pages, subjects: job.counts.subjects }}
          />
        </Typography>
      </Box>
      <RunBar job={job} />
      {job.state === 'done' && job.message ? (
        <Alert severity="success" data-testid="batch-ops-done">
          {job.message}
        </Alert>
      ) : null}
      {job.state === 'failed' ? (
        <Alert severity="error" data-testid="batch-run-error">
          {job.error ?? <FormattedMessage id="casebook.batchOps.runFailed" />}
        </Alert>
      ) : null}
      {poll.stopped ? <PollStopped stop={poll.stopped} onRetry={poll.retry} /> : null}
      {!ended && !poll.stopped ? (
        <Typography variant="body2" color="text.secondary" data-testid="batch-run-leave">
          <FormattedMessage id="casebook.batchOps.leaveHint" />
        </Typography>
      ) : null}
    </Box>
  );
}

/** The user's runs, newest first (polled while one works; the last answer stays shown while it is asked again). */
export function BatchRunsList({ pollMs = BATCH_POLL_MS }: { pollMs?: number }) {
  const poll = useJobPolling(
    batchJobs,
    {},
    {
      working: someRunWorks,
      pollMs,
      maxPollMs: Math.max(pollMs, BATCH_POLL_MAX_MS),
    },
  );
  const last = poll.data?.list ?? null;
  if (last !== null && last.length > 0)
    return (
      <>
        {poll.stopped ? <PollStopped stop={poll.stopped} onRetry={poll.retry} /> : null}
        <RunsTable runs={last} />
      </>
    );
  return (
    <AsyncView
      state={poll.state}
      isEmpty={(d) => d.list.length === 0}
      empty={<FormattedMessage id="casebook.batchOps.runs.empty" />}
      data-testid="batch-runs"
    >
      {(data) => <RunsTable runs={data.list} />}
    </AsyncView>
  );
}

/** The schedule's names of a run's visit and form (eventtype.do), by `visitnum` and `visitnum/tid`. */
function scheduleNames(types: readonly EventType[] | null, locale: ReturnType<typeof useEngineLocale>) {
  const names = new Map<string, string>();
  for (const type of types ?? []) {
    for (const event of type.events) {
      names.set(event.visitnum, metaText(event.name, locale));
      for (const form of event.forms) names.set(`${event.visitnum}/${form.tid}`, metaText(form.name, locale));
    }
  }
  return names;
}

function RunsTable({ runs }: { runs: readonly BatchJob[] }) {
  const intl = useIntl();
  const locale = useEngineLocale();
  const { store } = usePlatform();
  const zone = userTimeZone(store);
  // the visit and form by name when the schedule is at hand; by code until then (or if it cannot be read)
  const schedule = useEndpoint(eventType, { type: undefined });
  const names = scheduleNames(schedule.status === 'ready' ? schedule.data : null, locale);
  return (
    <Table size="small" data-testid="batch-runs">
      <TableHead>
        <TableRow>
          <TableCell>
            <FormattedMessage id="casebook.batchOps.runs.what" />
          </TableCell>
          <TableCell>
            <FormattedMessage id="casebook.batchOps.runs.at" />
          </TableCell>
          <TableCell sx={{ minWidth: 160 }}>
            <FormattedMessage id="casebook.batchOps.runs.progress" />
          </TableCell>
          <TableCell>
            <FormattedMessage id="casebook.batchOps.runs.state" />
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {runs.map((job) => (
          <TableRow key={job.jobid} data-testid="batch-runs-row" data-state={job.state}>
            <TableCell>
              {`${intl.formatMessage({ id: `casebook.batchOps.type.${job.type}` })} · ${names.get(job.visitnum) ?? job.visitnum} / ${names.get(`${job.visitnum}/${job.tid}`) ?? job.tid} · ${job.crfver}`}
            </TableCell>
            <TableCell data-testid="batch-runs-at">{formatDateInZone(job.createdat, zone, true)}</TableCell>
            <TableCell>
              <RunBar job={job} />
            </TableCell>
            <TableCell>
              <StateChip state={job.state} />
              {job.message || job.error ? (
                <Typography
                  variant="caption"
                  component="div"
                  color={job.error ? 'error' : 'text.secondary'}
                  data-testid="batch-runs-answer"
                >
                  {job.message ?? job.error}
                </Typography>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
