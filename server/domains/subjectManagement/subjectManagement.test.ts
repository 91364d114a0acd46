/**
 * Subject management on the demo seed: batch upload (template, assessment with problems per row, content and size
 * checks, the report, the all-or-nothing import), abandon (permission, reason, password re-authentication) and
 * transfer (audited for both sites) — each refusal leaving the casebook as it was.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDef } from '../../../engine/api/endpoint';
import type { AnyObject } from '../../../engine/schema';
import { parseResponse } from '../../../engine/api/parseResponse';
import {
  BATCH_ASSESSMENT_VALID_MS,
  abandonSubject,
  subjectBatchAssess,
  subjectBatchImport,
  subjectBatchReport,
  subjectBatchTemplate,
  transferList,
  transferSites,
  transferSubject,
  type BatchAssessment,
} from '../../../engine/api/subjectManagement';
import { subjectBase, subjectInfo, subjectList } from '../../../engine/api/subjects';
import { visitList } from '../../../engine/api/visits';
import { TEST_HOST, startHarness, type Harness } from '../../test/harness';
import { TEST_PASSWORD } from '../../test/testDb';
import { workbookOf } from './batchWorkbook';

let h: Harness;
let crc: string;
let cra: string;

beforeAll(async () => {
  h = await startHarness({ logger: false });
  crc = await h.loginAs('crc.li', 'CRC', 'BJ01');
  cra = await h.loginAs('cra.zhao', 'CRA', 'BJ01');
});
afterAll(() => h?.close());

/** Row counts and a digest of every table the casebook writes. */
async function casebook() {
  const rows = await h.db.query<Record<string, string | number>>(
    `select (select count(*)::int from subjects) as subjects, (select count(*)::int from subject_audit) as audit,
            (select count(*)::int from subject_transfers) as transfers,
            (select count(*)::int from form_records) as records,
            (select string_agg(md5(s::text), '' order by id) from subjects s) as digest,
            (select string_agg(md5(r::text), '' order by id) from form_records r) as recordsDigest`,
  );
  return rows[0]!;
}

async function unchanged(fn: () => Promise<void>) {
  const before = await casebook();
  await fn();
  expect(await casebook()).toEqual(before);
}

