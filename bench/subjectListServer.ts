/**
 * Subject list on the reference server at 100,000 subjects (numbers, not pass/fail; target p95 ≤ 20 ms):
 * page 1, the last full page (size 20: page 1,666 at 33,335 subjects) and a sorted + filtered query, as crc.li (CRC)
 * and dm.chen (DM), both with BJ01 chosen (the scope is the chosen site: about 33,335 subjects), each ~50 times through real HTTP (keep-alive) on a server running
 * in its own process. Also a filtered query with a different filter every run (no cached total: the price of a new
 * search).
 *
 * `npm run bench:server` — PGlite in .cache/bench-subjects-100k (built once with the seed's --subjects generator,
 * reused while migrations and seed are unchanged). `BENCH_DATABASE_URL=postgres://… npm run bench:server` — the same
 * on PostgreSQL, in the schema `bench_subjects` of that database (created, and re-seeded when not as expected).
 * BENCH_SUBJECTS (100000), BENCH_RUNS (50), BENCH_PORT (8193).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { migrate } from '../server/core/db/migrate';
import { openDatabase } from '../server/core/db/open';
import { openPostgres } from '../server/core/db/postgres';
import { dropAll, isSeeded, seedDemo, seedSourceFiles } from '../server/seed/seed';
import { replaceSubjects, vacuumSubjects } from '../server/seed/subjects';

const ROOT = new URL('..', import.meta.url).pathname;
const SUBJECTS = Number(process.env.BENCH_SUBJECTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 8193);
const PASSWORD = 'Bench#2026';
const PG_SCHEMA = 'bench_subjects';
const pgUrl = process.env.BENCH_DATABASE_URL?.trim() || undefined;

/** Hash of what shapes the seeded database: migrations, seed data and code, the number of subjects. */
async function seedKey(): Promise<string> {
  const h = createHash('sha256');
  for (const f of await seedSourceFiles()) h.update(await readFile(f));
  return h.update(String(SUBJECTS)).digest('hex').slice(0, 16);
}

