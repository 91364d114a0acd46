import { describe, expect, it } from 'vitest';
import { POLL_RETRIES, pollDelay, pollStep } from './jobPolling';

const backoff = { firstMs: 1000, maxMs: 5000 };
const working = (d: { state: string }) => d.state === 'queued' || d.state === 'running';

describe('pollDelay', () => {
  it('waits the first delay, then 1.5 times longer per poll, never more than the longest', () => {
    expect([0, 1, 2, 3, 4, 5, 50].map((r) => pollDelay(r, backoff))).toEqual([
      1000, 1500, 2250, 3375, 5000, 5000, 5000,
    ]);
  });

  it('never waits less than the first delay', () => {
    expect(pollDelay(-3, backoff)).toBe(1000);
    expect(pollDelay(2, { firstMs: 50, maxMs: 20, factor: 2 })).toBe(50);
  });
});

describe('pollStep', () => {
  it('asks again while the job works, with the round’s delay', () => {
    expect(pollStep({ status: 'ready', data: { state: 'running' } }, working, 2, backoff)).toEqual({
      next: 'poll',
      delayMs: 2250,
    });
  });

  it('stops when the job finished, done or failed', () => {
    for (const state of ['done', 'failed', 'expired'])
      expect(pollStep({ status: 'ready', data: { state } }, working, 0, backoff)).toEqual({
        next: 'stop',
        reason: 'finished',
      });
  });

  it('stops on a refused poll with the server’s message, and on a failed poll', () => {
    expect(pollStep({ status: 'refused', message: 'No such job' }, working, 3, backoff)).toEqual({
      next: 'stop',
      reason: 'refused',
      message: 'No such job',
    });
    expect(pollStep({ status: 'failed' }, working, 3, backoff, POLL_RETRIES)).toEqual({
      next: 'stop',
      reason: 'failed',
    });
  });

  it('asks a failed poll again, backing off, up to the retries in a row', () => {
    expect(pollStep({ status: 'failed' }, working, 3, backoff, 0)).toEqual({
      next: 'poll',
      delayMs: pollDelay(3, backoff),
    });
    expect(pollStep({ status: 'failed' }, working, 4, backoff, POLL_RETRIES - 1).next).toBe('poll');
    expect(pollStep({ status: 'failed' }, working, 5, backoff, 1, 1)).toEqual({
      next: 'stop',
      reason: 'failed',
    });
  });

  it('waits while a poll is under way', () => {
    expect(pollStep({ status: 'loading' }, working, 0, backoff)).toEqual({ next: 'wait' });
  });
});
