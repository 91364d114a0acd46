/**
 * Study interchange on the demo seed (docs/interchange.md): import as a draft with its report, refusals that change
 * nothing (a CRC, a file that is not text, an unknown format, a file the importer cannot read, a publish with
 * errors), a publish that writes the new definition version with its audit row, data entry in a published form,
 * and exports as jobs: scoped to the chosen site, progress, a download that expires 90 s after it is ready.
 *
 * The importers and ODM writers of engine/interchange are written apart from the server: these tests import through
 * a test importer (a JSON StudyDefinition behind a marker line) and stand in for the ODM writers, so that they keep
 * passing when the real ones land. One test runs the real REDCap importer; it is skipped while its placeholder is in.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyObject } from '../../../engine/schema';
import { codeList } from '../../../engine/api/lists';
import type { EndpointDef } from '../../../engine/api/endpoint';
import {
  interchangeAssess,
  interchangeDownload,
  interchangeExport,
  interchangeForms,
  interchangeImport,
  interchangeImports,
  interchangeJob,
  interchangeJobs,
  interchangePublish,
  interchangeDiscard,
  type ImportReport,
} from '../../../engine/api/interchange';
import { saveData, dataInfo } from '../../../engine/api/data';
import { batchJob } from '../../../engine/api/casebookBatch';
import { changeSiteRole } from '../../../engine/api/session';
import { MAX_ACTIVE_EXPORTS_PER_USER } from '../../../engine/api/interchange';
import { saveVisit } from '../../../engine/api/visits';
import { parseResponse } from '../../../engine/api/parseResponse';
import type { RawFormSchema } from '../../../engine/form/types';
import { importOdm } from '../../../engine/interchange/odm/importOdm';
import { validateOdm } from '../../../fixtures/interchange/validateOdm';
import {
  RESULT_PURGE_GRACE_MS,
  claimJob,
  beatJob,
  failInterrupted,
  finishJob,
  JobNoLongerRunning,
  insertJob,
  jobById,
  purgeExpiredResults,
  putChunk,
} from '../../core/jobs/jobsRepository';
import { JOB_STALE_MS } from '../../core/jobs/jobs';
import { snapshotChanges, snapshotDb } from '../../test/dbSnapshot';
import { TEST_HOST, startHarness, type Harness } from '../../test/harness';
import { definition, fileOf, formOf, item, testImporter } from '../../test/interchangeSamples';
import { studyDefinitionOf } from './studyDefinition';
import { ODM_PAGE_SUBJECTS } from './exportData';

let h: Harness;
let handled = false;

/** A job of `kind` as dm.chen (DM at BJ01) would start it. */
async function dmJob(kind: string) {
  const ids = await h.ids('DM', 'BJ01');
  const user = (await h.db.query<{ id: string }>(`select id from users where username = 'dm.chen'`))[0]!.id;
  return {
    kind,
    studyId: 'study-demo-001',
    userId: user,
    roleId: ids.roleid,
    siteId: ids.siteid,
    payload: {},
  };
}
let dm: string;
let crc: string;
let sponsorSh: string;

beforeAll(async () => {
  h = await startHarness({ logger: false });
  h.app.interchange.importers.use(testImporter);
  dm = await h.loginAs('dm.chen', 'DM', 'BJ01');
  crc = await h.loginAs('crc.li', 'CRC', 'BJ01');
  sponsorSh = await h.loginAs('sponsor.liu', 'SPONSOR', 'SH01');
}, 120_000);
afterAll(() => h?.close());