function schemaUrl(url: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${PG_SCHEMA}`);
  return u.toString();
}

async function seedInto(db: Awaited<ReturnType<typeof openDatabase>>): Promise<void> {
  const t0 = performance.now();
  await dropAll(db);
  await migrate(db);
  await seedDemo(db, { password: PASSWORD, subjects: 0 });
  await replaceSubjects(db, 'study-demo-001', SUBJECTS);
  await vacuumSubjects(db);
  console.log(`seeded ${SUBJECTS} subjects in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/** The database the server will use, built when missing or out of date; its environment for the server. */
async function prepareDatabase(): Promise<Record<string, string>> {
  const key = await seedKey();
  if (pgUrl) {
    const admin = await openPostgres(pgUrl, { max: 1 });
    await admin.exec(`create schema if not exists ${PG_SCHEMA}`);
    await admin.close();
    const url = schemaUrl(pgUrl);
    const db = await openDatabase({ databaseUrl: url, dataDir: '' });
    try {
      const marker = await db
        .query<{ key: string }>('select key from bench_seed_key')
        .catch(() => [] as { key: string }[]);
      if (marker[0]?.key !== key || !(await isSeeded(db))) {
        await seedInto(db);
        await db.exec(`create table bench_seed_key (key text); insert into bench_seed_key values ('${key}')`);
      } else console.log(`reusing ${SUBJECTS} subjects in PostgreSQL schema ${PG_SCHEMA}`);
    } finally {
      await db.close();
    }
    return { DATABASE_URL: url };
  }
  const dataDir = path.join(ROOT, '.cache', `bench-subjects-${SUBJECTS}`);
  const markerFile = path.join(dataDir, '..', `bench-subjects-${SUBJECTS}.key`);
  const marker = await readFile(markerFile, 'utf8').catch(() => '');
  if (marker !== key) {
    await rm(dataDir, { recursive: true, force: true });
    await mkdir(dataDir, { recursive: true });
    const db = await openDatabase({ dataDir });
    try {
      await seedInto(db);
    } finally {
      await db.close();
    }
    await writeFile(markerFile, key);
  } else console.log(`reusing ${SUBJECTS} subjects in ${path.relative(ROOT, dataDir)}`);
  return { DATA_DIR: dataDir };
}

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'server/main.ts'],
    {
      cwd: ROOT,
      env: { ...process.env, ...env, PORT: String(PORT), DEMO_PASSWORD: PASSWORD, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const t0 = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/edc/app/appversion.do`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (performance.now() - t0 > 120_000) throw new Error('server not ready after 120 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Envelope {
  success: boolean;
  msg: string;
  data: unknown;
}

async function post(pathname: string, body: unknown, token?: string): Promise<Envelope> {
  const res = await fetch(`http://127.0.0.1:${PORT}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope;
}

async function loginAs(username: string, rolecode: string, sitecode: string): Promise<string> {
  const front = await post('/login/front/login.do', { username, password: PASSWORD });
  if (!front.success) throw new Error(`login of ${username}: ${front.msg}`);
  const token = (front.data as { token: string }).token;
  await fetch(`http://127.0.0.1:${PORT}/edc/edcserver/login.do`, { headers: { token } });
  const res = await fetch(`http://127.0.0.1:${PORT}/edc/edcserver/sitelist.do`, { headers: { token } });
  const roles = ((await res.json()) as Envelope).data as {
    roleid: string;
    rolecode: string;
    sites: { siteid: string; sitecode: string }[];
  }[];
  const role = roles.find((r) => r.rolecode === rolecode);
  const site = role?.sites.find((s) => s.sitecode === sitecode);
  if (!role || !site) throw new Error(`${username} holds no ${rolecode} at ${sitecode}`);
  const chosen = await post(
    '/edc/edcserver/changeSiteRole.do',
    { roleid: role.roleid, siteid: site.siteid },
    token,
  );
  if (!chosen.success) throw new Error(`changeSiteRole of ${username}: ${chosen.msg}`);
  return token;
}

interface Row {
  who: string;
  query: string;
  total: number;
  rows: number;
  firstMs: number;
  p50: number;
  p95: number;
  maxMs: number;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

async function measure(
  who: string,
  token: string,
  query: string,
  params: (run: number) => Record<string, unknown>,
): Promise<Row> {
  const times: number[] = [];
  let total = 0;
  let rows = 0;
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    const res = await post('/edc/subject/subjectlist.do', params(run), token);
    times.push(performance.now() - t0);
    if (!res.success) throw new Error(`${who} ${query}: ${res.msg} ${JSON.stringify(res)}`);
    const data = res.data as { total: number; list: unknown[] };
    total = data.total;
    rows = data.list.length;
  }
  const firstMs = times[0] ?? 0;
  const sorted = [...times].sort((a, b) => a - b);
  return {
    who,
    query,
    total,
    rows,
    firstMs,
    p50: pct(sorted, 0.5),
    p95: pct(sorted, 0.95),
    maxMs: sorted.at(-1) ?? 0,
  };
}

const SORTED_FILTERED = {
  page: 1,
  size: 20,
  orderByField: 'enrolldate',
  asc: false,
  status: ['2', '3'],
  enrolldateStart: '2025-01-01',
  enrolldateEnd: '2025-12-31',
};

function isoDay(offset: number): string {
  return new Date(Date.UTC(2024, 0, 1 + offset)).toISOString().slice(0, 10);
}

const server = await startServer(await prepareDatabase());
try {
  const results: Row[] = [];
  for (const [who, role] of [
    ['crc.li', 'CRC'],
    ['dm.chen', 'DM'],
  ] as const) {
    const token = await loginAs(who, role, 'BJ01');
    // warm the server process (JIT, connections) on other query shapes, so that `first` is the cold cache only
    for (let i = 0; i < 30; i++) {
      await post(
        '/edc/subject/subjectlist.do',
        { page: 2 + (i % 3), size: 50, orderByField: 'age', asc: i % 2 === 0 },
        token,
      );
    }
    const first = await measure(who, token, 'page 1', () => ({ page: 1, size: 20 }));
    results.push(first);
    // the deepest page with 20 rows: as deep as the scope goes (page 2,500 would be past the end of one site)
    const lastFull = Math.max(1, Math.floor(first.total / 20));
    results.push(
      await measure(who, token, `last full page (${lastFull.toLocaleString('en')})`, () => ({
        page: lastFull,
        size: 20,
      })),
    );
    results.push(await measure(who, token, 'sorted + filtered', () => SORTED_FILTERED));
    results.push(
      await measure(who, token, 'filtered, new filter each run', (run) => ({
        page: 1,
        size: 20,
        orderByField: 'age',
        asc: true,
        status: ['2', '3', '4'],
        enrolldateStart: isoDay(run * 3),
      })),
    );
  }
  const db = pgUrl ? `PostgreSQL (schema ${PG_SCHEMA})` : 'PGlite';
  console.log(
    `\nsubject/subjectlist.do, ${SUBJECTS} subjects, ${db}, ${RUNS} runs each (ms, HTTP round trip)\n`,
  );
  console.log(
    ['user', 'query', 'total', 'rows', 'first', 'p50', 'p95', 'max']
      .map((h, i) => (i < 2 ? h.padEnd(i === 0 ? 8 : 30) : h.padStart(7)))
      .join(' '),
  );
  for (const r of results) {
    console.log(
      [
        r.who.padEnd(8),
        r.query.padEnd(30),
        String(r.total).padStart(7),
        String(r.rows).padStart(7),
        ...[r.firstMs, r.p50, r.p95, r.maxMs].map((n) => n.toFixed(1).padStart(7)),
      ].join(' '),
    );
  }
  console.log(`\n${JSON.stringify({ database: db, subjects: SUBJECTS, runs: RUNS, results })}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
}