/** A multipart body with one file part (and text parts). */
function multipart(parts: { name: string; filename?: string; content: Buffer | string }[]) {
  const boundary = '----edcbatchtest0123456789';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename
      ? `form-data; name="${p.name}"; filename="${p.filename}"`
      : `form-data; name="${p.name}"`;
    const type = p.filename ? 'Content-Type: application/octet-stream\r\n' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(typeof p.content === 'string' ? Buffer.from(p.content) : p.content);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(
  token: string,
  parts: { name: string; filename?: string; content: Buffer | string }[],
  locale = 'en',
) {
  const { payload, contentType } = multipart(parts);
  const res = await h.app.inject({
    method: 'POST',
    url: `${subjectBatchAssess.path}?time=1`,
    headers: { host: TEST_HOST, token, locale, 'content-type': contentType },
    payload,
  });
  const body = res.json<{ success: boolean; msg: string; data: BatchAssessment }>();
  parseResponse(subjectBatchAssess as unknown as EndpointDef<AnyObject, unknown>, body);
  return { status: res.statusCode, body };
}

const HEADER = ['subjid', 'initials', 'sex', 'birthdate', 'protover', 'crfver'];
const file = (bytes: Buffer, filename = 'subjects.xlsx') => [{ name: 'file', filename, content: bytes }];

describe('batch upload', () => {
  it('offers a template with the columns and a sample row, to roles that may upload only', async () => {
    const res = await h.call(subjectBatchTemplate, {}, { token: crc, locale: 'en' });
    expect(res.body.success).toBe(true);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(res.body.data.base64, 'base64') as unknown as ExcelJS.Buffer);
    expect(wb.worksheets[0]!.getRow(1).values).toEqual([
      undefined,
      'Subject number (subjid)',
      'Initials (initials)',
      'Sex (sex)',
      'Birth date (birthdate)',
      'Protocol version (protover)',
      'eCRF version (crfver)',
    ]);
    const sample = wb.worksheets[1]!.getRow(2).values as unknown[];
    expect(sample[3]).toBe('BJ01-0031');
    const refused = await h.call(subjectBatchTemplate, {}, { token: cra, locale: 'en' });
    expect(refused.status).toBe(403);
  });

  it('assesses row by row (pattern, duplicates in the study and the file, sex, dates, versions) and stores nothing but the assessment', async () => {
    const bytes = await workbookOf(HEADER, [
      ['BJ01-0101', 'AB', 'F', '1980-01-02', '', ''],
      ['BJ01-0001', 'CD', 'M', '', '', ''],
      ['BJ01-102', '', '', '', '', ''],
      ['BJ01-0103', 'EF', 'X', '1980-02-30', 'PROT-9', ''],
      ['BJ01-0101', '', '', '', '', ''],
      [],
      ['BJ01-0104', '', '女', new Date(Date.UTC(1990, 4, 6)), '', 'CRF-1.0'],
    ]);
    let assessed: BatchAssessment | undefined;
    await unchanged(async () => {
      const res = await upload(crc, file(bytes));
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      assessed = res.body.data;
    });
    expect(assessed).toMatchObject({ rows: 6, valid: 2, canimport: false, problemcount: 6 });
    const byRow = assessed!.problems.map((p) => [p.row, p.column, p.value]);
    expect(byRow).toEqual([
      [3, 'subjid', 'BJ01-0001'],
      [4, 'subjid', 'BJ01-102'],
      [5, 'sex', 'X'],
      [5, 'birthdate', '1980-02-30'],
      [5, 'protover', 'PROT-9'],
      [6, 'subjid', 'BJ01-0101'],
    ]);
    expect(assessed!.problems[0]!.message).toBe('Subject number BJ01-0001 already exists');
    expect(assessed!.problems[5]!.message).toContain('row 2');
    // an assessment with problems is never imported
    await unchanged(async () => {
      const res = await h.call(
        subjectBatchImport,
        { assessmentid: assessed!.assessmentid },
        { token: crc, locale: 'en' },
      );
      expect(res.body).toMatchObject({ success: false, msg: expect.stringContaining('upload failed') });
    });
    // its report: one line per problem
    const report = await h.call(
      subjectBatchReport,
      { assessmentid: assessed!.assessmentid },
      { token: crc, locale: 'en' },
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(report.body.data.base64, 'base64') as unknown as ExcelJS.Buffer);
    expect(wb.worksheets[0]!.rowCount).toBe(7);
    expect(report.body.data.filename).toBe('subjects-assessment.xlsx');
  });

  it('checks the file by its content and its size, translated, and never answers 500', async () => {
    await unchanged(async () => {
      const text = await upload(crc, file(Buffer.from('subjid,initials\nBJ01-0200,AB\n'), 'renamed.xlsx'));
      expect(text.body).toMatchObject({ success: false, msg: expect.stringContaining('upload failed') });
      const zh = await upload(crc, file(Buffer.from('not a workbook'), 'x.xlsx'), 'zh_CN');
      expect(zh.body.msg).toBe('上传失败：文件内容不是 xlsx 格式');
      const empty = await upload(crc, file(Buffer.alloc(0)));
      expect(empty.body.success).toBe(false);
      const big = Buffer.concat([await workbookOf(HEADER, []), Buffer.alloc(30 * 1024 * 1024 + 10)]);
      const tooBig = await upload(crc, file(big));
      expect(tooBig.status).toBe(200);
      expect(tooBig.body.msg).toBe('upload failed: the file may not be larger than 30M');
      const two = await upload(crc, [
        ...file(await workbookOf(HEADER, [])),
        ...file(await workbookOf(HEADER, [])),
      ]);
      expect(two.body.msg).toBe('upload failed: one file at a time');
      const wrongColumns = await upload(
        crc,
        file(await workbookOf(['number', 'name'], [['BJ01-0201', 'x']])),
      );
      expect(wrongColumns.body.msg).toBe(
        'file assessment failed: unknown columns number, name (please use the template)',
      );
      const noRows = await upload(crc, file(await workbookOf(HEADER, [])));
      expect(noRows.body.msg).toBe('file assessment failed: the file holds no subjects');
      const noFile = await h.call(subjectBatchAssess, {}, { token: crc, locale: 'en' });
      expect(noFile.status).toBe(400);
      const asCra = await upload(cra, file(await workbookOf(HEADER, [['BJ01-0202']])));
      expect(asCra.status).toBe(403);
    });
  });

  it('passes the text parts of an upload through the one-place input check (NUL, a file under another name)', async () => {
    await unchanged(async () => {
      const bytes = await workbookOf(HEADER, [['BJ01-0140']]);
      const nul = await upload(crc, [{ name: 'note', content: 'a\u0000b' }, ...file(bytes)]);
      expect(nul.status).toBe(400);
      const otherName = await upload(crc, [{ name: 'attachment', filename: 'x.xlsx', content: bytes }]);
      expect(otherName.status).toBe(400);
    });
  });

  it('imports an assessed file in one transaction, each subject audited, once, within 90 s', async () => {
    const bytes = await workbookOf(HEADER, [
      ['BJ01-0110', 'AA', 'F', '1981-01-01', '', ''],
      ['BJ01-0111', 'BB', 'M', '', 'PROT-1.0', 'CRF-1.0'],
    ]);
    const assessed = (await upload(crc, file(bytes))).body.data;
    expect(assessed).toMatchObject({ rows: 2, valid: 2, canimport: true, problems: [] });
    const before = await casebook();
    const res = await h.call(
      subjectBatchImport,
      { assessmentid: assessed.assessmentid },
      { token: crc, locale: 'en' },
    );
    expect(res.body.data).toEqual({ imported: 2, subjids: ['BJ01-0110', 'BJ01-0111'] });
    const after = await casebook();
    expect(after.subjects).toBe(Number(before.subjects) + 2);
    const audit = await h.db.query<{ field: string; newvalue: string; reason: string }>(
      `select field, newvalue, reason from subject_audit where subject_id = 'subj-bj01-0111' order by id`,
    );
    expect(audit.map((a) => a.field)).toEqual([
      'subjid',
      'siteid',
      'protover',
      'crfver',
      'status',
      'initials',
      'sex',
    ]);
    expect(audit[0]!.reason).toBe('batch upload: subjects.xlsx');
    // once only
    await unchanged(async () => {
      const again = await h.call(
        subjectBatchImport,
        { assessmentid: assessed.assessmentid },
        { token: crc, locale: 'en' },
      );
      expect(again.body.msg).toBe('This file has already been imported');
    });
  });

  it('imports nothing when one row became invalid after the assessment (all or nothing)', async () => {
    const bytes = await workbookOf(HEADER, [['BJ01-0120'], ['BJ01-0121'], ['BJ01-0122']]);
    const assessed = (await upload(crc, file(bytes))).body.data;
    expect(assessed.canimport).toBe(true);
    // meanwhile someone else takes the third number
    const other = await upload(crc, file(await workbookOf(HEADER, [['BJ01-0122']]), 'other.xlsx'));
    await h.call(subjectBatchImport, { assessmentid: other.body.data.assessmentid }, { token: crc });
    await unchanged(async () => {
      const res = await h.call(
        subjectBatchImport,
        { assessmentid: assessed.assessmentid },
        { token: crc, locale: 'en' },
      );
      expect(res.body.msg).toBe(
        'upload failed: row 4: Subject number BJ01-0122 already exists (no subject was imported)',
      );
    });
    const rows = await h.db.query(`select 1 from subjects where subjid in ('BJ01-0120', 'BJ01-0121')`);
    expect(rows).toEqual([]);
  });

  it("refuses an expired assessment (90 s), and another user's", async () => {
    const assessed = (await upload(crc, file(await workbookOf(HEADER, [['BJ01-0130']])))).body.data;
    const pi = await h.loginAs('pi.wang', 'PI', 'BJ01');
    await unchanged(async () => {
      const other = await h.call(
        subjectBatchImport,
        { assessmentid: assessed.assessmentid },
        { token: pi, locale: 'en' },
      );
      expect(other.body.msg).toBe('No such assessment');
      h.clock.advance(BATCH_ASSESSMENT_VALID_MS);
      const late = await h.call(
        subjectBatchImport,
        { assessmentid: assessed.assessmentid },
        { token: crc, locale: 'en' },
      );
      expect(late.body.msg).toContain('expired');
      const report = await h.call(
        subjectBatchReport,
        { assessmentid: assessed.assessmentid },
        { token: crc, locale: 'en' },
      );
      expect(report.body.success).toBe(false);
    });
  });
});

