/**
 * `npm run bench:load [-- --users 50,200 --mode paced,closed --seconds 15 --paced-seconds 60 --think 1 --warmup 10
 * --settle 3 --instances 2 --pool 10 --volume 6000 --cpu --profile .cache/cpu --source]`: the reference server under
 * many users, over real HTTP. Each user is a CRC at BJ01 with a session of its own and loops over subject list → open
 * an AE form (datainfo.do) → save a new AE line (savedata.do, a fresh idempotency key), with the heartbeat. Two
 * readings of "N users" (docs/load.md):
 * - `paced` (bench/support/pacedLoad.ts): users as users — think time after each step (means: list 5 s, form open 20 s
 *   of typing, save 5 s, each drawn from 50–150 %; `--think` scales them) and the heartbeat every 10 s on its own
 *   timer: latency as users feel it, `--paced-seconds` per level;
 * - `closed` (autocannon): each user fires its next request as soon as the previous answers, no think time and the
 *   heartbeat as a fourth step: the server's capacity (requests/s at saturation and the latency there), `--seconds` per
 *   level. Reports requests/s, p50/p95/p99 latency, errors (non-2xx, timeouts) and lost writes (acknowledged saves
 *   minus the AE rows the database holds afterwards), and prints the table as Markdown for docs/load.md. `--cpu`: CPU
 *   seconds of every process of the run over each level's window (/proc, bench/support/procCpu.ts), per request.
 *
 * PostgreSQL (DATABASE_URL, with MIGRATION_DATABASE_URL for the owner/app split): the deployment shape. A fresh schema
 * per run (dropped afterwards, `--keep` keeps it); `--instances` server processes (the compiled server with the Node
 * flags of `npm run serve:compiled`, built at the start of the run; `--source`: server/main.ts through tsx — the first
 * migrates and seeds as the owner) behind a load balancer in a process of its own, which the users hit: HAProxy (one
 * queue for all instances) where installed, else nginx (`least_conn`), else bench/support/proxy.ts (`--proxy`). The
 * servers trust the balancer's address only (TRUST_PROXY); the users log in through it, each from a loopback address of
 * its own, so the per-address login limits apply per user as in production. After the warm-up the run's tables are
 * analysed (the seed's statistics describe a few dozen records), and each level reports autovacuum's vacuums and
 * analyses of them that finished while it was measured. `--profile <dir>` runs the servers with `node --cpu-prof`
 * and prints where their CPU time went (bench/support/cpuProfile.ts).
 *
 * Without DATABASE_URL: PGlite (the tests' snapshot) in this process, one instance, no proxy (PGlite is one process's
 * embedded database: it cannot be shared by instances).
 */
import { LOAD_AE_VALUES, LOAD_FORM, LOAD_USER } from '../server/test/statementCount';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { interrupted, onInterrupt, ownChild, signalChildren } from './support/childProcesses';
import { haproxyBinary, startHaproxy } from './support/haproxyProxy';
import { nginxBinary, startNginx } from './support/nginxProxy';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Request as CannonRequest, Result as CannonResult } from 'autocannon';
import { serverPath, type EndpointDef } from '../engine/api/endpoint';
import { dataInfo, saveData } from '../engine/api/data';
import { changeSiteRole, heartBeat, login, loginFront } from '../engine/api/session';
import { subjectList } from '../engine/api/subjects';
import type { Db } from '../server/core/db/db';
import { openPostgres } from '../server/core/db/postgres';
import { readEnv } from '../server/core/env';
import { loggerOptions } from '../server/core/logging';
import { TEST_HOST, startHarness } from '../server/test/harness';
import { summariseProfiles } from './support/cpuProfile';
import { addStudyVolume, type StudyVolume } from './support/studyVolume';
import { percentile, runPaced, type PacedRequest, type PacedUser } from './support/pacedLoad';
import {
  cpuMarkdown,
  postgresBackgroundPids,
  startCpuWindow,
  type CpuGroup,
  type CpuWindow,
  type CpuReport,
} from './support/procCpu';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

const USER_COUNTS = option('users', '50,200').split(',').map(Number);
const MODES = option('mode', 'paced,closed').split(',') as Mode[];
const SECONDS = Number(option('seconds', '15'));
const PACED_SECONDS = Number(option('paced-seconds', '60'));
/** Closed-loop load before the first level, not measured: JIT, pools, PostgreSQL backends and their caches warm. */
const WARMUP_SECONDS = Number(option('warmup', '10'));
/**
 * The first seconds of each closed level, not measured: the level's generator starts with new connections and every
 * user's first request at once, a burst that no steady load has (a busy Node process accepts one new connection per
 * turn of its event loop: up to ~750 ms on PostgreSQL, ~4 s on PGlite; docs/load.md "Stop 32"). The level measures
 * once these seconds have passed and every user has had an answer, on the same connections; its errors, timeouts and
 * lost writes still count the whole run. 0: measure from the first answer (as before stop 32).
 */
const SETTLE_SECONDS = Number(option('settle', '3'));
/** How much longer than --settle a level waits for every user's first answer before it measures anyway. */
const SETTLE_CAP_SECONDS = 30;
if (!Number.isFinite(SETTLE_SECONDS) || SETTLE_SECONDS < 0)
  throw new Error(`--settle: a number of seconds, 0 or more (got ${option('settle', '3')})`);
/** Scales every think time of the paced mode (0.5: users twice as quick). */
const THINK_SCALE = Number(option('think', '1'));
const CPU = process.argv.includes('--cpu');
const INSTANCES = Number(option('instances', '1'));
const POOL = option('pool', '');
/** Each run's profiles in a folder of their own. */
const PROFILE_DIR = option('profile', '') && path.join(option('profile', ''), `run-${Date.now()}`);
const KEEP = process.argv.includes('--keep');
/**
 * --volume <subjects>: before the users log in, the study is given that many more subjects (in sites of 50, copies of
 * BJ01's seeded subjects with all their records, audit rows, coding terms and save requests: bench/support/
 * studyVolume.ts), so that the run measures a study under way, not the demo seed. 0 (the default): the seed as it is.
 */
