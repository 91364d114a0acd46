/**
 * Where the server's time of one subject-list page change goes, statement by statement (numbers, not pass/fail):
 * the app built in this process on a timing wrapper of its database, the page changes of bench/subjectListBrowser.ts
 * asked through `app.inject` (no sockets), and per request shape the mean time of each statement (session, role,
 * menus, list definitions, scope, count, bookmarks, page) and of the whole request, then EXPLAIN ANALYZE of the page
 * query. Self times per statement, so that a loaded machine still shows the proportions.
 *
 * `npx tsx bench/listStatements.ts` (PGlite: a copy of .cache/bench-subjects-100000, which `npm run bench:server` builds);
 * `BENCH_DATABASE_URL=postgres://… npx tsx bench/listStatements.ts` (the schema `bench_subjects` bench:server seeds there).
 * STATEMENT_RUNS (20).
 */
import { cp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../server/core/app';
import type { Db } from '../server/core/db/db';
import { migrate } from '../server/core/db/migrate';
import { openDatabase } from '../server/core/db/open';
import { refreshPlannerStatistics } from '../server/core/db/ownerSplit';
import { subjectList } from '../engine/api/subjects';

const ROOT = new URL('..', import.meta.url).pathname;
const RUNS = Number(process.env.STATEMENT_RUNS ?? 20);
const PASSWORD = 'Bench#2026';
const SOURCE_DIR = path.join(ROOT, '.cache', 'bench-subjects-100000');
const pgUrl = process.env.BENCH_DATABASE_URL?.trim() || undefined;

interface Timing {
  sql: string;
  params: unknown[] | undefined;
  ms: number;
}
let log: Timing[] | null = null;

/** The database with every statement timed while `log` is set. */
function timed(db: Db): Db {
  const wrap = (inner: Db): Db => ({
    kind: inner.kind,
    async query<T>(sql: string, params?: unknown[]): Promise<T[]> {
      const t0 = performance.now();
      try {
        return await inner.query<T>(sql, params);
      } finally {
        log?.push({ sql, params, ms: performance.now() - t0 });
      }
    },
    exec: (sql) => inner.exec(sql),
    transaction: (fn) => inner.transaction((tx) => fn(wrap(tx))),
    close: () => inner.close(),
  });
  return wrap(db);
}

/** A short name of a statement: its first table after from/into/update, or its first words. */
function nameOf(sql: string): string {
  const flat = sql.replace(/\s+/g, ' ').trim();
  if (flat.startsWith('with page as')) return 'list page (keys, then rows)';
  if (/count\(\*\)/.test(flat)) return `count: ${/from (\w+)/.exec(flat)?.[1] ?? ''}`;
  if (/row_number\(\) over/.test(flat)) return 'bookmarks';
  // stop 27: the session statement reads the list's versions too (and the grants only when not kept)
  if (/from sessions s join users u/.test(flat)) return 'session (+ grants unless kept, list versions)';
  if (/data_versions/.test(flat) && /user_roles/.test(flat)) return 'list scope + data version';
  const table = /\b(?:from|into|update)\s+(\w+)/i.exec(flat)?.[1];
  return `${flat.split(' ')[0]} ${table ?? flat.slice(0, 40)}`;
}

let dataDir = '';
let raw: Db;
if (pgUrl) {
  const u = new URL(pgUrl);
  u.searchParams.set('options', '-c search_path=bench_subjects');
  raw = await openDatabase({ databaseUrl: u.toString(), dataDir: '' });
} else {
  if (!existsSync(SOURCE_DIR)) throw new Error(`no ${SOURCE_DIR}: run npm run bench:server once`);
  dataDir = path.join(ROOT, '.cache', `bench-statements-${process.pid}`);
  await cp(SOURCE_DIR, dataDir, { recursive: true });
  raw = await openDatabase({ dataDir });
}
// as the server does at start (a data directory built before the latest migrations)
if ((await migrate(raw)).length > 0) await refreshPlannerStatistics(raw);
const db = timed(raw);
const app = await buildApp({ db, logger: { level: 'error' }, dataDir: dataDir || path.join(ROOT, '.cache') });
await app.ready();

async function call(
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  token?: string,
): Promise<{ success: boolean; msg: string; data: unknown }> {
  const res = await app.inject({
    method,
    url,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { token } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
  return res.json();
}

async function loginAs(username: string, rolecode: string): Promise<string> {
  const front = await call('POST', '/login/front/login.do', { username, password: PASSWORD });
  if (!front.success) throw new Error(`login of ${username}: ${front.msg}`);
  const token = (front.data as { token: string }).token;
  await call('GET', '/edc/edcserver/login.do', undefined, token);
  const roles = (await call('GET', '/edc/edcserver/sitelist.do', undefined, token)).data as {
    roleid: string;
    rolecode: string;
    sites: { siteid: string; sitecode: string }[];
  }[];
  const role = roles.find((r) => r.rolecode === rolecode);
  const site = role?.sites.find((s) => s.sitecode === 'BJ01');
  if (!role || !site) throw new Error(`${username} holds no ${rolecode} at BJ01`);
  await call('POST', '/edc/edcserver/changeSiteRole.do', { roleid: role.roleid, siteid: site.siteid }, token);
  return token;
}

const FILTER = { status: ['2', '3'], enrolldateStart: '2025-01-01', enrolldateEnd: '2025-12-31' };
const SHAPES: [string, (run: number) => Record<string, unknown>][] = [
  ['next page from page 1', (run) => ({ page: 2 + (run % 2), size: 20 })],
  ['next page from page 1,000', (run) => ({ page: 1001 + (run % 2), size: 20 })],
  [
    'next page, sorted + filtered',
    (run) => ({ page: 2 + (run % 2), size: 20, orderByField: 'enrolldate', asc: false, ...FILTER }),
  ],
  [
    'sort change, filtered',
    (run) => ({ page: 1, size: 20, orderByField: 'enrolldate', asc: run % 2 === 0, ...FILTER }),
  ],
];

try {
  const token = await loginAs('dm.chen', 'DM');
  console.log(
    `\n${subjectList.path} on ${pgUrl ? 'PostgreSQL' : 'PGlite'}, dm.chen (DM, BJ01), ${RUNS} runs each`,
  );
  const pageQueries: [string, Timing][] = [];
  for (const [shape, params] of SHAPES) {
    // warm: the first request of a shape pays for the count and bookmarks (cached while the data stays the same)
    for (let i = 0; i < 3; i++) await call('POST', subjectList.path, params(i), token);
    const perStatement = new Map<string, { ms: number; n: number }>();
    const requests: number[] = [];
    let bytes = 0;
    // the process's CPU (PGlite runs in it): less inflated by other work on the machine than wall time
    const cpu0 = process.cpuUsage();
    for (let run = 0; run < RUNS; run++) {
      log = [];
      const t0 = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: subjectList.path,
        headers: { 'content-type': 'application/json', token },
        payload: JSON.stringify(params(run)),
      });
      requests.push(performance.now() - t0);
      bytes = res.rawPayload.length;
      for (const t of log) {
        const name = nameOf(t.sql);
        const entry = perStatement.get(name) ?? { ms: 0, n: 0 };
        entry.ms += t.ms;
        entry.n += 1;
        perStatement.set(name, entry);
        if (name.startsWith('list page') && run === 0) pageQueries.push([shape, t]);
      }
      log = null;
    }
    const cpu = process.cpuUsage(cpu0);
    requests.sort((a, b) => a - b);
    const statements = [...perStatement.values()].reduce((a, e) => a + e.ms, 0) / RUNS;
    console.log(
      `\n${shape}: request p50 ${requests[Math.floor(RUNS / 2)]!.toFixed(2)} ms (statements ${statements.toFixed(2)} ms, CPU ${((cpu.user + cpu.system) / 1000 / RUNS).toFixed(2)} ms), answer ${bytes} bytes`,
    );
    for (const [name, e] of [...perStatement.entries()].sort((a, b) => b[1].ms - a[1].ms)) {
      console.log(`  ${(e.ms / RUNS).toFixed(2).padStart(7)} ms  ${(e.n / RUNS).toFixed(1)}×  ${name}`);
    }
  }
  for (const [shape, t] of pageQueries) {
    const plan = await raw.query<Record<string, string>>(`explain analyze ${t.sql}`, t.params);
    console.log(`\nEXPLAIN ANALYZE, page query of "${shape}":`);
    for (const line of plan) console.log(`  ${Object.values(line)[0]}`);
  }
} finally {
  await app.close();
  await raw.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