describe('abandon subject', () => {
  async function updatedat(token: string, subjectid: string) {
    return (await h.call(subjectBase, { subjectid }, { token })).body.data.subject.updatedat;
  }

  it('refuses a role without the permission, a missing reason and a wrong password, changing nothing', async () => {
    const pi = await h.loginAs('pi.wang', 'PI', 'BJ01');
    const subjectid = 'subj-bj01-0003';
    const at = await updatedat(pi, subjectid);
    await unchanged(async () => {
      const asCrc = await h.call(
        abandonSubject,
        { subjectid, updatedat: at, reason: 'x', password: TEST_PASSWORD },
        { token: crc, locale: 'en' },
      );
      expect(asCrc.status).toBe(403);
      const noReason = await h.call(
        abandonSubject,
        { subjectid, updatedat: at, reason: ' ', password: TEST_PASSWORD },
        { token: pi, locale: 'en' },
      );
      expect(noReason.body.msg).toBe('Please give a reason for the change');
      const wrong = await h.call(
        abandonSubject,
        { subjectid, updatedat: at, reason: 'consent withdrawn', password: 'Wrong#pass1' },
        { token: pi, locale: 'en' },
      );
      expect(wrong.body).toMatchObject({
        success: false,
        msg: 'Incorrect password; the subject was not abandoned',
      });
    });
    // the failure was counted like a signature's
    const failures = await h.db.query<{ n: number }>(
      `select signature_failures as n from sessions where user_id = 'user-pi.wang' and ended_at is null`,
    );
    expect(failures).toEqual([{ n: 1 }]);
  });

  it('ends the session after three wrong passwords, as the signature does', async () => {
    const dm = await h.loginAs('dm.chen', 'DM', 'BJ01');
    const subjectid = 'subj-bj01-0004';
    const at = await updatedat(dm, subjectid);
    const params = { subjectid, updatedat: at, reason: 'r', password: 'Wrong#pass1' };
    await h.call(abandonSubject, params, { token: dm });
    await h.call(abandonSubject, params, { token: dm });
    const third = await h.call(abandonSubject, params, { token: dm, locale: 'en' });
    expect(third.status).toBe(401);
    expect((await h.call(subjectBase, { subjectid }, { token: dm })).status).toBe(401);
  });

  it('abandons with the password: out of the list, the subject page and data entry; its rows and audit trail kept', async () => {
    const pi = await h.loginAs('pi.wang', 'PI', 'BJ01');
    const subjectid = 'subj-bj01-0002';
    const at = await updatedat(pi, subjectid);
    const recordsBefore = (await casebook()).records;
    const res = await h.call(
      abandonSubject,
      { subjectid, updatedat: at, reason: 'duplicate registration', password: TEST_PASSWORD },
      { token: pi, locale: 'en' },
    );
    expect(res.body.data).toMatchObject({ subjectid, subjid: 'BJ01-0002' });
    expect((await h.call(subjectInfo, { subjectid }, { token: pi })).body.success).toBe(false);
    expect((await h.call(subjectBase, { subjectid }, { token: pi })).body.success).toBe(false);
    expect((await h.call(visitList, { subjectid }, { token: pi })).body.success).toBe(false);
    const list = await h.call(subjectList, { subjid: 'BJ01-0002' }, { token: pi });
    expect(list.body.data.list.map((r) => r.subjid)).not.toContain('BJ01-0002');
    expect((await casebook()).records).toBe(recordsBefore);
    const audit = await h.db.query<{ field: string; reason: string }>(
      `select field, reason from subject_audit where subject_id = $1 and field = 'abandoned'`,
      [subjectid],
    );
    expect(audit).toEqual([{ field: 'abandoned', reason: 'duplicate registration' }]);
    // irreversible: a second abandon finds no subject
    const again = await h.call(
      abandonSubject,
      { subjectid, updatedat: at, reason: 'x', password: TEST_PASSWORD },
      { token: pi, locale: 'en' },
    );
    expect(again.body.success).toBe(false);
  });
});