function multipart(content: Buffer, filename: string) {
  const boundary = '----edcinterchange0123456789';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(token: string, content: Buffer | string, filename = 'study.xml', locale = 'en') {
  const { payload, contentType } = multipart(
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    filename,
  );
  const res = await h.app.inject({
    method: 'POST',
    url: `${interchangeAssess.path}?time=1`,
    headers: { host: TEST_HOST, token, locale, 'content-type': contentType },
    payload,
  });
  const body = res.json<{ success: boolean; msg: string; data: ImportReport; errors?: string[] }>();
  parseResponse(interchangeAssess as unknown as EndpointDef<AnyObject, unknown>, body);
  return { status: res.statusCode, body };
}

async function unchanged(fn: () => Promise<void>) {
  const before = await snapshotDb(h.db);
  await fn();
  expect(snapshotChanges(before, await snapshotDb(h.db))).toEqual([]);
}

const count = async (sql: string, params: unknown[] = []) =>
  (await h.db.query<{ n: number }>(sql, params))[0]?.n ?? 0;

describe('import: refusals change nothing', () => {
  it('refuses a CRC (403, translated)', async () => {
    await unchanged(async () => {
      const res = await upload(crc, fileOf(definition()));
      expect(res.status).toBe(403);
      expect(res.body.msg).toMatch(/may not/);
      const zh = await upload(crc, fileOf(definition()), 'study.xml', 'zh_CN');
      expect(zh.body.msg).toMatch(/无权/);
    });
  });

  it('refuses a binary file and a file with NUL (not UTF-8 text)', async () => {
    await unchanged(async () => {
      const zip = await upload(dm, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]), 'study.csv');
      expect(zip.body.success).toBe(false);
      expect(zip.body.msg).toMatch(/not a UTF-8 text file/);
      const nul = await upload(dm, Buffer.from('Variable / Field Name,Form Name\u0000\n'), 'd.csv');
      expect(nul.body.success).toBe(false);
      const latin1 = await upload(dm, Buffer.from([0x3c, 0x4f, 0x44, 0x4d, 0xe9, 0x3e]), 'd.xml');
      expect(latin1.body.success).toBe(false);
    });
  });

  it('answers an unknown format and a file the importer cannot read with 400 and a translated message', async () => {
    await unchanged(async () => {
      const unknown = await upload(dm, 'name,age\nx,1\n', 'people.csv');
      expect(unknown.status).toBe(400);
      expect(unknown.body.msg).toMatch(/Unknown file format/);
      const torn = await upload(dm, fileOf('{"forms": ['), 'torn.xml');
      expect(torn.status).toBe(400);
      expect(torn.body.msg).toMatch(/could not be imported.*line 2/);
      expect(torn.body.errors).toEqual([expect.stringContaining('line 2')]);
    });
  });

  it('refuses a file name with a control character, a bidi override or over 255 characters (400, translated)', async () => {
    await unchanged(async () => {
      for (const name of [
        'study\u0007.xml',
        'evil\u202egpj.xml',
        'tab\there.xml',
        'x'.repeat(256) + '.xml',
      ]) {
        const res = await upload(dm, fileOf(definition()), name);
        expect(res.status, JSON.stringify(name)).toBe(400);
        expect(res.body.msg).toMatch(/file name contains a control character or a path separator/);
      }
      const zh = await upload(dm, fileOf(definition()), 'study\u0001.xml', 'zh_CN');
      expect(zh.body.msg).toMatch(/文件名含有控制字符/);
    });
  });

  it('keeps only the last segment of a name sent with its folders (the multipart parser drops the path)', async () => {
    const res = await upload(dm, fileOf(definition()), '../../etc/study.xml');
    expect(res.status).toBe(200);
    expect(res.body.data.summary.filename).toBe('study.xml');
    const windows = await upload(dm, fileOf(definition()), 'C:\\Users\\dm\\qol.xml');
    expect(windows.body.data.summary.filename).toBe('qol.xml');
  });
});

