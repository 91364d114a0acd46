/**
 * The phases of one request, for a `Server-Timing` header (routes declared with `serverTiming`: the list rows routes):
 * the browser shows them beside the request in its developer tools and Resource Timing, so that a slow page change
 * can be split into the server's phases and the rest (bench/subjectListBrowser.ts prints them). Durations only: no
 * value of the request or the database is written.
 */
export interface ServerTiming {
  /** Ends the phase that ran since the previous mark (or the start of the request) under `phase`. */
  mark(phase: string): void;
  /** The header's value: every phase in order, then `total`; `name;dur=1.2, …`. */
  header(): string;
}

/** A phase name as the header's grammar takes it (a token). */
const TOKEN = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

export function startServerTiming(now: () => number = () => performance.now()): ServerTiming {
  const start = now();
  let last = start;
  const phases: [string, number][] = [];
  return {
    mark(phase) {
      if (!TOKEN.test(phase)) throw new Error(`Server-Timing phase not a token: ${phase}`);
      const at = now();
      phases.push([phase, at - last]);
      last = at;
    },
    header() {
      const all = [...phases, ['total', now() - start] as [string, number]];
      return all.map(([name, ms]) => `${name};dur=${ms.toFixed(2)}`).join(', ');
    },
  };
}