describe('subject transfer', () => {
  it('moves a subject with its records to another site, audited; both sites see the move', async () => {
    const dm = await h.loginAs('dm.chen', 'DM', 'BJ01');
    const choices = await h.call(transferSites, {}, { token: dm });
    expect(choices.body.data.sites.map((s) => s.sitecode)).not.toContain('BJ01');
    const subject = choices.body.data.subjects.find((s) => s.subjid === 'BJ01-0005')!;
    const sh01 = choices.body.data.sites.find((s) => s.sitecode === 'SH01')!;
    await unchanged(async () => {
      const noReason = await h.call(
        transferSubject,
        { subjectid: subject.subjectid, updatedat: subject.updatedat, tositeid: sh01.siteid, reason: '' },
        { token: dm, locale: 'en' },
      );
      expect(noReason.body.success).toBe(false);
      const asCrc = await h.call(
        transferSubject,
        { subjectid: subject.subjectid, updatedat: subject.updatedat, tositeid: sh01.siteid, reason: 'x' },
        { token: crc },
      );
      expect(asCrc.status).toBe(403);
      const unknownSite = await h.call(
        transferSubject,
        { subjectid: subject.subjectid, updatedat: subject.updatedat, tositeid: 'site-nowhere', reason: 'x' },
        { token: dm, locale: 'en' },
      );
      expect(unknownSite.body.msg).toBe('No such site in this study');
    });
    const moved = await h.call(
      transferSubject,
      {
        subjectid: subject.subjectid,
        updatedat: subject.updatedat,
        tositeid: sh01.siteid,
        reason: 'patient moved to Shanghai',
      },
      { token: dm, locale: 'en' },
    );
    expect(moved.body.data).toMatchObject({ subjid: 'BJ01-0005', sitecode: 'SH01' });
    const records = await h.db.query<{ site_id: string }>(
      'select distinct site_id from form_records where subject_id = $1',
      [subject.subjectid],
    );
    expect(records.every((r) => r.site_id === sh01.siteid)).toBe(true);
    // the old site's list of transfers and the new site's both show it
    const atBj01 = await h.call(transferList, { page: 1, size: 20 }, { token: dm });
    expect(atBj01.body.data.list[0]).toMatchObject({
      subjid: 'BJ01-0005',
      fromsite: 'BJ01',
      tosite: 'SH01',
      reason: 'patient moved to Shanghai',
    });
    const dmSh01 = await h.loginAs('dm.chen', 'DM', 'SH01');
    const atSh01 = await h.call(transferList, { page: 1, size: 20 }, { token: dmSh01 });
    expect(atSh01.body.data.list[0]).toMatchObject({ subjid: 'BJ01-0005', fromsite: 'BJ01', tosite: 'SH01' });
    // and the subject's audit trail, now read at SH01
    const base = await h.call(subjectBase, { subjectid: subject.subjectid }, { token: dmSh01 });
    expect(base.body.data.audit.at(-1)).toMatchObject({
      field: 'siteid',
      originalvalue: 'BJ01',
      currentvalue: 'SH01',
    });
  });
});
