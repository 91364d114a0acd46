/**
 * Who uses the CPU during a load level (bench/load.ts --cpu): CPU seconds (user + system) of each process of the run,
 * read from /proc/<pid>/stat before and after the measured window, and of the whole machine from /proc/stat. Linux
 * only. CPU seconds per request are what a shared, loaded machine inflates least: a process waiting for a core
 * accrues none.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

/** Clock ticks per second of /proc's times (`getconf CLK_TCK`, 100 on Linux). */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of one process in seconds (all its threads); null when it is gone. */
export function processCpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name (field 2) may hold spaces and parentheses: count fields from the last ')'
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state): utime is field 14, stime field 15
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** Busy and total CPU seconds of the whole machine (all cores) from /proc/stat. */
export function machineCpuSeconds(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is already inside user)
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: (total - idle) / TICKS_PER_SECOND, total: total / TICKS_PER_SECOND };
}

/** The PostgreSQL cluster's own processes (checkpointer, WAL writer …): `postgres: <cluster>: <role>`. */
export function postgresBackgroundPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (
        /^postgres: [^:]+: (checkpointer|background writer|walwriter|autovacuum launcher|logical replication launcher|stats collector|archiver)/.test(
          cmd,
        )
      )
        pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** A group of processes measured together (e.g. every PostgreSQL backend of the run). */
export interface CpuGroup {
  name: string;
  /** The group's pids now (asked at the start and again at the end: backends may start meanwhile). */
  pids(): Promise<number[]> | number[];
}

export interface CpuShare {
  name: string;
  processes: number;
  cpuSeconds: number;
  /** CPU milliseconds per request of the window. */
  msPerRequest: number;
  /** Share of the machine's busy CPU over the window. */
  shareOfBusy: number;
}

export interface CpuReport {
  windowSeconds: number;
  cores: number;
  machineBusySeconds: number;
  shares: CpuShare[];
  requests: number;
}

export interface CpuWindow {
  /** Ends the window: CPU per group over it, per request. */
  stop(requests: number): Promise<CpuReport>;
}

/** Starts measuring `groups`; a process that appears during the window counts from zero, one that ends is lost. */
export async function startCpuWindow(groups: CpuGroup[], cores: number): Promise<CpuWindow> {
  // the processes are listed first (the backends' list is a query, slow under load); the window then starts with
  // every baseline read at once, and the caller counts requests from when this resolves
  const pidLists = await Promise.all(groups.map((g) => g.pids()));
  const startedAt = Date.now();
  const machineBefore = machineCpuSeconds();
  const before = pidLists.map((pids) => new Map(pids.map((pid) => [pid, processCpuSeconds(pid) ?? 0])));
  return {
    async stop(requests) {
      // the window ends now: the machine and every process known at its start are read at once, and only then are the
      // processes listed again (a query, slow under load) for any that appeared during the window
      const machineAfter = machineCpuSeconds();
      const windowSeconds = (Date.now() - startedAt) / 1000;
      const knownAfter = before.map(
        (m) => new Map([...m.keys()].map((pid) => [pid, processCpuSeconds(pid)])),
      );
      const pidsAfter = await Promise.all(groups.map((g) => g.pids()));
      const busy = machineAfter.busy - machineBefore.busy;
      const shares = groups.map((g, i) => {
        let seconds = 0;
        const pids = new Set([...before[i]!.keys(), ...pidsAfter[i]!]);
        for (const pid of pids) {
          const now = knownAfter[i]!.has(pid) ? knownAfter[i]!.get(pid)! : processCpuSeconds(pid);
          if (now !== null) seconds += now - (before[i]!.get(pid) ?? 0);
        }
        return {
          name: g.name,
          processes: pids.size,
          cpuSeconds: Math.round(seconds * 100) / 100,
          msPerRequest: requests ? Math.round((seconds * 1000 * 100) / requests) / 100 : 0,
          shareOfBusy: busy ? Math.round((seconds / busy) * 1000) / 10 : 0,
        };
      });
      const ours = shares.reduce((a, s) => a + s.cpuSeconds, 0);
      shares.push({
        name: 'everything else on the machine',
        processes: 0,
        cpuSeconds: Math.round((busy - ours) * 100) / 100,
        msPerRequest: requests ? Math.round(((busy - ours) * 1000 * 100) / requests) / 100 : 0,
        shareOfBusy: busy ? Math.round(((busy - ours) / busy) * 1000) / 10 : 0,
      });
      return {
        windowSeconds: Math.round(windowSeconds * 10) / 10,
        cores,
        machineBusySeconds: Math.round(busy * 100) / 100,
        shares,
        requests,
      };
    },
  };
}

/** The report as a Markdown table (docs/load.md). */
export function cpuMarkdown(title: string, r: CpuReport): string {
  const idle = r.windowSeconds * r.cores - r.machineBusySeconds;
  return [
    `${title}: ${r.requests.toLocaleString('en-US')} requests in ${r.windowSeconds} s; the machine's ${r.cores} cores ` +
      `were busy ${r.machineBusySeconds} CPU s of ${Math.round(r.windowSeconds * r.cores * 10) / 10} ` +
      `(idle ${Math.round(Math.max(0, idle) * 10) / 10} s)`,
    '',
    '| process | processes | CPU s | CPU ms per request | share of busy CPU |',
    '| --- | --- | --- | --- | --- |',
    ...r.shares.map(
      (s) =>
        `| ${s.name} | ${s.processes || '—'} | ${s.cpuSeconds} | ${s.msPerRequest} | ${s.shareOfBusy} % |`,
    ),
  ].join('\n');
}