const VOLUME = Number(option('volume', '0'));
if (!Number.isSafeInteger(VOLUME) || VOLUME < 0)
  throw new Error(`--volume: a whole number of subjects, 0 or more (got "${option('volume', '0')}")`);
const TRACE = option('trace', '');
/**
 * The servers as production runs them (`npm run serve:compiled`): the compiled server (built at the start of the run,
 * scripts/buildServer.ts) with the same Node flags; `--source` runs server/main.ts through tsx instead.
 */
const COMPILED = !process.argv.includes('--source');
/** Node's young generation of 32 MB per semi-space (package.json serve:compiled, docs/deploy-instances.md). */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];
/**
 * The load balancer: `haproxy` (default where installed: one queue for all instances), `nginx` (`least_conn`: a queue
 * per instance; the default where HAProxy is missing) or `node` (bench/support/proxy.ts).
 */
const PROXY = option('proxy', haproxyBinary() ? 'haproxy' : nginxBinary() ? 'nginx' : 'node');
if (!['haproxy', 'nginx', 'node'].includes(PROXY))
  throw new Error(`--proxy ${PROXY}: haproxy, nginx or node`);
const ROOT = path.resolve(import.meta.dirname, '..');
/** The proxy connects to the instances from this address; they trust it alone. */
const PROXY_ADDRESS = '127.0.0.2';
const LOAD_PASSWORD = 'Load#bench-2026';
const CORES = os.availableParallelism();

type Mode = 'paced' | 'closed';

/** Mean think times of the paced mode (ms), before `--think`: what a CRC does between two requests. */
const THINK = {
  /** reading the subject list, choosing the subject and visit */
  afterList: 5_000,
  /** typing an AE line (term, dates, severity, seriousness, causality, outcome …) */
  afterOpen: 20_000,
  /** reading the saved form's answer (item states, any query raised) before going back to the list */
  afterSave: 5_000,
  /** the browser's heartbeat period (README, spec §8) */
  heartbeat: 10_000,
};

interface SimUser {
  token: string;
  subjectid: string;
}

/** What the load runs against: the URL autocannon hits, a connection to count rows, and how users log in. */
interface Deployment {
  label: string;
  url: string;
  db: Db;
  /** A CRC session at BJ01 for `username` (already in the database); `index` tells the user apart. */
  loginAs(username: string, index: number): Promise<string>;
  close(): Promise<void>;
  /** When the server processes had exited (Date.now()), once closed. */
  stoppedAt?: number;
  /** The processes whose CPU --cpu measures. */
  cpuGroups: CpuGroup[];
  /**
   * ANALYZE of the run's tables. The seed leaves a few dozen form records and the warm-up adds thousands: plans cached
   * on the seed's statistics (a table of 24 rows) would otherwise be measured until autovacuum's first pass.
   */
  refreshStatistics(): Promise<void>;
  /** PostgreSQL: how many times autovacuum has vacuumed and analysed the run's tables so far (all tables summed). */
  autovacuumCounts?(): Promise<Autovacuumed>;
  /** --volume: `subjects` more subjects with their data, as the schema's owner (studyVolume.ts). */
  addVolume(subjects: number): Promise<StudyVolume>;
}

/** Autovacuum's vacuums and analyses of the run's tables (PostgreSQL's cumulative statistics). */
interface Autovacuumed {
  vacuumed: number;
  analyzed: number;
  /** By table: how many of each (a reading: so far; autovacuumDuring: in between, the tables it touched only). */
  tables: Record<string, { vacuumed: number; analyzed: number }>;
}

/** What autovacuum did between two readings of autovacuumCounts. */
async function autovacuumDuring(
  start: Promise<Autovacuumed> | undefined,
  end: Promise<Autovacuumed> | undefined,
): Promise<Autovacuumed | undefined> {
  if (!start || !end) return undefined;
  const [a, b] = await Promise.all([start, end]);
  const tables: Autovacuumed['tables'] = {};
  for (const [name, after] of Object.entries(b.tables)) {
    const before = a.tables[name] ?? { vacuumed: 0, analyzed: 0 };
    const did = { vacuumed: after.vacuumed - before.vacuumed, analyzed: after.analyzed - before.analyzed };
    if (did.vacuumed > 0 || did.analyzed > 0) tables[name] = did;
  }
  return { vacuumed: b.vacuumed - a.vacuumed, analyzed: b.analyzed - a.analyzed, tables };
}

/** `form_records (analysed 1, vacuumed 1), sessions (vacuumed 2)`. */
function autovacuumedTables(a: Autovacuumed): string {
  return Object.entries(a.tables)
    .map(([name, t]) => {
      const did = [t.analyzed ? `analysed ${t.analyzed}` : '', t.vacuumed ? `vacuumed ${t.vacuumed}` : ''];
      return `${name} (${did.filter(Boolean).join(', ')})`;
    })
    .join(', ');
}

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL: server processes behind the proxy

interface Instance {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
}

