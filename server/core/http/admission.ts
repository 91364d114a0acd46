/**
 * Admission: at most `limit` requests of this process do their work (session check, handler, database) at a time;
 * the others wait their turn in arrival order (docs/load.md "Stop 29").
 *
 * Why: without it, every request in flight takes its turn for each statement it sends (the pool's queue and the
 * cores are shared by all of them), so a request's time grows with its number of round trips times the number of
 * requests in flight: under a burst, a save of 20 statements or a form open of 6 waits 20 or 6 times as long as a
 * heartbeat, and PostgreSQL and Node switch between hundreds of half-done requests. With a bound, a request waits
 * once, in order, and then runs with a connection and a core that few others compete for: the same throughput or
 * more, and the time a user waits no longer depends on how many statements their request needs.
 *
 * A request that has waited `maxWaitMs` is answered 429 with a translated message and Retry-After (nothing done).
 * A request whose client went away while it waited is not started. The gate keeps no state that matters: a count
 * and a queue of waiting requests of this process (several instances each have their own; docs/deploy-instances.md).
 */

export interface AdmissionOptions {
  /** Requests at work at once; 0 or less: no bound. */
  limit: number;
  /** The longest a request waits for its turn before it is answered 429. */
  maxWaitMs: number;
}

/** Ends the request's turn (idempotent). */
export type Release = () => void;

export type Admitted = { kind: 'admitted'; release: Release } | { kind: 'timedOut' } | { kind: 'gone' };

interface Waiter {
  admit: (result: Admitted) => void;
  timer: ReturnType<typeof setTimeout> | null;
  stillWanted: () => boolean;
  settled: boolean;
}

export interface AdmissionGate {
  /** Resolves when the request may start (or with why it may not); `stillWanted` false: its client has gone. */
  enter(stillWanted: () => boolean): Promise<Admitted>;
  /** Requests at work now and requests waiting (for tests and the load bench's reading). */
  readonly active: number;
  readonly waiting: number;
}

const NO_BOUND_RELEASE: Release = () => undefined;

export function admissionGate({ limit, maxWaitMs }: AdmissionOptions): AdmissionGate {
  let active = 0;
  // a queue as an array with a moving head: FIFO without shifting the array on every turn
  let queue: Waiter[] = [];
  let head = 0;

  const releaseOnce = (): Release => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      active -= 1;
      admitNext();
    };
  };

  function admitNext(): void {
    while (active < limit && head < queue.length) {
      const waiter = queue[head]!;
      queue[head] = undefined as unknown as Waiter;
      head += 1;
      if (waiter.settled) continue;
      waiter.settled = true;
      if (waiter.timer) clearTimeout(waiter.timer);
      let wanted: boolean;
      try {
        wanted = waiter.stillWanted();
      } catch {
        wanted = false;
      }
      if (!wanted) {
        waiter.admit({ kind: 'gone' });
        continue;
      }
      active += 1;
      waiter.admit({ kind: 'admitted', release: releaseOnce() });
    }
    if (head > 1024 && head * 2 > queue.length) {
      queue = queue.slice(head);
      head = 0;
    }
  }

  return {
    get active() {
      return active;
    },
    get waiting() {
      let n = 0;
      for (let i = head; i < queue.length; i += 1) if (queue[i] && !queue[i]!.settled) n += 1;
      return n;
    },
    enter(stillWanted) {
      if (limit <= 0) return Promise.resolve({ kind: 'admitted', release: NO_BOUND_RELEASE });
      if (active < limit && head >= queue.length) {
        active += 1;
        return Promise.resolve({ kind: 'admitted', release: releaseOnce() });
      }
      return new Promise<Admitted>((resolve) => {
        const waiter: Waiter = { admit: resolve, timer: null, stillWanted, settled: false };
        waiter.timer = setTimeout(() => {
          if (waiter.settled) return;
          waiter.settled = true;
          resolve({ kind: 'timedOut' });
        }, maxWaitMs);
        queue.push(waiter);
      });
    },
  };
}
