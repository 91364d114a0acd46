/**
 * Paced virtual users (bench/load.ts --mode paced): each user works as a CRC does, with think time between steps,
 * the way EDC load tests pace their scripts (LoadRunner think time, JMeter timers): read the subject list, open a
 * form, type for a while, save, look at the answer; the browser's heartbeat runs on its own timer every 10 s. Think
 * times are drawn uniformly from 50–150 % of their mean, and every user starts at a random point of its loop, so the
 * load is steady from the first second instead of 200 users firing together. Latency is measured from sending a
 * request to its last byte, as the user waits for it. Each user has its own keep-alive connections (two at most, as
 * a heartbeat can overlap a request).
 */
import { setMaxListeners } from 'node:events';
import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** One request of the loop: built afresh each time (a save carries a new idempotency key). */
export interface PacedRequest {
  kind: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

export interface PacedStep {
  request: () => PacedRequest;
  /** Mean think time after the answer, in ms. */
  thinkMs: number;
  /** Called with the answer (e.g. to count acknowledged saves). */
  onAnswer?: (status: number, body: string) => void;
}

export interface PacedUser {
  headers: Record<string, string>;
  steps: PacedStep[];
  /** The periodic request (the heartbeat) and its period, or none. */
  periodic?: { request: () => PacedRequest; everyMs: number };
}

export interface PacedResult {
  /** Every response time in ms. */
  times: number[];
  /** Response times by request kind. */
  byKind: Map<string, number[]>;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  seconds: number;
}

const TIMEOUT_MS = 10_000;

/** Uniform in 50–150 % of the mean. */
function think(meanMs: number): number {
  return meanMs * (0.5 + Math.random());
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Runs `users` for `seconds`; requests still in flight at the end are awaited and counted. */
export async function runPaced(baseUrl: string, users: PacedUser[], seconds: number): Promise<PacedResult> {
  const base = new URL(baseUrl);
  const result: PacedResult = {
    times: [],
    byKind: new Map(),
    requests: 0,
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    seconds,
  };
  const stop = new AbortController();
  // every user's loop and heartbeat wait on it
  setMaxListeners(0, stop.signal);
  const agents: http.Agent[] = [];

  function send(
    agent: http.Agent,
    headers: Record<string, string>,
    r: PacedRequest,
  ): Promise<[number, string]> {
    const started = performance.now();
    return new Promise((resolve) => {
      const record = (status: number, body: string) => {
        const ms = performance.now() - started;
        result.requests++;
        result.times.push(ms);
        let list = result.byKind.get(r.kind);
        if (!list) result.byKind.set(r.kind, (list = []));
        list.push(ms);
        if (status < 200 || status >= 300) result.non2xx++;
        resolve([status, body]);
      };
      const req = http.request(
        {
          agent,
          hostname: base.hostname,
          port: base.port,
          method: r.method,
          path: r.path,
          headers: r.body ? { ...headers, 'content-length': Buffer.byteLength(r.body) } : headers,
          timeout: TIMEOUT_MS,
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => record(res.statusCode ?? 0, text));
          res.on('error', () => {
            result.errors++;
            resolve([0, '']);
          });
        },
      );
      req.on('timeout', () => {
        result.timeouts++;
        req.destroy(new Error('timeout'));
      });
      req.on('error', () => {
        result.errors++;
        resolve([0, '']);
      });
      req.end(r.body);
    });
  }

  async function runUser(user: PacedUser): Promise<void> {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
    agents.push(agent);
    const periodic = user.periodic;
    const heartbeat = periodic
      ? (async () => {
          await sleep(Math.random() * periodic.everyMs, stop.signal);
          while (!stop.signal.aborted) {
            const due = performance.now() + periodic.everyMs;
            await send(agent, user.headers, periodic.request());
            await sleep(Math.max(0, due - performance.now()), stop.signal);
          }
        })()
      : Promise.resolve();
    // start at a random point of the loop: a step chosen in proportion to the think time before it, part-way through
    // that think time
    const total = user.steps.reduce((a, s) => a + s.thinkMs, 0);
    let pick = Math.random() * total;
    let at = 0;
    while (pick > user.steps[(at + user.steps.length - 1) % user.steps.length]!.thinkMs) {
      pick -= user.steps[(at + user.steps.length - 1) % user.steps.length]!.thinkMs;
      at = (at + 1) % user.steps.length;
    }
    await sleep(
      Math.random() * think(user.steps[(at + user.steps.length - 1) % user.steps.length]!.thinkMs),
      stop.signal,
    );
    while (!stop.signal.aborted) {
      const step = user.steps[at]!;
      const [status, body] = await send(agent, user.headers, step.request());
      step.onAnswer?.(status, body);
      await sleep(think(step.thinkMs), stop.signal);
      at = (at + 1) % user.steps.length;
    }
    await heartbeat;
  }

  const running = users.map((u) => runUser(u));
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  stop.abort();
  await Promise.all(running);
  for (const a of agents) a.destroy();
  return result;
}

/** Exact percentile of sorted times, rounded to 0.1 ms. */
export function percentile(sorted: number[], p: number): number {
  return (
    Math.round((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0) * 10) / 10
  );
}
