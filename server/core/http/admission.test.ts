import { afterEach, describe, expect, it, vi } from 'vitest';
import { admissionGate, type Admitted } from './admission';

const always = () => true;

function admitted(result: Admitted): () => void {
  if (result.kind !== 'admitted') throw new Error(`not admitted: ${result.kind}`);
  return result.release;
}

describe('admission gate', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('admits up to the limit at once and the others in arrival order as turns end', async () => {
    const gate = admissionGate({ limit: 2, maxWaitMs: 10_000 });
    const first = admitted(await gate.enter(always));
    const second = admitted(await gate.enter(always));
    const order: number[] = [];
    const waiting = [3, 4, 5].map((n) =>
      gate.enter(always).then((r) => {
        order.push(n);
        return r;
      }),
    );
    await Promise.resolve();
    expect(gate.active).toBe(2);
    expect(gate.waiting).toBe(3);
    expect(order).toEqual([]);

    first();
    const third = admitted(await waiting[0]!);
    expect(order).toEqual([3]);
    // a release called twice ends one turn only
    first();
    expect(gate.active).toBe(2);
    second();
    third();
    admitted(await waiting[1]!);
    admitted(await waiting[2]!);
    expect(order).toEqual([3, 4, 5]);
    expect(gate.waiting).toBe(0);
  });

  it('a newcomer never overtakes a waiting request', async () => {
    const gate = admissionGate({ limit: 1, maxWaitMs: 10_000 });
    const first = admitted(await gate.enter(always));
    const queued = gate.enter(always);
    first();
    // the turn just freed is the queued request's, not this newcomer's
    const newcomer = gate.enter(always);
    expect(gate.active).toBe(1);
    admitted(await queued)();
    admitted(await newcomer)();
    expect(gate.active).toBe(0);
  });

  it('answers "timed out" after maxWaitMs, and the request that timed out takes no turn later', async () => {
    vi.useFakeTimers();
    const gate = admissionGate({ limit: 1, maxWaitMs: 1_000 });
    const first = admitted(await gate.enter(always));
    const late = gate.enter(always);
    vi.advanceTimersByTime(1_001);
    expect((await late).kind).toBe('timedOut');
    first();
    expect(gate.active).toBe(0);
    // the turn is free for the next one at once
    admitted(await gate.enter(always))();
  });

  it('does not start a request whose client has gone while it waited', async () => {
    const gate = admissionGate({ limit: 1, maxWaitMs: 10_000 });
    const first = admitted(await gate.enter(always));
    let clientThere = true;
    const gone = gate.enter(() => clientThere);
    const next = gate.enter(always);
    clientThere = false;
    first();
    expect((await gone).kind).toBe('gone');
    admitted(await next)();
    expect(gate.active).toBe(0);
  });

  it('limit 0: no bound', async () => {
    const gate = admissionGate({ limit: 0, maxWaitMs: 1 });
    const turns = await Promise.all(Array.from({ length: 50 }, () => gate.enter(always)));
    expect(turns.every((t) => t.kind === 'admitted')).toBe(true);
  });
});
