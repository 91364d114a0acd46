/**
 * Where a server process's CPU time went, from the `.cpuprofile` files `node --cpu-prof` writes on exit
 * (bench/load.ts --profile): self time per function and per package or source folder, as shares of the busy time
 * (idle excluded). Shares, not milliseconds: on a shared machine only the proportions mean something.
 */
import { readFile } from 'node:fs/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  endTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The package (node_modules/<name>), the project folder (server/core/http …) or a V8 pseudo-frame of a frame. */
export function frameGroup(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  const own = /\/(server|engine|bench)\/(.*)\/[^/]+$/.exec(url);
  if (own) return `${own[1]}/${own[2]!.split('/').slice(0, 2).join('/')}`;
  return url.replace(/^file:\/\//, '');
}

function shortUrl(url: string): string {
  const pkg = /node_modules\/(.*)$/.exec(url);
  if (pkg) return pkg[1]!;
  const own = /\/((?:server|engine|bench)\/.*)$/.exec(url);
  return own ? own[1]! : url.replace(/^node:/, '');
}

function table(title: string, rows: [string, number][], busy: number, top: number): string {
  const lines = [`${title}`, '| share of busy CPU | where |', '| --- | --- |'];
  for (const [name, us] of rows.sort((a, b) => b[1] - a[1]).slice(0, top)) {
    lines.push(`| ${((100 * us) / busy).toFixed(1)} % | ${name} |`);
  }
  return lines.join('\n');
}

/**
 * A Markdown summary of the profiles (one per server process), merged. `lastMs`: only the samples of the process's
 * last `lastMs` milliseconds (the load, not the start-up with its transpiling, migrating and seeding).
 */
export async function summariseProfiles(files: string[], lastMs = Infinity): Promise<string> {
  const byFunction = new Map<string, number>();
  const byGroup = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const file of files) {
    const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    // sample times, counted back from the end
    const at: number[] = [];
    let t = profile.endTime;
    for (let i = profile.samples.length - 1; i >= 0; i--) {
      at[i] = t;
      t -= profile.timeDeltas[i] ?? 0;
    }
    const from = profile.endTime - lastMs * 1000;
    for (const [i, id] of profile.samples.entries()) {
      if (at[i]! < from) continue;
      const us = profile.timeDeltas[i] ?? 0;
      const frame = nodes.get(id)?.callFrame;
      if (!frame) continue;
      total += us;
      if (frame.functionName === '(idle)') {
        idle += us;
        continue;
      }
      const fn = `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
      const group = frameGroup(frame.url, frame.functionName);
      byGroup.set(group, (byGroup.get(group) ?? 0) + us);
    }
  }
  const busy = total - idle;
  if (busy <= 0) return 'cpu profile: no samples';
  return [
    `cpu profile: ${files.length} profiles (the server processes and their module-loader threads), ${(busy / 1e6).toFixed(1)} s busy, ` +
      `${((100 * idle) / total).toFixed(0)} % of the sampled time idle`,
    '',
    table('self time by package or folder', [...byGroup], busy, 20),
    '',
    table('self time by function', [...byFunction], busy, 25),
  ].join('\n');
}