describe('import, report and publish', () => {
  let importid = '';

  it('keeps the import as a draft and answers its report: counts, forms with schemas, visits, code lists', async () => {
    const res = await upload(dm, fileOf(definition()), 'qol.xml');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const report = res.body.data;
    importid = report.summary.importid;
    expect(report.summary).toMatchObject({ filename: 'qol.xml', format: 'test', state: 'draft', errors: 0 });
    expect(report.counts).toEqual([
      { kind: 'forms', count: 1 },
      { kind: 'visits', count: 1 },
    ]);
    expect(report.forms).toEqual([
      expect.objectContaining({
        tid: 'IMPQOL',
        compiles: true,
        items: 3,
        schema: expect.objectContaining({ tid: 'IMPQOL' }),
      }),
    ]);
    expect(report.visits[0]).toMatchObject({ visitnum: 'IMPV1', tids: ['IMPQOL'] });
    expect(report.canpublish).toBe(true);
    const row = (
      await h.db.query<{ sha256: string; state: string }>(
        'select sha256, state from study_imports where id = $1::bigint',
        [importid],
      )
    )[0];
    expect(row?.sha256).toMatch(/^[0-9a-f]{64}$/);
    const listed = await h.call(interchangeImports, {}, { token: dm });
    expect(listed.body.success && listed.body.data.list[0]?.importid).toBe(importid);
    // the schema is nowhere in the study yet
    expect(await count(`select count(*)::int as n from form_schemas where tid = 'IMPQOL'`)).toBe(0);
  });

  it('reports forms that do not compile and code lists that clash, and refuses to publish them (unchanged)', async () => {
    const bad = definition({
      forms: [formOf('IMPBAD', [item('X1', { fieldtype: 'nosuchtype' }), item('X1')])],
      visits: [],
      codeLists: [
        {
          name: 'SEX',
          dataType: 'text',
          items: [{ codevalue: 'X', codedesp: { zh_CN: '其他', en: 'Other' } }],
        },
      ],
    });
    const res = await upload(dm, fileOf(bad), 'bad.xml');
    expect(res.body.success).toBe(true);
    const { summary, issues, forms, canpublish } = res.body.data;
    expect(summary.errors).toBeGreaterThanOrEqual(2);
    expect(forms[0]?.compiles).toBe(false);
    expect(canpublish).toBe(false);
    expect(issues.map((i) => i.at)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^form IMPBAD/), 'code list SEX']),
    );
    expect(issues.every((i) => i.severity === 'error' && i.message.length > 0)).toBe(true);
    await unchanged(async () => {
      const refused = await h.call(
        interchangePublish,
        { importid: summary.importid },
        { token: dm, locale: 'en' },
      );
      expect(refused.body.success).toBe(false);
      expect(refused.body.msg).toMatch(/errors and cannot be published/);
    });
    await h.call(interchangeDiscard, { importid: summary.importid }, { token: dm });
  });

  it('reports a planned day that is no whole number and a code list named SITE (reserved), as errors', async () => {
    const bad = definition({
      visits: [
        { visitnum: 'IMPDAY', name: 'Day', kind: 'scheduled', day: 1.5, tids: ['IMPQOL'], optionalTids: [] },
        { visitnum: 'IMPBIG', name: 'Big', kind: 'scheduled', day: 1e12, tids: ['IMPQOL'], optionalTids: [] },
      ],
      codeLists: [
        { name: 'SITE', dataType: 'text', items: [{ codevalue: 'X', codedesp: { zh_CN: '某', en: 'X' } }] },
      ],
    });
    const res = await upload(dm, fileOf(bad), 'bad-day.xml');
    expect(res.body.success).toBe(true);
    const { summary, issues, canpublish } = res.body.data;
    expect(canpublish).toBe(false);
    expect(issues.filter((i) => i.severity === 'error').map((i) => i.at)).toEqual(
      expect.arrayContaining(['visit IMPDAY', 'visit IMPBIG', 'code list SITE']),
    );
    expect(issues.find((i) => i.at === 'visit IMPDAY')?.message).toBe(
      'The planned day 1.5 of visit IMPDAY is not a whole number of days',
    );
    await h.call(interchangeDiscard, { importid: summary.importid }, { token: dm });
  });

  it('refuses a CRC the publish (403) and leaves the database as it was', async () => {
    await unchanged(async () => {
      const res = await h.call(interchangePublish, { importid }, { token: crc, locale: 'en' });
      expect(res.status).toBe(403);
    });
  });

  it('publishes as a new definition version, with its audit row, in one transaction', async () => {
    const auditBefore = await count(
      `select count(*)::int as n from audit_log where action = 'study.publish'`,
    );
    const res = await h.call(interchangePublish, { importid }, { token: dm, locale: 'en' });
    expect(res.body.success, res.body.msg).toBe(true);
    if (!res.body.success) return;
    expect(res.body.data.summary).toMatchObject({ state: 'published', crfver: `CRF-IMP-${importid}` });
    expect(await count(`select count(*)::int as n from audit_log where action = 'study.publish'`)).toBe(
      auditBefore + 1,
    );
    const schema = await h.db.query<{ version: number }>(
      `select version from form_schemas where tid = 'IMPQOL'`,
    );
    expect(schema).toEqual([{ version: 1 }]);
    const visit = await h.db.query<{ kind: string; tids: string[] }>(
      `select kind, tids from visit_schedule where visitnum = 'IMPV1'`,
    );
    expect(visit).toEqual([{ kind: 'hidden', tids: ['IMPQOL'] }]);
    const current = await h.db.query<{ id: string }>(`select id from crf_versions where current`);
    expect(current).toEqual([{ id: `CRF-IMP-${importid}` }]);
    // the subjects that followed the current version keep the one they were entered against
    const versions = await h.db.query<{ crfver: string | null; n: number }>(
      `select crfver, count(*)::int as n from subjects group by crfver order by crfver`,
    );
    expect(versions.some((v) => v.crfver === null)).toBe(false);
    expect(versions.some((v) => v.crfver === `CRF-IMP-${importid}`)).toBe(false);
    const reread = await h.call(interchangeImport, { importid }, { token: dm });
    expect(reread.body.success && reread.body.data.summary.state).toBe('published');
    expect(reread.body.success && reread.body.data.canpublish).toBe(false);
    const options = await h.call(codeList, { codelisttype: 'IMP_FEEL' }, { token: crc });
    expect(options.body.success && options.body.data.map((o) => o.codevalue)).toEqual(['G', 'B']);
    // published once: a second publish is refused and changes nothing
    await unchanged(async () => {
      const again = await h.call(interchangePublish, { importid }, { token: dm, locale: 'en' });
      expect(again.body.success).toBe(false);
      expect(again.body.msg).toMatch(/already published/);
    });
  });

  it('an existing form gets the next version; the study definition reads back what was published', async () => {
    const dmForm = (
      await h.db.query<{ schema: RawFormSchema; version: number }>(
        `select schema, version from form_schemas where tid = 'DM' order by version desc limit 1`,
      )
    )[0]!;
    const d = definition({
      visits: [
        {
          visitnum: 'V1',
          name: { zh_CN: '筛选期', en: 'Screening' },
          kind: 'scheduled',
          day: -14,
          tids: ['DM', 'IMPQOL'],
          optionalTids: [],
        },
      ],
      forms: [dmForm.schema, ...definition().forms],
    });
    const res = await upload(dm, fileOf(d), 'dm-again.xml');
    expect(res.body.success && res.body.data.summary.errors).toBe(0);
    const id = res.body.success ? res.body.data.summary.importid : '';
    const published = await h.call(interchangePublish, { importid: id }, { token: dm });
    expect(published.body.success, published.body.msg).toBe(true);
    const versions = await h.db.query<{ v: number }>(
      `select max(version) as v from form_schemas where tid = 'DM'`,
    );
    expect(versions[0]?.v).toBe(dmForm.version + 1);
    const def = await studyDefinitionOf(h.db, 'study-demo-001');
    expect(def.visits.find((v) => v.visitnum === 'V1')?.tids).toContain('IMPQOL');
    expect(def.forms.find((f) => f.tid === 'IMPQOL')?.version).toBe(2);
    expect(def.codeLists.map((l) => l.name)).toEqual(expect.arrayContaining(['IMP_FEEL', 'SEX']));
  });

  it('lets a CRC add the imported visit to a subject and enter data in the imported form', async () => {
    const subject = (
      await h.db.query<{ id: string }>(
        `select id from subjects where site_id = 'site-bj01' and abandoned_at is null order by subjid desc limit 1`,
      )
    )[0]!.id;
    const added = await h.call(
      saveVisit,
      { subjectid: subject, visitnum: 'IMPV1' },
      { token: crc, locale: 'en' },
    );
    expect(added.body.success, added.body.msg).toBe(true);
    const keys = { subjectid: subject, visitnum: 'IMPV1', cycnum: 1, svnum: 1, tid: 'IMPQOL' };
    const info = await h.call(dataInfo, keys, { token: crc });
    expect(info.body.success, info.body.msg).toBe(true);
    const version = info.body.success ? (info.body.data.schema as { version: number }).version : 0;
    expect(version).toBe(2);
    const saved = await h.call(
      saveData,
      {
        ...keys,
        version,
        values: { QOLDAT: '2026-03-01', QOLSCORE: '7', QOLFEEL: 'G' },
        idempotencyKey: 'interchange-test-0001',
      },
      { token: crc, locale: 'en' },
    );
    expect(saved.body.success, saved.body.msg).toBe(true);
  });
});

