/**
 * Export memory benchmark (issue 17; docs/interchange-download.md): the server's memory while it exports a large
 * study. Numbers, not pass/fail; target: peak RSS < 300 MB.
 *
 * 1. A fresh PGlite database in a data directory on disk (the product's default: `DATA_DIR`, nodefs — not
 *    `memory://`, which would hold the whole database in this process), migrated and seeded with the demo study.
 * 2. EXPORT_BENCH_SUBJECTS (10,000) generated subjects (the seed's set-based generator, `replaceSubjects`), all
 *    moved to site BJ01 (an export holds the chosen site's subjects: one export then holds all of them), and
 *    EXPORT_BENCH_FORMS (20) records per subject, written set-based (one INSERT … SELECT per form): the first 20
 *    (visit, form) pairs of the schedule, each with the values of a demo record of that form; with
 *    EXPORT_BENCH_AUDIT=1 (default) one `data_audit` row per item too, so that ClinicalData carries AuditRecords.
 * 3. The reference server in this process (buildApp on that database), dm.chen logged in as DM at BJ01:
 *    `export.do` kind `odmData` (ClinicalData with audit records), then kind `csv` (form DM), each run to the end
 *    by the job runner, then `download.do` of each file over a real HTTP connection (the body read and dropped,
 *    as a browser saving it to disk would).
 *
 * Memory: the kernel's peak RSS of this process (VmHWM in /proc/self/status, reset before each phase through
 * /proc/self/clear_refs) and a 50 ms sampler of RSS and V8 heap. Prints the figures with the load average.
 *
 * `npm run bench:export` (or `npx tsx bench/exportMemory.ts`). EXPORT_BENCH_DIR keeps the database between runs
 * (generated once).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { FastifyInstance } from 'fastify';
import { interchangeDownload, interchangeExport, interchangeJob } from '../engine/api/interchange';
import { changeSiteRole, login, loginFront } from '../engine/api/session';
import { TEST_SCRYPT_COST } from '../server/core/auth/passwords';
import { buildApp } from '../server/core/app';
import type { Db } from '../server/core/db/db';
import { migrate } from '../server/core/db/migrate';
import { openDatabase } from '../server/core/db/open';
import { loggerOptions } from '../server/core/logging';
import { isSeeded, seedDemo } from '../server/seed/seed';
import { replaceSubjects, vacuumSubjects } from '../server/seed/subjects';

const SUBJECTS = Number(process.env.EXPORT_BENCH_SUBJECTS ?? 10_000);
const FORMS = Number(process.env.EXPORT_BENCH_FORMS ?? 20);
const AUDIT = (process.env.EXPORT_BENCH_AUDIT ?? '1') !== '0';
const PASSWORD = 'Bench#pass1';
const STUDY = 'study-demo-001';
const SITE = 'site-bj01';
const HOST = 'localhost:8080';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const MB = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** The kernel's peak RSS of this process since the last reset, in bytes. */
async function peakRss(): Promise<number> {
  const status = await readFile('/proc/self/status', 'utf8');
  const kb = /VmHWM:\s+(\d+)\s+kB/.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : NaN;
}

/** Resets the peak RSS to the current RSS (Linux ≥ 4.0). */
async function resetPeak(): Promise<void> {
  await writeFile('/proc/self/clear_refs', '5').catch(() => undefined);
}

interface Phase {
  name: string;
  seconds: number;
  baselineRss: number;
  peakRss: number;
  sampledPeakRss: number;
  peakHeap: number;
  bytes: number;
}

async function measure(name: string, run: () => Promise<number>): Promise<Phase> {
  gc();
  const baselineRss = process.memoryUsage.rss();
  await resetPeak();
  let sampledPeakRss = baselineRss;
  let peakHeap = process.memoryUsage().heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    sampledPeakRss = Math.max(sampledPeakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 50);
  const t0 = performance.now();
  const bytes = await run();
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(timer);
  return { name, seconds, baselineRss, peakRss: await peakRss(), sampledPeakRss, peakHeap, bytes };
}