/** `url` with every connection's search_path set to `schema`. */
function inSchema(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

/** `url` with the connections named `name` (pg_stat_activity.application_name). */
function withApplicationName(url: string, name: string): string {
  const u = new URL(url);
  u.searchParams.set('application_name', name);
  return u.toString();
}

/** Starts server/main.ts and resolves once it prints its URL. */
function startInstance(env: Record<string, string>, name: string): Promise<Instance> {
  const nodeArgs = [...SERVER_NODE_FLAGS, ...(COMPILED ? [] : ['--import', 'tsx'])];
  if (PROFILE_DIR) nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`);
  const main = COMPILED ? 'dist-server/server/main.mjs' : 'server/main.ts';
  return startProcess([...nodeArgs, main], env, name, /http:\/\/localhost:(\d+)\/edcweb\//);
}

/** Starts a Node script and resolves once its output shows `listening` (group 1: the port). */
function startProcess(
  args: string[],
  env: Record<string, string>,
  name: string,
  listening: RegExp,
): Promise<Instance> {
  const child = ownChild(
    spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 180 s:\n${out}`)), 180_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const port = listening.exec(out)?.[1];
      if (port) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        resolve({ child, url: `http://127.0.0.1:${port}`, exited });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => process.stderr.write(`[${name}] ${d.toString()}`));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code} before it started:\n${out}`));
    });
  });
}

interface Answer {
  status: number;
  body: { success: boolean; msg: string; data?: unknown };
}

/** One call of a contract endpoint over HTTP, from `localAddress`. */
function call(
  base: string,
  def: EndpointDef<never, unknown>,
  params: Record<string, string>,
  token: string | null,
  localAddress: string,
): Promise<Answer> {
  const inQuery = def.method === 'GET' || def.method === 'DELETE';
  const query = new URLSearchParams({ ...(inQuery ? params : {}), time: String(Date.now()) });
  const payload = inQuery ? undefined : JSON.stringify(params);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${serverPath(def)}?${query.toString()}`,
      {
        method: def.method,
        localAddress,
        headers: {
          locale: 'en',
          ...(token ? { token } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Answer['body'] });
          } catch {
            reject(new Error(`${serverPath(def)}: ${res.statusCode} ${text.slice(0, 200)}`));
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function postgresDeployment(appUrl: string, ownerUrl: string | undefined): Promise<Deployment> {
  const schema = `scale_load_${randomBytes(4).toString('hex')}`;
  const admin = await openPostgres(ownerUrl ?? appUrl, { max: 1 });
  await admin.exec(`create schema ${schema}`);
  const instances: Instance[] = [];
  let db: Db | null = null;
  let stoppedAt: number | undefined;
  let stopProxy: (() => Promise<void>) | null = null;
  let closing: Promise<void> | null = null;
  // the servers, the balancer and the schema, once: at the run's end or on a signal (childProcesses.ts). It stays
  // registered until it is done, so that a signal during a normal close waits for the same promise
  const close = () =>
    (closing ??= (async () => {
      await stopProxy?.();
      // the servers, and any still starting (the first migrates and seeds in a transaction on the schema)
      signalChildren('SIGTERM');
      await Promise.all(instances.map((i) => i.exited));
      stoppedAt = Date.now();
      await db?.close();
      // what the owner still has open on the schema (an interrupted --volume's transaction) holds the drop
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where application_name = $1 and usename = current_user and pid <> pg_backend_pid()`,
        [schema],
      );
      if (KEEP) console.log(`schema ${schema} kept`);
      else await admin.exec(`drop schema if exists ${schema} cascade`);
      await admin.close();
      forgetInterrupt();
    })());
  const forgetInterrupt = onInterrupt(close);
  try {
    if (PROFILE_DIR) await mkdir(PROFILE_DIR, { recursive: true });
    const env: Record<string, string> = {
      PORT: '0',
      HOST: '127.0.0.1',
      TRUST_PROXY: PROXY_ADDRESS,
      LOG_LEVEL: 'error',
      DEMO_PASSWORD: LOAD_PASSWORD,
      // the servers' connections carry the run's name: --cpu finds their backends in pg_stat_activity
      DATABASE_URL: withApplicationName(inSchema(appUrl, schema), schema),
      MIGRATION_DATABASE_URL: ownerUrl ? inSchema(ownerUrl, schema) : '',
      ...(POOL ? { DB_POOL_SIZE: POOL } : {}),
    };
    // one after the other: the first migrates and seeds, the others find the study there
    for (let i = 0; i < INSTANCES; i++) instances.push(await startInstance(env, `instance ${i + 1}`));
    const servers = instances.slice(0, INSTANCES);
    // the load balancer in a process of its own (its CPU apart from the load generator's), as a deployment runs it
    // (docs/deploy-instances.md): HAProxy or nginx where installed, else the Node proxy (bench/support/proxy.ts)
    const haproxy = PROXY === 'haproxy' ? haproxyBinary() : null;
    if (PROXY === 'haproxy' && !haproxy)
      throw new Error('--proxy haproxy: HAProxy is not installed (apt-get install -y haproxy)');
    const nginx = PROXY === 'nginx' ? nginxBinary() : null;
    if (PROXY === 'nginx' && !nginx)
      throw new Error('--proxy nginx: nginx is not installed (apt-get install -y nginx-light)');
    let proxy: { url: string; name: string; pids: () => Promise<number[]> | number[] };
    if (haproxy) {
      // each instance is given as many requests as its admission gate lets work at once (as the servers read it from
      // the same environment); the rest wait at HAProxy
      const gate = readEnv({ ...process.env, ...env }).maxActiveRequests;
      const h = await startHaproxy(
        haproxy,
        servers.map((i) => i.url),
        PROXY_ADDRESS,
        gate > 0 ? gate : 1_000,
      );
      stopProxy = () => h.close();
      proxy = { url: h.url, name: 'HAProxy, one queue', pids: () => [h.child.pid!] };
    } else if (nginx) {
      const n = await startNginx(
        nginx,
        servers.map((i) => i.url),
        PROXY_ADDRESS,
      );
      stopProxy = () => n.close();
      proxy = { url: n.url, name: 'nginx, least_conn', pids: () => n.workerPids() };
    } else {
      const node = await startProcess(
        ['--import', 'tsx', 'bench/support/proxyMain.ts', PROXY_ADDRESS, ...servers.map((i) => i.url)],
        {},
        'proxy',
        /proxy listening on http:\/\/127\.0\.0\.1:(\d+)/,
      );
      instances.push(node);
      proxy = { url: node.url, name: 'the Node proxy', pids: () => [node.child.pid!] };
    }
    db = await openPostgres(inSchema(appUrl, schema), { max: 2 });
    const counting = db;
    const roles = await db.query<{ roleid: string; siteid: string }>(
      `select r.id as roleid, s.id as siteid from roles r, sites s where r.rolecode = 'CRC' and s.sitecode = 'BJ01'`,
    );
    const ids = roles[0]!;
    const deployment: Deployment = {
      label: `PostgreSQL, ${INSTANCES} process(es) behind ${proxy.name}${POOL ? `, pool ${POOL}` : ''}`,
      url: proxy.url,
      db,
      async loginAs(username, index) {
        // each user at a workstation of its own: the per-address login limit counts per user
        const from = `127.20.${index >> 8}.${index & 255}`;
        const front = await call(
          proxy.url,
          loginFront as never,
          { username, password: LOAD_PASSWORD },
          null,
          from,
        );
        const token = (front.body.data as { token?: string } | undefined)?.token;
        if (!front.body.success || !token) throw new Error(`login of ${username}: ${front.body.msg}`);
        const opened = await call(proxy.url, login as never, {}, token, from);
        if (!opened.body.success) throw new Error(`login.do of ${username}: ${opened.body.msg}`);
        const chosen = await call(proxy.url, changeSiteRole as never, ids, token, from);
        if (!chosen.body.success) throw new Error(`changeSiteRole of ${username}: ${chosen.body.msg}`);
        return token;
      },
      async close() {
        await close();
        deployment.stoppedAt = stoppedAt;
      },
      async addVolume(subjects) {
        // named as the run (close() ends it if a signal interrupts the copy)
        const owner = await openPostgres(withApplicationName(inSchema(ownerUrl ?? appUrl, schema), schema), {
          max: 1,
        });
        try {
          return await addStudyVolume(owner, subjects, LOAD_USER.sitecode, console.log);
        } finally {
          await owner.close();
        }
      },
      async refreshStatistics() {
        const tables = await admin.query<{ name: string }>(
          `select quote_ident(tablename) as name from pg_tables where schemaname = $1`,
          [schema],
        );
        for (const t of tables) await admin.exec(`analyze ${schema}.${t.name}`);
      },
      async autovacuumCounts() {
        // counted when autovacuum finishes a table (pg_stat_user_tables, the cumulative statistics): read at a level's
        // start and end, their difference is what finished in between, whatever the clocks
        const rows = await admin.query<{ name: string; vacuumed: number; analyzed: number }>(
          `select relname as name, autovacuum_count::int as vacuumed, autoanalyze_count::int as analyzed
             from pg_stat_user_tables where schemaname = $1`,
          [schema],
        );
        const counts: Autovacuumed = { vacuumed: 0, analyzed: 0, tables: {} };
        for (const r of rows) {
          counts.vacuumed += r.vacuumed;
          counts.analyzed += r.analyzed;
          counts.tables[r.name] = { vacuumed: r.vacuumed, analyzed: r.analyzed };
        }
        return counts;
      },
      cpuGroups: [
        {
          name: 'PostgreSQL backends of the servers',
          pids: async () =>
            (
              await counting.query<{ pid: number }>(
                `select pid from pg_stat_activity where application_name = $1`,
                [schema],
              )
            ).map((r) => r.pid),
        },
        {
          name: 'PostgreSQL background (WAL writer, checkpointer …; whole cluster)',
          pids: postgresBackgroundPids,
        },
        ...servers.map((s, i) => ({ name: `server process ${i + 1}`, pids: () => [s.child.pid!] })),
        { name: `load balancer (${proxy.name})`, pids: proxy.pids },
        { name: 'load generator (bench process)', pids: () => [process.pid] },
      ],
    };
    return deployment;
  } catch (err) {
    await close();
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// PGlite: in this process

async function pgliteDeployment(): Promise<Deployment> {
  if (INSTANCES > 1)
    throw new Error('--instances > 1 needs PostgreSQL (DATABASE_URL): PGlite is one process’s');
  const h = await startHarness({ logger: loggerOptions('error') });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    label: 'PGlite, in process',
    url: `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`,
    db: h.db,
    loginAs: (username) => h.loginAs(username, LOAD_USER.rolecode, LOAD_USER.sitecode),
    close: () => h.close(),
    // PGlite has no autovacuum: its statistics are what an ANALYZE gathered
    refreshStatistics: () => h.db.exec('analyze'),
    addVolume: (subjects) => addStudyVolume(h.db, subjects, LOAD_USER.sitecode, console.log),
    cpuGroups: [{ name: 'bench process (PGlite, server and load generator)', pids: () => [process.pid] }],
  };
}

// ---------------------------------------------------------------------------------------------------------------

/** `n` CRCs at BJ01 (copies of crc.li's role there, same password hash), each logged in with a session of its own. */
async function makeUsers(d: Deployment, n: number): Promise<SimUser[]> {
  const subjects = (
    await d.db.query<{ id: string }>(
      `select s.id from subjects s join sites t on t.id = s.site_id where t.sitecode = 'BJ01' order by s.id`,
    )
  ).map((r) => r.id);
  // a subject of its own per user: CRCs enter data for different subjects (BJ01 has 30; with 200 users on them, 7
  // saves at a time waited for one subject's row lock — 3–7 ms per save in pg_stat_statements, docs/load.md stop 29).
  // The extra subjects are copies of the first (and of its visits), numbered after the site's own.
  const extra = Math.max(0, n - subjects.length);
  if (extra > 0) {
    const template = subjects[0]!;
    const ids = Array.from({ length: extra }, (_, i) => `load-subject-${i}`);
    await d.db.query(
      `insert into subjects (id, study_id, site_id, subjid, initials, sex, birthdate, age, status, enrolldate,
                             visitcount, lastvisitdate, created_at, updated_at)
       select x.id, s.study_id, s.site_id, 'BJ01-L' || lpad(x.n::text, 4, '0'), s.initials, s.sex, s.birthdate, s.age,
              s.status, s.enrolldate, s.visitcount, s.lastvisitdate, s.created_at, s.updated_at
       from subjects s, unnest($2::text[]) with ordinality as x(id, n) where s.id = $1
       on conflict (id) do nothing`,
      [template, ids],
    );
    await d.db.query(
      `insert into subject_visits (subject_id, visitnum, cycnum, svnum, visitdate)
       select x.id, v.visitnum, v.cycnum, v.svnum, v.visitdate
       from subject_visits v, unnest($2::text[]) as x(id) where v.subject_id = $1
       on conflict do nothing`,
      [template, ids],
    );
    subjects.push(...ids);
  }
  const names = Array.from({ length: n }, (_, i) => `load.user.${i}`);
  await d.db.query(
    `insert into users (id, username, realname, password_hash, locale)
     select 'user-' || u, u, u, password_hash, 'en' from users, unnest($1::text[]) as u where username = 'crc.li'
     on conflict (id) do nothing`,
    [names],
  );
  await d.db.query(
    `insert into user_roles (user_id, role_id, site_id, study_id, active)
     select 'user-' || u, ur.role_id, ur.site_id, ur.study_id, true
     from user_roles ur join sites s on s.id = ur.site_id, unnest($1::text[]) as u
     where ur.user_id = 'user-crc.li' and s.sitecode = 'BJ01'
     on conflict do nothing`,
    [names],
  );
  const users: SimUser[] = new Array<SimUser>(n);
  // a few logins at a time (each verifies a password with the production cost)
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < n) {
        const i = next++;
        users[i] = { token: await d.loginAs(names[i]!, i), subjectid: subjects[i % subjects.length]! };
      }
    }),
  );
  return users;
}

async function aeRows(db: Db): Promise<number> {
  const rows = await db.query<{ n: number }>(`select count(*)::int as n from form_records where tid = 'AE'`);
  return rows[0]?.n ?? 0;
}

interface Level {
  mode: Mode;
  users: number;
  requestsPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
  timeouts: number;
  acknowledgedSaves: number;
  /** Acknowledged saves the database does not hold. */
  lostWrites: number;
  /** Rows of saves still in flight when the run stopped (written, the answer not counted). */
  inFlightSaves: number;
  /** p99 of each request of the loop (ms). */
  p99ByRequest: Record<string, number>;
  /** Closed levels: the generator's first seconds, not measured (SETTLE_SECONDS). */
  settle?: { seconds: number; everyUserAnswered: boolean; answers: number; p99: number; max: number };
  /** PostgreSQL: autovacuum's vacuums and analyses of the run's tables that finished during the measured seconds. */
  autovacuum?: Autovacuumed;
  cpu?: CpuReport;
}

/** The loop's requests for `user`, built afresh for each call (a save carries a new idempotency key). */
function loopRequests(user: SimUser): {
  list: PacedRequest;
  open: PacedRequest;
  save: () => PacedRequest;
  heartbeat: PacedRequest;
} {
  const q = new URLSearchParams({ subjectid: user.subjectid, ...LOAD_FORM, cycnum: '1', svnum: '1' });
  return {
    list: {
      kind: 'subjectlist.do',
      method: 'POST',
      path: serverPath(subjectList),
      body: JSON.stringify({ page: 1, size: 20 }),
    },
    open: { kind: 'datainfo.do', method: 'GET', path: `${serverPath(dataInfo)}?${q.toString()}` },
    save: () => ({
      kind: 'savedata.do',
      method: 'POST',
      path: serverPath(saveData),
      body: JSON.stringify({
        subjectid: user.subjectid,
        ...LOAD_FORM,
        version: 1,
        values: LOAD_AE_VALUES,
        idempotencyKey: randomUUID(),
      }),
    }),
    heartbeat: { kind: 'heartBeat.do', method: 'GET', path: serverPath(heartBeat) },
  };
}

function headersOf(user: SimUser): Record<string, string> {
  return { host: TEST_HOST, 'content-type': 'application/json', token: user.token, locale: 'en' };
}

const KINDS = ['subjectlist.do', 'datainfo.do', 'savedata.do', 'heartBeat.do'];
/**
 * `--only savedata.do,heartBeat.do`: the closed loop of these requests alone (a diagnostic: CPU per request of one kind
 * with `--cpu`); the figures of docs/load.md are of the whole loop.
 */
const ONLY = option('only', '') ? option('only', '').split(',') : KINDS;
for (const kind of ONLY)
  if (!KINDS.includes(kind)) throw new Error(`--only: ${kind} is none of ${KINDS.join(', ')}`);
const LOOP = KINDS.filter((k) => ONLY.includes(k));

/** Runs `load`, with the CPU window around it when --cpu. */
async function measured<T>(
  d: Deployment,
  load: () => Promise<T>,
  requestsOf: (t: T) => number,
): Promise<{ result: T; cpu?: CpuReport }> {
  const window = CPU ? await startCpuWindow(d.cpuGroups, CORES) : null;
  const result = await load();
  const cpu = window ? await window.stop(requestsOf(result)) : undefined;
  return { result, ...(cpu ? { cpu } : {}) };
}

/**
 * Closed loop (autocannon): no think time; each user's next request leaves when the previous answers. A measured
 * level measures (latencies, requests/s, CPU) once its generator has settled, then stops it.
 */
async function runClosed(
  d: Deployment,
  users: SimUser[],
  seconds = SECONDS,
  /** false: the warm-up (no settle seconds, no CPU window) */
  measuredLevel = true,
): Promise<Level> {
  let acknowledged = 0;
  let next = 0;
  /** Every response time (ms), by request: exact percentiles. */
  const times: number[] = [];
  const byKind = new Map<string, number[]>(LOOP.map((k) => [k, []]));
  /** --trace <file>: every answer's end time, request and latency, one line each (for a time series). */
  const trace: string[] = [];
  /** Answers other than 200, by path and status, with the first body of each: printed after the level. */
  const refusals = new Map<string, { count: number; body: string }>();
  const refused = (path: string, status: number, body: string) => {
    const key = `${path} ${status}`;
    const seen = refusals.get(key);
    if (seen) seen.count++;
    else refusals.set(key, { count: 1, body: body.slice(0, 200) });
  };
  /**
   * A measured level starts measuring once its generator has settled: SETTLE_SECONDS have passed and every user has
   * had an answer (at most SETTLE_CAP_SECONDS more); answers before `measureFrom` or after `measuredUntil` are not
   * measured. --settle 0: every answer of the level is measured, as before stop 32.
   */
  const settleSeconds = measuredLevel ? SETTLE_SECONDS : 0;
  let measureFrom = settleSeconds > 0 ? Number.POSITIVE_INFINITY : 0;
  let measuredUntil = Number.POSITIVE_INFINITY;
  let measuredAnswers = 0;
  /** Latencies of the settle seconds: reported apart, so the burst of a fresh generator is seen, not hidden. */
  const settleTimes: number[] = [];
  /** The users answered at least once while settling. */
  const answeredOnce = new Set<number>();
  let settleElapsed = settleSeconds === 0;
  let measuring = settleSeconds === 0;
  let everyUserAnswered = false;
  const withCpu = CPU && measuredLevel;
  const cpuAt: { window: Promise<CpuWindow> | null; report: Promise<CpuReport> | null } = {
    window: null,
    report: null,
  };
  const timers: ReturnType<typeof setTimeout>[] = [];
  const stopper: { stop: () => void } = { stop: () => undefined };
  const before = await aeRows(d.db);
  /** Autovacuum's counts read when the measured seconds start and end (PostgreSQL, measured levels). */
  const autovacuumAt: { start?: Promise<Autovacuumed>; end?: Promise<Autovacuumed> } = {};
  const readAutovacuum = () => {
    const read = measuredLevel ? d.autovacuumCounts?.() : undefined;
    read?.catch(() => undefined);
    return read;
  };
  if (settleSeconds === 0) autovacuumAt.start = readAutovacuum();
  if (withCpu && settleSeconds === 0)
    cpuAt.window = Promise.resolve(await startCpuWindow(d.cpuGroups, CORES));
  const startedAt = Date.now();
  /** The generator has ended: nothing starts measuring any more. */
  let finished = false;
  /** The level's `seconds` from `from`, then the CPU window is read and the generator stopped. */
  const measureFor = (from: number) => {
    if (finished) return;
    measureFrom = from;
    autovacuumAt.start = readAutovacuum();
    timers.push(
      setTimeout(() => {
        measuredUntil = Date.now();
        autovacuumAt.end = readAutovacuum();
        if (cpuAt.window) {
          const report = cpuAt.window.then((w) => w.stop(measuredAnswers));
          report.catch(() => undefined);
          cpuAt.report = report;
        }
        stopper.stop();
      }, seconds * 1000),
    );
  };
  const startMeasuring = (allAnswered: boolean) => {
    if (measuring) return;
    measuring = true;
    everyUserAnswered = allAnswered;
    if (!withCpu) return measureFor(Date.now());
    // answers count from when the window's baselines are read, not from when it was asked for
    const window = startCpuWindow(d.cpuGroups, CORES).then((w) => {
      measureFor(Date.now());
      return w;
    });
    // awaited after the run (which then fails); the generator is stopped at once rather than run to its backstop
    window.catch(() => stopper.stop());
    cpuAt.window = window;
  };
  if (settleSeconds > 0) {
    timers.push(
      setTimeout(() => {
        settleElapsed = true;
        if (answeredOnce.size >= users.length) startMeasuring(true);
      }, settleSeconds * 1000),
      setTimeout(() => startMeasuring(false), (settleSeconds + SETTLE_CAP_SECONDS) * 1000),
    );
  }
  let result: CannonResult;
  try {
    const generator = autocannon({
      url: d.url,
      connections: users.length,
      // settling: stopped by measureFor; the duration is only a backstop
      duration: settleSeconds > 0 ? settleSeconds + SETTLE_CAP_SECONDS + seconds + 30 : seconds,
      timeout: 10,
      headers: { host: TEST_HOST, 'content-type': 'application/json', locale: 'en' },
      setupClient(client) {
        const me = next;
        const user = users[next++ % users.length]!;
        const r = loopRequests(user);
        // the requests go round in order on each connection: the n-th answer is the (n mod 4)-th request's. Each
        // user starts at a step of its own (user i at step i mod 4), as users of a study are never in step: started
        // all at the same step, the 200 users send 200 saves at once, then 200 heartbeats …, in waves
        const start = me % LOOP.length;
        let answered = start;
        client.on('response', (_status, _bytes, ms) => {
          const at = Date.now();
          const kind = LOOP[answered++ % LOOP.length]!;
          if (TRACE)
            trace.push(
              `${at} ${kind} ${ms.toFixed(1)} ${me}${at < measureFrom ? ' settle' : at >= measuredUntil ? ' after' : ''}`,
            );
          if (at >= measuredUntil) return;
          if (at < measureFrom) {
            settleTimes.push(ms);
            if (!measuring) {
              answeredOnce.add(me);
              if (settleElapsed && answeredOnce.size >= users.length) startMeasuring(true);
            }
            return;
          }
          measuredAnswers++;
          times.push(ms);
          byKind.get(kind)!.push(ms);
        });
        const headers = headersOf(user);
        const step = (p: PacedRequest) => ({
          method: p.method,
          path: p.path,
          headers,
          ...(p.body ? { body: p.body } : {}),
          onResponse(status: number, body: string) {
            if (status !== 200) refused(p.path, status, body);
          },
        });
        const loop: CannonRequest[] = [
          step(r.list),
          step(r.open),
          {
            method: 'POST',
            path: serverPath(saveData),
            headers,
            setupRequest(req) {
              return { ...req, body: r.save().body };
            },
            onResponse(status, body) {
              if (status === 200 && body.includes('"success":true')) acknowledged++;
              if (status !== 200) refused(serverPath(saveData), status, body);
            },
          },
          step(r.heartbeat),
        ];
        const steps = loop.filter((_step, i) => LOOP.includes(KINDS[i]!));
        client.setRequests([...steps.slice(start), ...steps.slice(0, start)]);
      },
    });
    stopper.stop = () => generator.stop();
    result = await generator;
  } finally {
    finished = true;
    for (const timer of timers) clearTimeout(timer);
  }
  // --settle 0: the level ends with the generator's own duration
  if (!Number.isFinite(measuredUntil)) {
    measuredUntil = Date.now();
    autovacuumAt.end = readAutovacuum();
  }
  const cpu = cpuAt.report
    ? await cpuAt.report
    : cpuAt.window
      ? await (await cpuAt.window).stop(measuredAnswers)
      : undefined;
  if (!Number.isFinite(measureFrom))
    throw new Error(
      `closed ${users.length}: the generator ended before the level was measured (its CPU window did not start in time)`,
    );
  const measuredSeconds = (measuredUntil - Math.max(measureFrom, startedAt)) / 1000;
  // autocannon stops without waiting for its last requests: let them finish before counting
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const after = await aeRows(d.db);
  const autovacuum = await autovacuumDuring(autovacuumAt.start, autovacuumAt.end);
  if (TRACE) await writeFile(`${TRACE}-${users.length}.txt`, trace.join('\n'));
  for (const [key, { count, body }] of refusals) console.log(`  not 200: ${key} × ${count}, e.g. ${body}`);
  times.sort((a, b) => a - b);
  settleTimes.sort((a, b) => a - b);
  const requests = measuredAnswers;
  return {
    mode: 'closed',
    users: users.length,
    requestsPerSec: measuredSeconds > 0 ? Math.round(requests / measuredSeconds) : 0,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    requests,
    errors: result.errors,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    acknowledgedSaves: acknowledged,
    lostWrites: Math.max(0, acknowledged - (after - before)),
    inFlightSaves: Math.max(0, after - before - acknowledged),
    p99ByRequest: p99s(byKind),
    ...(settleSeconds > 0
      ? {
          settle: {
            seconds: Math.round((measureFrom - startedAt) / 100) / 10,
            everyUserAnswered,
            answers: settleTimes.length,
            p99: percentile(settleTimes, 99),
            max: settleTimes.at(-1) ?? 0,
          },
        }
      : {}),
    ...(autovacuum ? { autovacuum } : {}),
    ...(cpu ? { cpu } : {}),
  };
}

function p99s(byKind: Map<string, number[]>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [kind, list] of byKind)
    out[kind] = percentile(
      [...list].sort((a, b) => a - b),
      99,
    );
  return out;
}

/** Paced users (bench/support/pacedLoad.ts): think time between steps, the heartbeat on its own timer. */
async function runPacedLevel(d: Deployment, users: SimUser[]): Promise<Level> {
  let acknowledged = 0;
  const before = await aeRows(d.db);
  const paced: PacedUser[] = users.map((user) => {
    const r = loopRequests(user);
    return {
      headers: headersOf(user),
      steps: [
        { request: () => r.list, thinkMs: THINK.afterList * THINK_SCALE },
        { request: () => r.open, thinkMs: THINK.afterOpen * THINK_SCALE },
        {
          request: r.save,
          thinkMs: THINK.afterSave * THINK_SCALE,
          onAnswer(status, body) {
            if (status === 200 && body.includes('"success":true')) acknowledged++;
          },
        },
      ],
      periodic: { request: () => r.heartbeat, everyMs: THINK.heartbeat },
    };
  });
  const autovacuumStart = d.autovacuumCounts?.();
  autovacuumStart?.catch(() => undefined);
  const { result, cpu } = await measured(
    d,
    () => runPaced(d.url, paced, PACED_SECONDS),
    (res) => res.requests,
  );
  const autovacuum = await autovacuumDuring(autovacuumStart, d.autovacuumCounts?.());
  // runPaced waits for its requests in flight
  const after = await aeRows(d.db);
  const times = result.times.sort((a, b) => a - b);
  return {
    mode: 'paced',
    users: users.length,
    requestsPerSec: Math.round(result.requests / result.seconds),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    requests: result.requests,
    errors: result.errors,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    acknowledgedSaves: acknowledged,
    lostWrites: Math.max(0, acknowledged - (after - before)),
    inFlightSaves: Math.max(0, after - before - acknowledged),
    p99ByRequest: p99s(result.byKind),
    ...(autovacuum ? { autovacuum } : {}),
    ...(cpu ? { cpu } : {}),
  };
}

/** How each mode loads the server, as the tables say it. */
function pacing(mode: Mode): string {
  if (mode === 'closed') return 'closed loop, no think time';
  const s = (ms: number) => `${Math.round((ms * THINK_SCALE) / 100) / 10}`;
  return (
    `paced: think ${s(THINK.afterList)} / ${s(THINK.afterOpen)} / ${s(THINK.afterSave)} s after list / open / save ` +
    `(±50 %), heartbeat every ${THINK.heartbeat / 1000} s`
  );
}

/** The levels as a Markdown table, in docs/load.md's columns. */
function markdown(label: string, levels: Level[]): string {
  const n = (v: number) => v.toLocaleString('en-US');
  const lines = [
    '| database | load | users | req/s | p50 ms | p95 ms | p99 ms | errors | non-2xx | acknowledged saves | lost writes |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...levels.map(
      (l) =>
        `| ${label} | ${pacing(l.mode)} | ${l.users} | ${n(l.requestsPerSec)} | ${n(l.p50)} | ${n(l.p95)} | ${n(l.p99)} | ` +
        `${l.errors}${l.timeouts ? ` (${l.timeouts} timeouts)` : ''} | ${l.non2xx} | ${n(l.acknowledgedSaves)} | ` +
        `${l.lostWrites} |`,
    ),
  ];
  return lines.join('\n');
}

async function main(): Promise<void> {
  const appUrl = process.env.DATABASE_URL?.trim();
  const ownerUrl = process.env.MIGRATION_DATABASE_URL?.trim() || undefined;
  if (appUrl && COMPILED) {
    console.log('compiling the server (npm run build:server) …');
    const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/buildServer.ts'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('the server did not compile (scripts/buildServer.ts)');
  }
  console.log(appUrl ? `starting ${INSTANCES} server process(es) on a fresh schema …` : 'opening PGlite …');
  const load = os.loadavg().map((v) => v.toFixed(2));
  const d = appUrl ? await postgresDeployment(appUrl, ownerUrl) : await pgliteDeployment();
  const levels: Level[] = [];
  let loadStarted = Date.now();
  try {
    if (VOLUME > 0) {
      console.log(`--volume: ${VOLUME} more subjects with their data …`);
      const v = await d.addVolume(VOLUME);
      console.log(
        `  done in ${v.seconds.toFixed(0)} s: ${v.sites} sites, ${v.subjects} subjects and ${v.records} records added; ` +
          `the study holds ${v.studySubjects} subjects, ${v.studyRecords} records, ${v.auditRows} data audit rows and ` +
          `${v.codingTerms} coding terms`,
      );
      d.label += `, a study of ${v.studySubjects} subjects and ${v.studyRecords} records (--volume)`;
    }
    const max = Math.max(...USER_COUNTS);
    console.log(`${d.label}; logging in ${max} users …`);
    const all = await makeUsers(d, max);
    loadStarted = Date.now();
    if (WARMUP_SECONDS > 0) {
      console.log(`warming up: ${max} users, closed loop, ${WARMUP_SECONDS} s (not measured) …`);
      await runClosed(d, all, WARMUP_SECONDS, false);
    }
    // the planner's statistics as a running study's: of the tables as they are now, not of the seed's few rows
    console.log('ANALYZE of the run’s tables …');
    await d.refreshStatistics();
    for (const mode of MODES) {
      for (const n of USER_COUNTS) {
        console.log(
          `${mode}: ${n} users for ${mode === 'paced' ? PACED_SECONDS : `${SETTLE_SECONDS > 0 ? `${SETTLE_SECONDS}+ s settle, then ` : ''}${SECONDS}`} s (load ${os.loadavg()[0]!.toFixed(2)}) …`,
        );
        levels.push(
          await (mode === 'paced' ? runPacedLevel(d, all.slice(0, n)) : runClosed(d, all.slice(0, n))),
        );
      }
    }
  } finally {
    await d.close();
  }
  // interrupted by a signal: the clean-ups are under way and the bench exits when they are done (childProcesses.ts)
  if (interrupted()) return;
  console.log(
    `\nbench:load — ${d.label}; load average before the run ${load.join(' ')}, after ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  for (const mode of new Set(levels.map((l) => l.mode)))
    console.log(
      `${mode}: ${pacing(mode)}, ${mode === 'paced' ? `${PACED_SECONDS} s per level` : `${SECONDS} s per level, ${SETTLE_SECONDS > 0 ? `measured once its generator has run ${SETTLE_SECONDS} s and every user has had an answer` : 'every answer measured'}`}`,
    );
  console.table(levels.map(({ cpu: _cpu, p99ByRequest: _p, settle: _s, autovacuum: _a, ...l }) => l));
  for (const l of levels)
    if (l.settle)
      console.log(
        `${l.mode} ${l.users}: the generator's first ${l.settle.seconds} s, not measured` +
          `${l.settle.everyUserAnswered ? ' (until every user had an answer)' : ' (NOT every user had an answer: measured anyway)'}: ${l.settle.answers} answers, ` +
          `p99 ${l.settle.p99} ms, slowest ${l.settle.max.toFixed(1)} ms`,
      );
  for (const l of levels)
    if (l.autovacuum)
      console.log(
        `${l.mode} ${l.users}: autovacuum during the measured seconds: ` +
          (l.autovacuum.analyzed || l.autovacuum.vacuumed
            ? `${l.autovacuum.analyzed} analysis(es) and ${l.autovacuum.vacuumed} vacuum(s) of the run's tables finished: ` +
              `${autovacuumedTables(l.autovacuum)} (after an analysis every server connection plans its statements on ` +
              'that table again: a dip of a few seconds, docs/load.md stop 33)'
            : 'none'),
      );
  console.log('p99 by request (ms):');
  console.table(levels.map((l) => ({ mode: l.mode, users: l.users, ...l.p99ByRequest })));
  console.log(
    'latencies in ms (every response of every user); lostWrites = acknowledged saves − new AE rows; closed levels: ' +
      'latencies and req/s after the settle seconds, saves, errors and lost writes over the whole run',
  );
  console.log(`\n${markdown(d.label, levels)}\n`);
  for (const l of levels)
    if (l.cpu) console.log(`${cpuMarkdown(`CPU, ${l.mode} ${l.users} users`, l.cpu)}\n`);
  if (PROFILE_DIR) {
    const files = (await readdir(PROFILE_DIR)).filter((f) => f.endsWith('.cpuprofile'));
    // the load only: not the start-up (transpiling, migrating, seeding) nor the logins
    const loadMs = (d.stoppedAt ?? Date.now()) - loadStarted;
    console.log(
      await summariseProfiles(
        files.map((f) => path.join(PROFILE_DIR, f)),
        loadMs,
      ),
    );
  }
}

main().catch((err: unknown) => {
  // a request or query cut short by a signal's clean-up is not the run's error
  if (interrupted()) return;
  console.error(err);
  process.exit(1);
});