async function runExport(token: string, params: AnyObject) {
  const started = await h.call(interchangeExport, params, { token, locale: 'en' });
  expect(started.body.success, started.body.msg).toBe(true);
  const jobid = started.body.success ? started.body.data.jobid : '';
  await h.app.jobs.idle();
  const job = await h.call(interchangeJob, { jobid }, { token, locale: 'en' });
  if (!job.body.success) throw new Error(job.body.msg);
  return job.body.data;
}

async function download(token: string, jobid: string): Promise<Buffer> {
  const res = await h.call(interchangeDownload, { jobid }, { token, locale: 'en' });
  if (!res.body.success) throw new Error(res.body.msg);
  return res.response.rawPayload;
}

describe('exports as jobs', () => {
  it('refuses a CRC (403) and a form the study does not have, and writes no job', async () => {
    await unchanged(async () => {
      const res = await h.call(interchangeExport, { kind: 'csv' }, { token: crc, locale: 'en' });
      expect(res.status).toBe(403);
      const unknown = await h.call(
        interchangeExport,
        { kind: 'csv', tid: 'NOPE' },
        { token: dm, locale: 'en' },
      );
      expect(unknown.body.success).toBe(false);
      expect(unknown.body.msg).toBe('No form NOPE in the study');
    });
  });

  it("exports one form as CSV: the chosen site's subjects only, codes and labels, a BOM; progress reaches the total", async () => {
    const job = await runExport(dm, { kind: 'csv', tid: 'DM' });
    expect(job).toMatchObject({ state: 'done', sitecode: 'BJ01' });
    expect(job.total).toBe(
      await count(
        `select count(*)::int as n from subjects where site_id = 'site-bj01' and abandoned_at is null`,
      ),
    );
    expect(job.done).toBe(job.total);
    const text = (await download(dm, job.jobid)).toString('utf8');
    expect(text.startsWith('\uFEFFsitecode,subjid,visitnum,cycnum,svnum,tid,lineno,')).toBe(true);
    const lines = text.trim().split('\r\n').slice(1);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.startsWith('BJ01,BJ01-'))).toBe(true);
    expect(text.split('\r\n')[0]).toContain('SEX,SEX_label');
  });

  it('scopes a sponsor at SH01 to SH01', async () => {
    if (!sponsorSh) return;
    const job = await runExport(sponsorSh, { kind: 'csv', tid: 'DM' });
    const lines = (await download(sponsorSh, job.jobid)).toString('utf8').trim().split('\r\n').slice(1);
    expect(lines.every((l) => l.startsWith('SH01,'))).toBe(true);
  });

  it('a job id beyond bigint names no job: a refusal, not a 500 (job.do, download.do, batchjob.do)', async () => {
    const jobid = '99999999999999999999';
    const answers = [
      await h.call(interchangeJob, { jobid }, { token: dm, locale: 'en' }),
      await h.call(interchangeDownload, { jobid }, { token: dm, locale: 'en' }),
      await h.call(batchJob, { jobid }, { token: dm, locale: 'en' }),
    ];
    expect(answers.map((a) => [a.status < 500, a.body.success])).toEqual([
      [true, false],
      [true, false],
      [true, false],
    ]);
  });

  it('the download expires 90 s after the job finished; only its owner sees the job', async () => {
    const job = await runExport(dm, { kind: 'csv', tid: 'VS' });
    h.clock.advance(89_000);
    expect((await download(dm, job.jobid)).length).toBeGreaterThan(0);
    const other = await h.call(interchangeJob, { jobid: job.jobid }, { token: sponsorSh, locale: 'en' });
    expect(other.body.success).toBe(false);
    expect(other.body.msg).toBe('No such job');
    h.clock.advance(2_000);
    const expired = await h.call(interchangeDownload, { jobid: job.jobid }, { token: dm, locale: 'en' });
    expect(expired.body.success).toBe(false);
    expect(expired.body.msg).toMatch(/expired/);
    const listed = await h.call(interchangeJobs, {}, { token: dm });
    expect(listed.body.success && listed.body.data.list.find((j) => j.jobid === job.jobid)?.state).toBe(
      'expired',
    );
  });

  it('streams the file as binary: its type, an RFC 6266 name and its length, no base64 envelope', async () => {
    const job = await runExport(dm, { kind: 'csv', tid: 'DM' });
    const res = await h.call(interchangeDownload, { jobid: job.jobid }, { token: dm, locale: 'en' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${job.filename}"; filename*=UTF-8''${job.filename}`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(Number(res.headers['content-length'])).toBe(job.bytes);
    expect(res.response.rawPayload.length).toBe(job.bytes);
    expect(res.response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.data).toEqual({ filename: job.filename, mimetype: 'text/csv', bytes: job.bytes });
  });

  it('streams a result of many chunks in order (bytes equal to what the job wrote)', async () => {
    const [j] = await h.db.query<{ id: string }>(
      `insert into jobs (kind, study_id, user_id, role_id, site_id, payload, state, created_at, finished_at, expires_at,
         filename, mimetype, bytes)
       select 'interchange.export', study_id, user_id, role_id, site_id, '{"kind":"csv"}'::jsonb, 'done', $1, $1, $2,
         'big.csv', 'text/csv', 3 * 262144
       from jobs where user_id = (select id from users where username = 'dm.chen') limit 1
       returning id::text as id`,
      [h.clock.now().toISOString(), new Date(h.clock.now().getTime() + 90_000).toISOString()],
    );
    const parts = [0x41, 0x42, 0x43].map((b) => Buffer.alloc(262144, b));
    // written while it runs, then done
    await h.db.query(`update jobs set state = 'running' where id = $1::bigint`, [j!.id]);
    for (const [seq, data] of parts.entries()) await putChunk(h.db, j!.id, seq, data);
    await h.db.query(`update jobs set state = 'done' where id = $1::bigint`, [j!.id]);
    expect((await download(dm, j!.id)).equals(Buffer.concat(parts))).toBe(true);
  });

  it('a user who switched site or role downloads nothing of the other scope; nothing leaks, nothing changes', async () => {
    const token = await h.login('dm.chen');
    await h.call(changeSiteRole, await h.ids('DM', 'BJ01'), { token });
    const job = await runExport(token, { kind: 'csv', tid: 'DM' });
    expect(job.state).toBe('done');
    // the same user, the same session, now at SH01
    await h.call(changeSiteRole, await h.ids('DM', 'SH01'), { token });
    await unchanged(async () => {
      const other = await h.call(interchangeDownload, { jobid: job.jobid }, { token, locale: 'en' });
      expect(other.body.success).toBe(false);
      expect(other.body.msg).toBe(
        'This export belongs to another role or site (BJ01): choose that role and site to download it',
      );
      expect(String(other.headers['content-type'])).toMatch(/application\/json/);
      expect(other.headers['content-disposition']).toBeUndefined();
      expect(other.response.body).not.toContain('BJ01-');
      const zh = await h.call(interchangeDownload, { jobid: job.jobid }, { token, locale: 'zh_CN' });
      expect(zh.body.msg).toMatch(/另一角色或中心/);
    });
    // back at BJ01 as DM: it downloads
    await h.call(changeSiteRole, await h.ids('DM', 'BJ01'), { token });
    expect((await download(token, job.jobid)).length).toBe(job.bytes);
    dm = await h.loginAs('dm.chen', 'DM', 'BJ01');
  });

  it(`refuses a ${MAX_ACTIVE_EXPORTS_PER_USER + 1}th export while ${MAX_ACTIVE_EXPORTS_PER_USER} are queued or running (429, translated); nothing written`, async () => {
    const userId = (await h.db.query<{ id: string }>(`select id from users where username = 'dm.chen'`))[0]!
      .id;
    const ctx = (
      await h.db.query<{ study_id: string; role_id: string; site_id: string }>(
        `select study_id, role_id, site_id from jobs where user_id = $1 order by id desc limit 1`,
        [userId],
      )
    )[0]!;
    // jobs the runner never touches: inserted straight into the table and marked running with a fresh heartbeat
    // (a queued one would be claimed by the runner's poll every few seconds, which may fall inside this test)
    const queued: string[] = [];
    for (let i = 0; i < MAX_ACTIVE_EXPORTS_PER_USER; i++) {
      const job = await insertJob(
        h.db,
        {
          kind: 'interchange.export',
          studyId: ctx.study_id,
          userId,
          roleId: ctx.role_id,
          siteId: ctx.site_id,
          payload: { kind: 'odmMetadata', tid: null, locale: 'en' },
        },
        h.clock.now(),
      );
      await h.db.query(
        `update jobs set state = 'running', started_at = $2, heartbeat_at = $2 where id = $1::bigint`,
        [job.id, h.clock.now().toISOString()],
      );
      queued.push(job.id);
    }
    try {
      await unchanged(async () => {
        const res = await h.call(interchangeExport, { kind: 'odmMetadata' }, { token: dm, locale: 'en' });
        expect(res.status).toBe(429);
        expect(res.body.success).toBe(false);
        expect(res.body.msg).toBe(
          `You already have ${MAX_ACTIVE_EXPORTS_PER_USER} exports queued or running (at most ${MAX_ACTIVE_EXPORTS_PER_USER} per user): wait for one to finish`,
        );
        const zh = await h.call(
          interchangeExport,
          { kind: 'csv', tid: 'DM' },
          { token: dm, locale: 'zh_CN' },
        );
        expect(zh.status).toBe(429);
        expect(zh.body.msg).toContain(`每位用户最多 ${MAX_ACTIVE_EXPORTS_PER_USER} 个`);
      });
      // another user is not counted against dm.chen's limit
      const other = await h.call(
        interchangeExport,
        { kind: 'odmMetadata' },
        { token: sponsorSh, locale: 'en' },
      );
      expect(other.body.success).toBe(true);
    } finally {
      await h.db.query(`delete from jobs where id = any($1::bigint[])`, [queued]);
      await h.app.jobs.idle();
    }
    // once they are gone, an export starts again
    expect((await runExport(dm, { kind: 'odmMetadata' })).state).toBe('done');
  });

  it('a result is purged only a grace after its download expired (a download under way finishes)', async () => {
    const job = await runExport(dm, { kind: 'csv', tid: 'DM' });
    const chunks = () =>
      count('select count(*)::int as n from job_chunks where job_id = $1::bigint', [job.jobid]);
    h.clock.advance(91_000);
    await purgeExpiredResults(h.db, h.clock.now());
    expect(await chunks()).toBeGreaterThan(0);
    h.clock.advance(RESULT_PURGE_GRACE_MS);
    await purgeExpiredResults(h.db, h.clock.now());
    expect(await chunks()).toBe(0);
  });

  it("forms.do answers the study's current forms in schedule order, with their names; a CRC is refused", async () => {
    const res = await h.call(interchangeForms, {}, { token: dm, locale: 'en' });
    if (!res.body.success) throw new Error(res.body.msg);
    const tids = res.body.data.list.map((f) => f.tid);
    const expected = (await studyDefinitionOf(h.db, 'study-demo-001')).forms.map((f) => f.tid);
    expect(tids).toEqual(expected);
    expect(tids).toEqual(expect.arrayContaining(['DM', 'VS', 'IMPQOL']));
    expect(res.body.data.list.find((f) => f.tid === 'DM')!.name.en).not.toBe('');
    const refused = await h.call(interchangeForms, {}, { token: crc, locale: 'en' });
    expect(refused.status).toBe(403);
  });

  it('exports xlsx: a data dictionary sheet and a sheet per form', async () => {
    const job = await runExport(dm, { kind: 'xlsx' });
    expect(job.state, job.error ?? '').toBe('done');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await download(dm, job.jobid)) as unknown as ExcelJS.Buffer);
    const names = wb.worksheets.map((w) => w.name);
    expect(names[0]).toBe('Dictionary');
    expect(names).toEqual(expect.arrayContaining(['DM', 'VS', 'IMPQOL']));
    const dmSheet = wb.getWorksheet('DM')!;
    expect(dmSheet.getRow(1).getCell(2).value).toBe('subjid');
    expect(dmSheet.rowCount).toBeGreaterThan(1);
    const qol = wb.getWorksheet('IMPQOL')!;
    expect((qol.getRow(2).values as unknown[]).slice(1)).toEqual(expect.arrayContaining(['7', 'G', 'Good']));
  });

  it('exports ODM metadata and clinical data through the ODM writers (stood in for here)', async () => {
    const odm = h.app.interchange.odm;
    const real = { ...odm };
    odm.metadata = (d) => `<ODM>${d.forms.map((f) => f.tid).join(',')}</ODM>`;
    odm.dataStart = (header) => `<ODM users="${header.users.length}">`;
    odm.subject = function* (s) {
      yield `<S k="${s.subjectKey}" `;
      yield `audit="${s.events.flatMap((e) => e.forms.flatMap((f) => f.items.flatMap((i) => i.audit))).length}"/>`;
    };
    odm.dataEnd = () => '</ODM>';
    try {
      const meta = await runExport(dm, { kind: 'odmMetadata' });
      expect((await download(dm, meta.jobid)).toString()).toMatch(/^<ODM>.*IMPQOL.*<\/ODM>$/);
      const data = await runExport(dm, { kind: 'odmData' });
      const xml = (await download(dm, data.jobid)).toString();
      const keys = [...xml.matchAll(/k="([^"]+)"/g)].map((m) => m[1]);
      expect(keys.length).toBe(data.total);
      expect(keys.every((k) => k?.startsWith('BJ01-'))).toBe(true);
      expect(/audit="[1-9]/.test(xml)).toBe(true);
    } finally {
      Object.assign(odm, real);
    }
  });

  it('exports ODM metadata and clinical data with the real writers: both files validate against the ODM 1.3.2 schema', async () => {
    const meta = await runExport(dm, { kind: 'odmMetadata' });
    expect(meta.state).toBe('done');
    const metaXml = (await download(dm, meta.jobid)).toString('utf8');
    expect(await validateOdm(metaXml, 'metadata.xml')).toEqual([]);
    // what was published reads back: the export imports as the study's definition
    const back = importOdm(metaXml);
    expect(back.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(back.definition?.forms.map((f) => f.tid)).toEqual(expect.arrayContaining(['DM', 'VS', 'IMPQOL']));
    const data = await runExport(dm, { kind: 'odmData' });
    expect(data.state).toBe('done');
    const dataXml = (await download(dm, data.jobid)).toString('utf8');
    expect(await validateOdm(dataXml, 'clinical-data.xml')).toEqual([]);
    const subjects = [...dataXml.matchAll(/<SubjectData [^>]*SubjectKey="([^"]+)"/g)].map((m) => m[1]);
    expect(subjects.length).toBe(data.total);
    expect(subjects.every((k) => k?.startsWith('BJ01-'))).toBe(true);
    // read in pages of ODM_PAGE_SUBJECTS: every subject once, in order, across the page boundaries
    expect(data.total).toBeGreaterThan(ODM_PAGE_SUBJECTS);
    expect(new Set(subjects).size).toBe(subjects.length);
    expect(subjects).toEqual([...subjects].sort());
    expect(dataXml).toMatch(/<AuditRecord/);
  }, 120_000);

  it('a writer that fails gives the job a translated message, not an error id', async () => {
    const odm = h.app.interchange.odm;
    const real = odm.metadata;
    odm.metadata = () => {
      throw new Error('exportOdmMetadata: not implemented yet');
    };
    try {
      const job = await runExport(dm, { kind: 'odmMetadata' });
      expect(job.state).toBe('failed');
      expect(job.error).toMatch(/not available yet: ODM metadata/);
    } finally {
      odm.metadata = real;
    }
  });

  it('after a restart, a job left running is failed as interrupted; a queued one is claimed', async () => {
    const base = await dmJob('test.none');
    const running = await insertJob(h.db, base, h.clock.now());
    await h.db.query(`update jobs set state = 'running' where id = $1::bigint`, [running.id]);
    expect(await failInterrupted(h.db, h.clock.now())).toBe(1);
    expect((await jobById(h.db, running.id))?.state).toBe('failed');
    const queued = await insertJob(h.db, base, h.clock.now());
    expect((await claimJob(h.db, h.clock.now()))?.id).toBe(queued.id);
    expect(await claimJob(h.db, h.clock.now())).toBeNull();
    await h.db.query(`update jobs set state = 'failed' where id = $1::bigint`, [queued.id]);
  });

  it('a queued job whose user lost the role meanwhile is not run: failed with why, nothing written', async () => {
    const base = await dmJob('test.owner');
    let ran = false;
    if (!handled) {
      h.app.jobs.handle('test.owner', async () => {
        ran = true;
        return { filename: null, mimetype: null };
      });
      handled = true;
    }
    const held = [base.userId, base.roleId, base.siteId];
    await h.db.query(
      `update user_roles set active = false where user_id = $1 and role_id = $2 and site_id = $3`,
      held,
    );
    try {
      const job = await h.app.jobs.start(base);
      await h.app.jobs.idle();
      await vi.waitFor(async () => expect((await jobById(h.db, job.id))?.state).toBe('failed'));
      expect((await jobById(h.db, job.id))?.error).toEqual({ messageId: 'jobOwnerNotAllowed', values: {} });
      expect(ran).toBe(false);
    } finally {
      await h.db.query(
        `update user_roles set active = true where user_id = $1 and role_id = $2 and site_id = $3`,
        held,
      );
    }
  });

  it('several processes on one database: only a running job whose heartbeat stopped is failed as interrupted', async () => {
    const base = await dmJob('test.none');
    const at = h.clock.now();
    const alive = await insertJob(h.db, base, at);
    const stopped = await insertJob(h.db, base, at);
    await h.db.query(`update jobs set state = 'running', started_at = $2 where id = $1::bigint`, [
      alive.id,
      new Date(at.getTime() - 10 * JOB_STALE_MS).toISOString(),
    ]);
    await h.db.query(
      `update jobs set state = 'running', started_at = $2, heartbeat_at = $2 where id = $1::bigint`,
      [stopped.id, new Date(at.getTime() - JOB_STALE_MS - 1000).toISOString()],
    );
    // the living process renews its job's heartbeat (a long job: started long ago)
    await beatJob(h.db, alive.id, new Date(at.getTime() - 5_000));
    expect(await failInterrupted(h.db, at, JOB_STALE_MS)).toBe(1);
    expect((await jobById(h.db, alive.id))?.state).toBe('running');
    expect((await jobById(h.db, stopped.id))?.state).toBe('failed');
    // the process of the failed job was alive after all (its heartbeat was late): it can store and finish nothing
    await expect(putChunk(h.db, stopped.id, 0, new Uint8Array([1, 2, 3]))).rejects.toBeInstanceOf(
      JobNoLongerRunning,
    );
    expect(
      await finishJob(h.db, stopped.id, { filename: 'x.csv', mimetype: 'text/csv', bytes: 3 }, at, 90_000),
    ).toBe(false);
    expect(await jobById(h.db, stopped.id)).toMatchObject({ state: 'failed', filename: null });
    const chunks = await h.db.query('select 1 from job_chunks where job_id = $1::bigint', [stopped.id]);
    expect(chunks).toHaveLength(0);
    await h.db.query(`update jobs set state = 'failed' where id = $1::bigint`, [alive.id]);
  });
});

describe('the real importers', () => {
  it('imports a tiny REDCap data dictionary through importerFor', async () => {
    const csv = [
      'Variable / Field Name,Form Name,Section Header,Field Type,Field Label,"Choices, Calculations, OR Slider Labels",Field Note,Text Validation Type OR Show Slider Number,Text Validation Min,Text Validation Max,Identifier?,Branching Logic (Show field only if...),Required Field?,Custom Alignment,Question Number (surveys only),Matrix Group Name,Matrix Ranking?,Field Annotation',
      'record_id,baseline,,text,Record ID,,,,,,,,,,,,,',
      'age,baseline,,text,Age,,,integer,0,120,,,y,,,,,',
      'sex,baseline,,radio,Sex,"1, Male | 2, Female",,,,,,,,,,,,',
    ].join('\n');
    const res = await upload(dm, csv, 'dictionary.csv');
    expect(res.body.success, res.body.msg).toBe(true);
    expect(res.body.data.summary.format).toBe('redcap');
    expect(res.body.data.forms.map((f) => f.tid)).toContain('baseline');
  });
});