async function generate(db: Db): Promise<void> {
  const t0 = performance.now();
  await replaceSubjects(db, STUDY, SUBJECTS, new Date('2026-03-01T00:00:00Z'));
  await db.query(`update subjects set site_id = $2 where study_id = $1`, [STUDY, SITE]);
  const pairs = await db.query<{ visitnum: string; tid: string }>(
    `select v.visitnum, t.tid from visit_schedule v, unnest(v.tids) with ordinality as t(tid, n)
     where v.study_id = $1 order by v.sort, v.visitnum, t.n`,
    [STUDY],
  );
  const user = (await db.query<{ id: string }>(`select id from users where username = 'crc.li'`))[0]!.id;
  const role = (await db.query<{ id: string }>(`select id from roles where rolecode = 'CRC' limit 1`))[0]!.id;
  let made = 0;
  // the schedule's (visit, form) pairs, then again as second cycles, until FORMS per subject
  for (let i = 0; made < FORMS && pairs.length > 0; i++) {
    const pair = pairs[i % pairs.length]!;
    const cycnum = 1 + Math.floor(i / pairs.length);
    const sample = await db.query<{ form_values: Record<string, unknown>; schema_version: number }>(
      `select form_values, schema_version from form_records where study_id = $1 and tid = $2 and lineno = 1
       order by (select count(*) from jsonb_object_keys(form_values)) desc, id limit 1`,
      [STUDY, pair.tid],
    );
    if (!sample[0]) continue;
    await db.query(
      `insert into form_records (study_id, subject_id, site_id, visitnum, cycnum, svnum, tid, lineno,
         schema_version, status, form_values, created_at, created_by, updated_at, updated_by)
       select $1, s.id, s.site_id, $2, $3, 1, $4, 1, $5, '2', $6::jsonb, $7, $8, $7, $8
       from subjects s where s.study_id = $1
       on conflict do nothing`,
      [
        STUDY,
        pair.visitnum,
        cycnum,
        pair.tid,
        sample[0].schema_version,
        JSON.stringify(sample[0].form_values),
        '2026-03-01T09:00:00Z',
        user,
      ],
    );
    made++;
  }
  if (AUDIT) {
    await db.query(
      `insert into data_audit (record_id, study_id, subject_id, tid, lineno, action, variable, oldvalue, newvalue,
         user_id, role_id, site_id, at)
       select r.id, r.study_id, r.subject_id, r.tid, r.lineno, 'create', k.key, null, k.value #>> '{}',
         r.created_by, $2, r.site_id, r.created_at
       from form_records r, jsonb_each(r.form_values) k where r.study_id = $1`,
      [STUDY, role],
    );
  }
  await vacuumSubjects(db);
  const counts = await db.query<{ records: number; audit: number }>(
    `select (select count(*)::int from form_records where study_id = $1) as records,
            (select count(*)::int from data_audit where study_id = $1) as audit`,
    [STUDY],
  );
  console.log(
    `generated ${SUBJECTS} subjects, ${counts[0]?.records} records, ${counts[0]?.audit} audit rows in ${(
      (performance.now() - t0) /
      1000
    ).toFixed(1)} s`,
  );
}

async function call(
  app: FastifyInstance,
  def: { path: string; method: string },
  params: Record<string, unknown>,
  token?: string,
): Promise<{ success: boolean; msg: string; data: Record<string, unknown> }> {
  const headers: Record<string, string> = { host: HOST, locale: 'en' };
  if (token) headers.token = token;
  const res =
    def.method === 'GET'
      ? await app.inject({
          method: 'GET',
          url: `${def.path}?${new URLSearchParams(params as Record<string, string>)}`,
          headers,
        })
      : await app.inject({ method: 'POST', url: def.path, headers, payload: params });
  return res.json();
}

