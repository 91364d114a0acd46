/**
 * Follows a server job (or a list of jobs) by polling one endpoint: the React side of engine/timing/jobPolling.ts.
 * Asks again while `working(answer)` (backing off from `pollMs` to `maxPollMs`), stops when the job finished, when
 * a poll is refused (the server's message) or fails (retry() asks again and polling resumes), and when the component
 * unmounts (its timer is cleared; the job itself goes on). A new `reloadToken` asks at once and starts the back-off
 * again (a job just started). Used by the export page and the batch runs.
 */
import { useEffect, useRef, useState } from 'react';
import type { AnyObject } from '../../engine/schema';
import type { EndpointDef } from '../../engine/api/endpoint';
import { POLL_RETRIES, pollStep, type PollAnswer, type PollStep } from '../../engine/timing/jobPolling';
import type { AsyncState } from '../async/useAsync';
import { useEndpoint } from '../async/useEndpoint';

export interface JobPollingOptions<D> {
  /** Whether the answer still works (queued, running): then it is asked again. */
  working(data: D): boolean;
  /** The first delay between polls (ms). */
  pollMs: number;
  /** The longest delay between polls (ms); default 10 × pollMs. */
  maxPollMs?: number;
  /** Changing it asks at once and starts the back-off again. */
  reloadToken?: string | number;
  /** Failed polls in a row asked again (backing off) before polling stops as failed; default POLL_RETRIES. */
  retries?: number;
}

/** Why polling stopped other than the job finishing. */
export type JobPollStop = { reason: 'refused'; message: string | null } | { reason: 'failed' };

export interface JobPolling<D> {
  /** The current poll, as useEndpoint tells it. */
  state: AsyncState<D>;
  /** The last answer that arrived (kept while the next poll is under way or after one failed), or null. */
  data: D | null;
  /** Set when a poll was refused or failed: polling stopped, with the server's message when it gave one. */
  stopped: JobPollStop | null;
  /** Polling is over: the job finished, or a poll was refused or failed. */
  ended: boolean;
  /** Asks again now (after a failed poll: polling resumes when the answer still works). */
  retry(): void;
}

function answerOf<D>(state: AsyncState<D>): PollAnswer<D> {
  switch (state.status) {
    case 'ready':
      return { status: 'ready', data: state.data };
    case 'refused':
      return { status: 'refused', message: state.message };
    case 'failed':
      return { status: 'failed' };
    default:
      return { status: state.status };
  }
}

export function useJobPolling<P extends AnyObject, D>(
  def: EndpointDef<P, D>,
  params: P | null,
  options: JobPollingOptions<D>,
): JobPolling<D> {
  const { pollMs, maxPollMs = pollMs * 10, reloadToken = '', retries = POLL_RETRIES } = options;
  const working = useRef(options.working);
  useEffect(() => {
    working.current = options.working;
  });
  // the poll round counts from 0 again whenever the reload token changes
  const [polls, setPolls] = useState({ token: reloadToken, round: 0, failures: 0 });
  const current = polls.token === reloadToken;
  const round = current ? polls.round : 0;
  const failures = current ? polls.failures : 0;
  const state = useEndpoint(def, params, { reloadToken: `${reloadToken}\u0000${round}` });
  const step: PollStep = pollStep(
    answerOf(state),
    (d) => working.current(d),
    round,
    { firstMs: pollMs, maxMs: maxPollMs },
    failures,
    retries,
  );
  const delayMs = step.next === 'poll' ? step.delayMs : null;
  const failedNow = state.status === 'failed';

  useEffect(() => {
    if (delayMs === null) return undefined;
    const timer = setTimeout(
      () => setPolls({ token: reloadToken, round: round + 1, failures: failedNow ? failures + 1 : 0 }),
      delayMs,
    );
    return () => clearTimeout(timer);
  }, [delayMs, reloadToken, round, failures, failedNow]);

  const data = state.status === 'ready' ? state.data : (state.previous ?? null);
  const stopped: JobPollStop | null =
    step.next !== 'stop' || step.reason === 'finished'
      ? null
      : step.reason === 'refused'
        ? { reason: 'refused', message: step.message }
        : { reason: 'failed' };
  return { state, data, stopped, ended: step.next === 'stop', retry: state.retry };
}
