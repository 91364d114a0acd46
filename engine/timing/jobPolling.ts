/**
 * Following a server job by polling (exports, batch runs): when to ask again and when to stop, as pure functions
 * so that every screen that follows a job stops the same way (renderers/jobs/useJobPolling.ts is the React side).
 *
 * - A poll answered and still working (queued, running) → ask again after `pollDelay(round)`: the first delay,
 *   then ×1.5 per poll up to `maxMs` (a job of minutes is not asked every second for minutes).
 * - A poll answered and no longer working (done, failed, expired) → stop: `finished`.
 * - A poll refused (a business refusal, 403) → stop: `refused`, with the server's message; asking again would get
 *   the same answer.
 * - A poll that failed (network, timeout, 5xx) → asked again, backing off, up to `retries` failures in a row (a
 *   dropped connection or a restarting server is not the end of following a job the user was told they may leave);
 *   then stop: `failed`; the user may retry.
 */

/** Failed polls in a row that are asked again before the polling stops as failed. */
export const POLL_RETRIES = 3;

export interface PollBackoff {
  /** The first delay (ms). */
  firstMs: number;
  /** The longest delay (ms). */
  maxMs: number;
  /** Each further poll waits this many times longer (default 1.5). */
  factor?: number;
}

/** The delay before poll number `round` + 1 (round 0 = after the first answer). */
export function pollDelay(round: number, backoff: PollBackoff): number {
  const factor = backoff.factor ?? 1.5;
  const delay = backoff.firstMs * factor ** Math.max(0, round);
  return Math.round(Math.max(backoff.firstMs, Math.min(backoff.maxMs, delay)));
}

/** What the last poll gave, as the polling sees it. */
export type PollAnswer<D> =
  | { status: 'idle' | 'loading' }
  | { status: 'ready'; data: D }
  | { status: 'refused'; message: string | null }
  | { status: 'failed' };

/** What to do next: wait for the answer, ask again after `delayMs`, or stop (and why). */
export type PollStep =
  | { next: 'wait' }
  | { next: 'poll'; delayMs: number }
  | { next: 'stop'; reason: 'finished' }
  | { next: 'stop'; reason: 'refused'; message: string | null }
  | { next: 'stop'; reason: 'failed' };

export function pollStep<D>(
  answer: PollAnswer<D>,
  working: (data: D) => boolean,
  round: number,
  backoff: PollBackoff,
  /** Failed polls in a row before this answer (this one not counted). */
  failures = 0,
  retries = POLL_RETRIES,
): PollStep {
  switch (answer.status) {
    case 'idle':
    case 'loading':
      return { next: 'wait' };
    case 'ready':
      return working(answer.data)
        ? { next: 'poll', delayMs: pollDelay(round, backoff) }
        : { next: 'stop', reason: 'finished' };
    case 'refused':
      return { next: 'stop', reason: 'refused', message: answer.message };
    case 'failed':
      return failures < retries
        ? { next: 'poll', delayMs: pollDelay(round, backoff) }
        : { next: 'stop', reason: 'failed' };
  }
}