async function main(): Promise<void> {
  const dir = process.env.EXPORT_BENCH_DIR ?? (await mkdtemp(path.join(tmpdir(), 'edc-export-bench-')));
  const db = await openDatabase({ dataDir: dir });
  let app: FastifyInstance | null = null;
  try {
    await migrate(db);
    if (!(await isSeeded(db))) {
      await seedDemo(db, { password: PASSWORD, cost: TEST_SCRYPT_COST });
      await generate(db);
    } else console.log(`reusing the database in ${dir}`);
    app = await buildApp({ logger: loggerOptions('warn'), distDir: 'dist', db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    const front = await call(app, loginFront, { username: 'dm.chen', password: PASSWORD });
    const token = String(front.data.token);
    await call(app, login, {}, token);
    const ids = await db.query<{ roleid: string; siteid: string }>(
      `select r.id as roleid, s.id as siteid from roles r, sites s where r.rolecode = 'DM' and s.id = $1`,
      [SITE],
    );
    const chosen = await call(app, changeSiteRole, ids[0]!, token);
    if (!chosen.success) throw new Error(`changeSiteRole: ${chosen.msg}`);

    const phases: Phase[] = [];
    const jobs: { kind: string; jobid: string }[] = [];
    for (const params of [{ kind: 'odmData' }, { kind: 'csv', tid: 'DM' }]) {
      let jobid = '';
      phases.push(
        await measure(`export job ${params.kind}${'tid' in params ? ` (${params.tid})` : ''}`, async () => {
          const started = await call(app!, interchangeExport, params, token);
          if (!started.success) throw new Error(`export.do: ${started.msg}`);
          jobid = String(started.data.jobid);
          await app!.jobs.idle();
          const job = await call(app!, interchangeJob, { jobid }, token);
          if (job.data.state !== 'done') throw new Error(`job ${jobid}: ${String(job.data.error)}`);
          return Number(job.data.bytes);
        }),
      );
      jobs.push({ kind: params.kind, jobid });
    }
    for (const job of jobs) {
      phases.push(
        await measure(`download.do ${job.kind} (HTTP, streamed)`, async () => {
          const res = await fetch(
            `http://127.0.0.1:${port}${interchangeDownload.path}?jobid=${job.jobid}&time=${Date.now()}`,
            { headers: { token, locale: 'en', host: HOST } },
          );
          if (!res.ok || !res.body) throw new Error(`download.do: HTTP ${res.status}`);
          if ((res.headers.get('content-type') ?? '').includes('json'))
            throw new Error(`download.do refused: ${await res.text()}`);
          let bytes = 0;
          const reader = res.body.getReader();
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            bytes += value.byteLength;
          }
          return bytes;
        }),
      );
    }

    const [l1, l5, l15] = loadavg().map((n) => n.toFixed(2));
    console.log(
      `\nexport memory: ${SUBJECTS} subjects × ${FORMS} forms at one site, PGlite on disk; Node ${process.version}, ${cpus().length} cores, load average ${l1} / ${l5} / ${l15}\n`,
    );
    console.log(
      '| phase | time (s) | file (MB) | RSS before (MB) | peak RSS (MB, VmHWM) | peak RSS sampled (MB) | peak V8 heap (MB) |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const p of phases)
      console.log(
        `| ${p.name} | ${p.seconds.toFixed(1)} | ${(p.bytes / (1024 * 1024)).toFixed(1)} | ${MB(p.baselineRss)} | ${MB(p.peakRss)} | ${MB(p.sampledPeakRss)} | ${MB(p.peakHeap)} |`,
      );
    const worst = Math.max(...phases.map((p) => p.peakRss));
    console.log(`\npeak RSS over all phases: ${MB(worst)} MB (target < 300 MB)`);
  } finally {
    await app?.close();
    await db.close();
    if (!process.env.EXPORT_BENCH_DIR) await rm(dir, { recursive: true, force: true });
  }
}

await main();
