/** Summaries of a CDP CPU profile and a Chromium trace (bench/builderProfile.ts). */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const frameName = (n: ProfileNode) => {
  const { functionName, url, lineNumber } = n.callFrame;
  const file =
    url
      .split('/')
      .pop()
      ?.replace(/-[\w-]{8}\.js$/, '') ?? '';
  return `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
};

/** Self and total milliseconds per function (total counted once per sample however deep the recursion). */
export function summariseCpuProfile(profile: CpuProfile, top = 40) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let all = 0;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const node = byId.get(id)!;
    const name = frameName(node);
    all += ms;
    if (node.callFrame.functionName === '(idle)') {
      idle += ms;
      return;
    }
    self.set(name, (self.get(name) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const n = frameName(byId.get(at)!);
      if (seen.has(n)) continue;
      seen.add(n);
      total.set(n, (total.get(n) ?? 0) + ms);
    }
  });
  const busy = all - idle;
  const rows = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(
        ([name, ms]) =>
          `${ms.toFixed(1).padStart(8)} ms ${((100 * ms) / busy).toFixed(1).padStart(5)} %  ${name}`,
      )
      .join('\n');
  return `recorded ${all.toFixed(0)} ms, busy ${busy.toFixed(0)} ms (idle ${idle.toFixed(0)} ms)\n\n-- self --\n${rows(self)}\n\n-- total --\n${rows(total)}`;
}

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time (what the load of the machine distorts least). */
  tdur?: number;
  tid: number;
  pid: number;
  cat: string;
  args?: { data?: Record<string, unknown>; name?: string };
}

/**
 * The renderer main thread's CPU time per key: each event's self time (its thread time less its children's), summed by
 * name in the window from one keydown to the next; the median key's window and the median of each name.
 */
export function summariseTrace(events: TraceEvent[]) {
  const thread = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!thread) return 'no renderer main thread in the trace';
  const main = events
    .filter((e) => e.ph === 'X' && e.pid === thread.pid && e.tid === thread.tid && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const keys = main
    .filter(
      (e) =>
        e.name === 'EventDispatch' && (e.args?.data as { type?: string } | undefined)?.type === 'keydown',
    )
    .map((e) => e.ts);
  const self = new Map<TraceEvent, number>();
  const stack: TraceEvent[] = [];
  for (const e of main) {
    while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur! <= e.ts) stack.pop();
    const parent = stack.at(-1);
    const cpu = e.tdur ?? e.dur!;
    if (parent) self.set(parent, (self.get(parent) ?? 0) - cpu);
    self.set(e, (self.get(e) ?? 0) + cpu);
    stack.push(e);
  }
  const windows = keys.map(() => new Map<string, number>());
  let k = 0;
  for (const e of main) {
    while (k + 1 < keys.length && e.ts >= keys[k + 1]!) k++;
    if (e.ts < keys[0]! || (k === keys.length - 1 && e.ts > keys[k]! + 200_000)) continue;
    const w = windows[k]!;
    w.set(e.name, (w.get(e.name) ?? 0) + self.get(e)! / 1000);
  }
  const totals = windows.map((w) => [...w.values()].reduce((a, b) => a + b, 0));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const names = new Set(windows.flatMap((w) => [...w.keys()]));
  const rows = [...names]
    .map((name) => ({
      name,
      median: median(windows.map((w) => w.get(name) ?? 0)),
      sum: windows.reduce((a, w) => a + (w.get(name) ?? 0), 0),
    }))
    .filter((r) => r.sum >= 1)
    .sort((a, b) => b.sum - a.sum)
    .slice(0, 25);
  return `${keys.length} keys; main-thread CPU per key (keydown to next keydown): median ${median(totals).toFixed(1)} ms, sorted ${totals
    .map((t) => t.toFixed(0))
    .sort((a, b) => Number(a) - Number(b))
    .join(' ')}\n  self ms: median per key / all keys\n${rows
    .map((r) => `${r.median.toFixed(2).padStart(8)} ${r.sum.toFixed(0).padStart(7)}  ${r.name}`)
    .join('\n')}`;
}
