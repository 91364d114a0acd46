/**
 * Data entry on the demo seed: who may read and write (role, site, page), visit and form lists with their status,
 * saves validated with the engine (the same problems as the browser's validator), confirmations, reasons for
 * change, optimistic locking, idempotent retries (also concurrent), log-line appends, the audit trail and its
 * immutability, edit checks that write nothing, edit reasons and input assistance. Every answer is checked against
 * the contract by the harness.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditTrail,
  dataInfo,
  dataInputAsst,
  dataList,
  editReasons,
  RECORD_CAPABILITIES,
  saveData,
  updateData,
  type SaveOutcome,
} from '../../../engine/api/data';
import { editCheck, editCheckUpdate } from '../../../engine/api/editChecks';
import { tableList, visitList } from '../../../engine/api/visits';
import { defaultFieldTypes } from '../../../engine/fieldTypes/registry';
import { compileForm, prepareForSave, validateForm } from '../../../engine/form/index';
import { builtinFormatters, columnsToColDefs, leafColDefs } from '../../../engine/grid/columnToColDef';
import { parseColumns } from '../../../engine/metadata/parseColumns';
import type { FormContext, FormValues } from '../../../engine/form/types';
import { lbSchema, vsSchema } from '../../../fixtures/forms/index';
import { DEMO_SUBJECTS } from '../../seed/forms';
import type { CallResult } from '../../test/harness';
import { startHarness, type Harness } from '../../test/harness';

/** The data domain's own record capabilities (the review workflows add theirs through the record hooks). */
const own = (capabilities: readonly string[]) =>
  capabilities.filter((c) => (RECORD_CAPABILITIES as readonly string[]).includes(c));

let h: Harness;
let crc: string;
let pi: string;
let sponsor: string;
let cra: string;
let dm: string;
let crcSmith: string;

/** The e2e's subject (BJ01): V1 VS not entered. */
const ENTRY = DEMO_SUBJECTS.entry;
/** A BOS01 subject (outside crc.li's sites). */
const BOS = 'subj-bos01-0001';
const key = () => randomUUID();

beforeAll(async () => {
  h = await startHarness({ logger: false });
  crc = await h.loginAs('crc.li', 'CRC', 'BJ01');
  pi = await h.loginAs('pi.wang', 'PI', 'BJ01');
  sponsor = await h.loginAs('sponsor.liu', 'SPONSOR', 'BJ01');
  cra = await h.loginAs('cra.zhao', 'CRA', 'BJ01');
  dm = await h.loginAs('dm.chen', 'DM', 'BJ01');
  crcSmith = await h.loginAs('crc.smith', 'CRC', 'BOS01');
  // the writing tests take subjects of BJ01 (the site the sessions chose): the SH01 subjects without records but
  // the first (kept for the site-scope test) move to BJ01, so that there are enough of them
  await h.db.query(
    `update subjects set site_id = 'site-bj01'
     where site_id = 'site-sh01' and not exists (select 1 from form_records r where r.subject_id = subjects.id)
       and subjid > (select min(s2.subjid) from subjects s2 where s2.site_id = 'site-sh01'
                     and not exists (select 1 from form_records r where r.subject_id = s2.id))`,
  );
  const rows = await h.db.query<{ id: string }>(
    `select s.id from subjects s join sites si on si.id = s.site_id
     where si.sitecode = 'BJ01' and not exists (select 1 from form_records r where r.subject_id = s.id)
     order by si.sitecode, s.subjid`,
  );
  fresh = rows.map((r) => r.id);
}, 120_000);
afterAll(() => h?.close());

/** Vital signs a CRC enters: valid, no warnings (today is 2026-03-02 on the test clock). */
const GOOD_VS: FormValues = {
  VSDAT: '2026-03-01',
  VSPOS: 'SITTING',
  SYSBP: '120',
  DIABP: '80',
  PULSE: '70',
  TEMP: '36.5',
  WEIGHT: '70',
  HEIGHT: '175',
};

function form(subjectid: string, visitnum: string, tid: string) {
  return { subjectid, visitnum, cycnum: 1, svnum: 1, tid };
}

function outcomeOf(res: CallResult<SaveOutcome>): SaveOutcome {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  if (!res.body.success) throw new Error(res.body.msg);
  return res.body.data;
}

async function save(token: string, keys: ReturnType<typeof form>, values: FormValues, extra = {}) {
  return h.call(saveData, { ...keys, version: 1, values, idempotencyKey: key(), ...extra }, { token });
}

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const rows = await h.db.query<{ n: number }>(sql, params);
  return rows[0]?.n ?? 0;
}

const recordCount = () => count('select count(*)::int as n from form_records');
const auditCount = () => count('select count(*)::int as n from data_audit');

/** Subjects of BJ01 (the site crc.li, pi.wang … chose) with nothing entered; each test that writes takes its own. */
let fresh: string[] = [];
function freshSubject(): string {
  const next = fresh.shift();
  if (!next) throw new Error('no fresh subjects left');
  return next;
}

describe('permissions: role, page and site', () => {
  it('CODER and SUPPORT get 403 on data endpoints (no subject page)', async () => {
    for (const [user, role] of [
      ['coder.zhou', 'CODER'],
      ['support.admin', 'SUPPORT'],
    ] as const) {
      const t = await h.loginAs(user, role, 'BJ01');
      expect((await h.call(visitList, { subjectid: ENTRY }, { token: t })).status).toBe(403);
      expect((await h.call(editReasons, {}, { token: t })).status).toBe(403);
      const saved = await save(t, form(ENTRY, 'V1', 'VS'), GOOD_VS);
      expect(saved.status).toBe(403);
    }
  });

  it('sponsor and monitor (CRA) may read but not save: 403, nothing written; DM likewise', async () => {
    const before = await recordCount();
    for (const t of [sponsor, cra, dm]) {
      const list = await h.call(dataList, form(ENTRY, 'V1', 'DM'), { token: t });
      if (!list.body.success) throw new Error(list.body.msg);
      expect(list.body.data.capabilities).not.toContain('enter');
      expect(list.body.data.capabilities).not.toContain('change');
      expect(list.body.data.capabilities).toContain('view');
      const res = await save(t, form(ENTRY, 'V1', 'VS'), GOOD_VS);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(403);
    }
    expect(await recordCount()).toBe(before);
  });

  it('capabilities come from the role: PI and CRC enter and change, readers view and audit', async () => {
    for (const t of [pi, crc]) {
      const info = await h.call(dataInfo, form(ENTRY, 'V1', 'VS'), { token: t });
      if (!info.body.success) throw new Error(info.body.msg);
      expect(info.body.data.record).toBeNull();
      expect(own(info.body.data.capabilities)).toEqual(['view', 'enter', 'change', 'audit']);
    }
    for (const t of [sponsor, cra, dm]) {
      const info = await h.call(dataInfo, form(ENTRY, 'V1', 'VS'), { token: t });
      expect(info.body.success && own(info.body.data.capabilities)).toEqual(['view', 'audit']);
    }
  });

  it('a saved record keeps the same capabilities (the save answer needs no second read)', async () => {
    const subject = freshSubject();
    outcomeOf(await save(crc, form(subject, 'V1', 'VS'), GOOD_VS));
    const mine = await h.call(dataInfo, form(subject, 'V1', 'VS'), { token: crc });
    expect(mine.body.success && own(mine.body.data.capabilities)).toEqual([
      'view',
      'enter',
      'change',
      'audit',
    ]);
    const list = await h.call(dataList, form(subject, 'V1', 'VS'), { token: pi });
    expect(list.body.success && own(list.body.data.capabilities)).toEqual([
      'view',
      'enter',
      'change',
      'audit',
    ]);
    const theirs = await h.call(dataInfo, form(subject, 'V1', 'VS'), { token: cra });
    expect(theirs.body.success && own(theirs.body.data.capabilities)).toEqual(['view', 'audit']);
  });

  it('a subject outside the role’s sites is "not found", for reads and saves alike', async () => {
    const before = await recordCount();
    const visits = await h.call(visitList, { subjectid: BOS }, { token: crc });
    expect(visits.body).toMatchObject({ success: false });
    const saved = await save(crc, form(BOS, 'V1', 'VS'), GOOD_VS);
    expect(saved.status).toBe(200);
    expect(saved.body.success).toBe(false);
    const other = await h.call(visitList, { subjectid: ENTRY }, { token: crcSmith, locale: 'en' });
    expect(other.body).toMatchObject({ success: false, msg: 'No such subject at the sites of your role' });
    expect(await recordCount()).toBe(before);
  });

  it('subject and visit read in one statement (stop 26): out of scope → subject not found, before the visit; no such visit → visit not found', async () => {
    const before = await recordCount();
    // another site's subject with a visit it has: the subject is not found (the visit is never judged)
    const theirs = await h.call(dataInfo, form(BOS, 'V1', 'VS'), { token: crc, locale: 'en' });
    expect(theirs.body).toMatchObject({ success: false, msg: 'No such subject at the sites of your role' });
    const theirsSaved = await save(crc, form(BOS, 'V1', 'VS'), GOOD_VS);
    expect(theirsSaved.body).toMatchObject({ success: false });
    // stop 30 (the save's scope read moved into its transaction): with a form version that does not exist either,
    // the subject is still the one not found
    const theirsUnknownVersion = await h.call(
      saveData,
      { ...form(BOS, 'V1', 'VS'), version: 999, values: GOOD_VS, idempotencyKey: key() },
      { token: crc, locale: 'en' },
    );
    expect(theirsUnknownVersion.body).toMatchObject({
      success: false,
      msg: 'No such subject at the sites of your role',
    });
    // the subject in scope, a visit it does not have: the visit is not found, for a read and a save
    const noVisit = { ...form(ENTRY, 'V1', 'VS'), cycnum: 99 };
    const read = await h.call(dataInfo, noVisit, { token: crc, locale: 'en' });
    expect(read.body).toMatchObject({ success: false, msg: 'The subject has no such visit' });
    const saved = await save(crc, noVisit, GOOD_VS);
    expect(saved.body).toMatchObject({ success: false });
    // and the visit it has opens
    const ok = await h.call(dataInfo, form(ENTRY, 'V1', 'VS'), { token: crc, locale: 'en' });
    expect(ok.body.success).toBe(true);
    expect(await recordCount()).toBe(before);
  });

  it('a record of another site is not found by its id (audit trail, update)', async () => {
    const [row] = await h.db.query<{ id: string }>(
      `select id::text as id from form_records where subject_id = $1 limit 1`,
      [DEMO_SUBJECTS.entry],
    );
    const trail = await h.call(auditTrail, { recordid: row!.id }, { token: crcSmith });
    expect(trail.body.success).toBe(false);
    const upd = await h.call(
      updateData,
      { recordid: row!.id, rowversion: 1, version: 1, values: {}, idempotencyKey: key() },
      { token: crcSmith },
    );
    expect(upd.body.success).toBe(false);
  });

  it('a visit the subject does not have, or a form the visit does not hold, is not found', async () => {
    const noVisit = await h.call(tableList, { subjectid: ENTRY, visitnum: 'V9' }, { token: crc });
    expect(noVisit.body.success).toBe(false);
    const noForm = await h.call(dataList, form(ENTRY, 'V1', 'AE'), { token: crc });
    expect(noForm.body.success).toBe(false);
  });
});

describe('visits and forms', () => {
  it('lists the visits in schedule order with their status (the seed entered DM and IE at V1)', async () => {
    const res = await h.call(visitList, { subjectid: ENTRY }, { token: crc });
    if (!res.body.success) throw new Error(res.body.msg);
    expect(res.body.data.map((v) => v.visitnum)).toEqual(['V1', 'V2', 'V3', 'V4', 'LOG', 'EXT']);
    expect(res.body.data[0]).toMatchObject({ status: '1', formCount: 4, enteredCount: 2 });
    expect(res.body.data[0]!.visitdate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('lists a visit’s forms with status; V1 VS of the e2e subject is not entered', async () => {
    const res = await h.call(tableList, { subjectid: ENTRY, visitnum: 'V1' }, { token: crc });
    if (!res.body.success) throw new Error(res.body.msg);
    expect(res.body.data.map((f) => [f.tid, f.status])).toEqual([
      ['DM', '2'],
      ['IE', '2'],
      ['VS', '0'],
      ['LB', '0'],
    ]);
    const logs = await h.call(tableList, { subjectid: ENTRY, visitnum: 'LOG' }, { token: crc });
    expect(logs.body.success && logs.body.data[0]).toMatchObject({ tid: 'AE', logline: true, lines: 1 });
  });

  it('datainfo of a form not entered: the schema, no record, no values', async () => {
    const res = await h.call(dataInfo, form(ENTRY, 'V1', 'VS'), { token: crc });
    if (!res.body.success) throw new Error(res.body.msg);
    expect(res.body.data).toMatchObject({ record: null, values: {}, items: {} });
    expect(res.body.data.schema).toMatchObject({ tid: 'VS', version: 1 });
  });
});

describe('saving: validation with the engine', () => {
  const ctx: FormContext = { textLimit: 2000, numUnknownAllowed: false, today: '2026-03-02' };
  const compiled = compileForm(vsSchema);
  if (!compiled.ok) throw new Error('VS does not compile');
  /** What the browser's validator says about the same values. */
  const browserProblems = (values: FormValues) =>
    validateForm(compiled.form, prepareForSave(compiled.form, values, ctx), ctx);

  it.each([
    ['SYSBP 12a (not an integer)', { SYSBP: '12a' }, 'SYSBP', 'form.notInteger'],
    ['SYSBP 300 (outside the hard range)', { SYSBP: '300' }, 'SYSBP', 'form.outOfRange'],
    ['DIABP ≥ SYSBP (hard check)', { SYSBP: '100', DIABP: '100' }, 'DIABP', null],
    ['VSDAT missing (required)', { VSDAT: null }, 'VSDAT', 'form.required'],
    ['VSDAT in the future (hard check)', { VSDAT: '2026-03-03' }, 'VSDAT', null],
  ])('refuses %s as the browser does, writing nothing', async (_name, change, variable, messageId) => {
    const subject = freshSubject();
    const values = { ...GOOD_VS, ...change };
    const [records, audits] = [await recordCount(), await auditCount()];
    const outcome = outcomeOf(await save(crc, form(subject, 'V1', 'VS'), values));
    expect(outcome.outcome).toBe('invalid');
    if (outcome.outcome !== 'invalid') return;
    expect(outcome.problems).toEqual(JSON.parse(JSON.stringify(browserProblems(values))));
    const problem = outcome.problems[variable]?.find((p) => p.level === 'error');
    if (messageId) expect(problem?.messageId).toBe(messageId);
    else expect(problem?.ruleId).toBeTruthy();
    expect([await recordCount(), await auditCount()]).toEqual([records, audits]);
  });

  it('a soft warning asks for confirmation; confirmed, it saves with status 1 and the warning', async () => {
    const subject = freshSubject();
    const values = { ...GOOD_VS, SYSBP: '150' };
    const first = outcomeOf(await save(crc, form(subject, 'V1', 'VS'), values));
    expect(first.outcome).toBe('needsConfirmation');
    if (first.outcome === 'needsConfirmation') expect(first.problems.SYSBP?.[0]?.level).toBe('warning');
    const confirmed = outcomeOf(
      await save(crc, form(subject, 'V1', 'VS'), values, { confirmWarnings: true }),
    );
    expect(confirmed.outcome).toBe('saved');
    if (confirmed.outcome !== 'saved') return;
    expect(confirmed.record.status).toBe('1');
    expect(confirmed.problems.SYSBP?.[0]?.messageId).toBe('form.outOfSoftRange');
  });

  it('saves valid values (status 2) with one create audit row per entered item, computed BMI included', async () => {
    const subject = freshSubject();
    const audits = await auditCount();
    const outcome = outcomeOf(await save(crc, form(subject, 'V1', 'VS'), { ...GOOD_VS, SYSBP: ' 120 ' }));
    if (outcome.outcome !== 'saved') throw new Error(JSON.stringify(outcome));
    expect(outcome.record).toMatchObject({ lineno: 1, rowversion: 1, status: '2', updatedby: 'crc.li' });
    // the item status comes with the outcome: entered items datatype 0, calculated −1, blank items none
    expect(outcome.items.SYSBP).toMatchObject({ datatype: 0, note: 0 });
    expect(outcome.items.BMI).toEqual({ datatype: -1, note: 0 });
    expect(outcome.items.VSTIM).toBeUndefined();
    const info = await h.call(dataInfo, form(subject, 'V1', 'VS'), { token: crc });
    if (!info.body.success) throw new Error(info.body.msg);
    expect(info.body.data.values).toMatchObject({ SYSBP: '120', BMI: '22.9', VSTIM: null });
    expect(info.body.data.items).toEqual(outcome.items);
    // 8 entered + BMI
    expect((await auditCount()) - audits).toBe(9);
    // written by the record's own insert (stop 31): each row names the record as written, the saving user and role,
    // the save's time, in the form's item order
    const rows = await h.db.query<Record<string, unknown>>(
      `select a.study_id = r.study_id and a.subject_id = r.subject_id and a.site_id = r.site_id and a.tid = r.tid
              and a.lineno = r.lineno and a.at = r.created_at and a.user_id = r.created_by as "same",
              a.role_id as "roleId", a.variable, a.oldvalue, a.reason_code as "reasonCode"
       from data_audit a join form_records r on r.id = a.record_id where a.record_id = $1::bigint order by a.id`,
      [outcome.record.recordid],
    );
    expect(rows).toHaveLength(9);
    expect(rows.every((r) => r.same === true && r.oldvalue === null && r.reasonCode === null)).toBe(true);
    expect(new Set(rows.map((r) => r.roleId))).toEqual(new Set(['role-crc']));
    expect(rows.map((r) => r.variable)).toEqual(Object.keys(outcome.items).filter((v) => v !== 'VSTIM'));
    const tables = await h.call(tableList, { subjectid: subject, visitnum: 'V1' }, { token: crc });
    expect(tables.body.success && tables.body.data.find((t) => t.tid === 'VS')?.status).toBe('2');
  });

  it('nothing entered → unchanged, nothing written', async () => {
    const before = await recordCount();
    const outcome = outcomeOf(await save(crc, form(freshSubject(), 'V1', 'VS'), { SYSBP: '  ' }));
    expect(outcome).toEqual({ outcome: 'unchanged' });
    expect(await recordCount()).toBe(before);
  });

  it('a second first-entry of a plain form answers conflict with the saved record', async () => {
    const subject = freshSubject();
    const first = outcomeOf(await save(crc, form(subject, 'V1', 'VS'), GOOD_VS));
    const second = outcomeOf(await save(pi, form(subject, 'V1', 'VS'), GOOD_VS));
    expect(second.outcome).toBe('conflict');
    if (first.outcome === 'saved' && second.outcome === 'conflict') {
      expect(second.record.recordid).toBe(first.record.recordid);
    }
  });

  it('refuses an unknown schema version as not found', async () => {
    const res = await save(crc, form(freshSubject(), 'V1', 'VS'), GOOD_VS, { version: 9 });
    expect(res.body.success).toBe(false);
  });
});

describe('idempotency', () => {
  it('a retried save answers the first outcome and writes nothing', async () => {
    const subject = freshSubject();
    const params = { ...form(subject, 'V1', 'VS'), version: 1, values: GOOD_VS, idempotencyKey: key() };
    const first = outcomeOf(await h.call(saveData, params, { token: crc }));
    const [records, audits] = [await recordCount(), await auditCount()];
    const retry = outcomeOf(await h.call(saveData, params, { token: crc }));
    expect(retry).toEqual(first);
    expect([await recordCount(), await auditCount()]).toEqual([records, audits]);
  });

  it('concurrent duplicates of a log-line append write one row', async () => {
    const subject = freshSubject();
    const values = {
      AETERM: 'Rash',
      AESTDAT: '2026-02-20',
      AEONGO: 'Y',
      AESEV: 'MILD',
      AESER: 'N',
      AEREL: 'NOT RELATED',
      AEACN: 'NOT APPLICABLE',
      AEOUT: 'RECOVERING/RESOLVING',
    };
    const params = { ...form(subject, 'LOG', 'AE'), version: 1, values, idempotencyKey: key() };
    const outcomes = await Promise.all([1, 2, 3].map(() => h.call(saveData, params, { token: crc })));
    const saved = outcomes.map(outcomeOf);
    expect(saved[0]!.outcome).toBe('saved');
    expect(saved[1]).toEqual(saved[0]);
    expect(saved[2]).toEqual(saved[0]);
    expect(
      await count('select count(*)::int as n from form_records where subject_id = $1 and tid = $2', [
        subject,
        'AE',
      ]),
    ).toBe(1);
  });

  it('the same key for another endpoint is a parameter error', async () => {
    const subject = freshSubject();
    const idem = key();
    const first = outcomeOf(
      await h.call(
        saveData,
        { ...form(subject, 'V1', 'VS'), version: 1, values: GOOD_VS, idempotencyKey: idem },
        {
          token: crc,
        },
      ),
    );
    if (first.outcome !== 'saved') throw new Error('not saved');
    const reuse = await h.call(
      updateData,
      { recordid: first.record.recordid, rowversion: 1, version: 1, values: GOOD_VS, idempotencyKey: idem },
      { token: crc },
    );
    expect(reuse.status).toBe(400);
  });
});

describe('idempotency: a key belongs to one save', () => {
  it('the same key with other values or for another subject is refused (400) and writes nothing', async () => {
    const [subject, other] = [freshSubject(), freshSubject()];
    const idem = key();
    const params = { ...form(subject, 'V1', 'VS'), version: 1, values: GOOD_VS, idempotencyKey: idem };
    const first = outcomeOf(await h.call(saveData, params, { token: crc }));
    expect(first.outcome).toBe('saved');
    const [records, audits] = [await recordCount(), await auditCount()];
    const otherValues = await h.call(
      saveData,
      { ...params, values: { ...GOOD_VS, PULSE: '88' } },
      { token: crc },
    );
    expect(otherValues.status).toBe(400);
    const otherSubject = await h.call(saveData, { ...params, ...form(other, 'V1', 'VS') }, { token: crc });
    expect(otherSubject.status).toBe(400);
    expect([await recordCount(), await auditCount()]).toEqual([records, audits]);
    // a retry of the same save, confirmed this time (the first answer was lost), still answers the first outcome
    const retry = outcomeOf(await h.call(saveData, { ...params, confirmWarnings: true }, { token: crc }));
    expect(retry).toEqual(first);
  });

  it('an update key reused for other values is refused', async () => {
    const subject = freshSubject();
    const saved = outcomeOf(await save(crc, form(subject, 'V1', 'VS'), GOOD_VS));
    if (saved.outcome !== 'saved') throw new Error(JSON.stringify(saved));
    const idem = key();
    const params = {
      recordid: saved.record.recordid,
      rowversion: 1,
      version: 1,
      values: { ...GOOD_VS, PULSE: '74' },
      reasons: { PULSE: { code: null, text: 'Re-measured' } },
      idempotencyKey: idem,
    };
    expect(outcomeOf(await h.call(updateData, params, { token: crc })).outcome).toBe('saved');
    const audits = await auditCount();
    const reuse = await h.call(
      updateData,
      { ...params, rowversion: 2, values: { ...GOOD_VS, PULSE: '99' } },
      { token: crc },
    );
    expect(reuse.status).toBe(400);
    expect(await auditCount()).toBe(audits);
  });
});

describe('log-line forms', () => {
  it('appends rows at the end (lineno max + 1) and pages them in datalist', async () => {
    const subject = freshSubject();
    const base = {
      AESTDAT: '2026-02-20',
      AEONGO: 'Y',
      AESEV: 'MILD',
      AESER: 'N',
      AEREL: 'NOT RELATED',
      AEACN: 'NOT APPLICABLE',
      AEOUT: 'RECOVERING/RESOLVING',
    };
    const linenos: number[] = [];
    for (const term of ['Cough', 'Dizziness', 'Insomnia']) {
      const outcome = outcomeOf(await save(crc, form(subject, 'LOG', 'AE'), { ...base, AETERM: term }));
      if (outcome.outcome === 'saved') linenos.push(outcome.record.lineno);
    }
    expect(linenos).toEqual([1, 2, 3]);
    const page2 = await h.call(
      dataList,
      { ...form(subject, 'LOG', 'AE'), size: 2, innerPage: 2 },
      { token: crc },
    );
    if (!page2.body.success) throw new Error(page2.body.msg);
    expect(page2.body.data).toMatchObject({
      table: true,
      total: 3,
      pageNum: 2,
      innerPage: 2,
      capabilities: expect.arrayContaining(['view', 'enter', 'change', 'audit']),
    });
    expect(page2.body.data.list?.map((r) => [r.lineno, r.AETERM])).toEqual([[3, 'Insomnia']]);
    expect(page2.body.data.columns).not.toBeNull();
    const line = await h.call(dataInfo, { ...form(subject, 'LOG', 'AE'), lineno: 2 }, { token: crc });
    expect(line.body.success && line.body.data.values.AETERM).toBe('Dizziness');
    const missing = await h.call(dataInfo, { ...form(subject, 'LOG', 'AE'), lineno: 9 }, { token: crc });
    expect(missing.body.success).toBe(false);
  });

  it('datalist completes the columns from the items: option labels for selectors and code lists, labels kept', async () => {
    const res = await h.call(dataList, form(ENTRY, 'LOG', 'AE'), { token: crc });
    if (!res.body.success) throw new Error(res.body.msg);
    const columns = res.body.data.columns ?? [];
    const byProp = new Map(columns.map((c) => [(c as { prop?: unknown }).prop, c]));
    expect(byProp.get('AESEV')).toMatchObject({
      label: { zh_CN: '严重程度', en: 'Severity' },
      filter: 'options',
      options: [
        { codevalue: 'MILD', codedesp: { zh_CN: '轻度', en: 'Mild' } },
        { codevalue: 'MODERATE', codedesp: { zh_CN: '中度', en: 'Moderate' } },
        { codevalue: 'SEVERE', codedesp: { zh_CN: '重度', en: 'Severe' } },
      ],
    });
    expect(byProp.get('AESER')).toMatchObject({ filter: 'codelist:YN' });
    for (const prop of ['AEREL', 'AEOUT']) {
      expect(byProp.get(prop), prop).toMatchObject({ filter: 'options', options: expect.any(Array) });
    }
    // the schema's own labels stay; text and date columns get no formatter
    expect(byProp.get('AETERM')).toMatchObject({ label: { zh_CN: '不良事件名称', en: 'Adverse event' } });
    for (const prop of ['AETERM', 'AESTDAT']) expect(byProp.get(prop), prop).not.toHaveProperty('filter');

    // as the grid shows them: no issues, codes as their labels in the locale
    const parsed = parseColumns(columns, defaultFieldTypes());
    expect(parsed.issues).toEqual([]);
    const defs = leafColDefs(
      columnsToColDefs(parsed.items, {
        locale: 'zh_CN',
        userTimeZone: 'Asia/Shanghai',
        fieldTypes: defaultFieldTypes(),
        formatters: builtinFormatters,
        codeLabels: () => undefined,
        cellRenderers: new Set(),
        slots: new Set(),
        issueText: (issue) => issue.messageId,
      }),
    );
    const sev = defs.find((d) => d.colId === 'AESEV');
    expect(sev?.format('MODERATE', {})).toBe('中度');
  });

  it('concurrent appends (different saves) get distinct line numbers', async () => {
    const subject = freshSubject();
    const values = (term: string) => ({
      AETERM: term,
      AESTDAT: '2026-02-20',
      AEONGO: 'Y',
      AESEV: 'MILD',
      AESER: 'N',
      AEREL: 'NOT RELATED',
      AEACN: 'NOT APPLICABLE',
      AEOUT: 'RECOVERING/RESOLVING',
    });
    const outcomes = await Promise.all(
      ['A', 'B', 'C', 'D'].map((term) => save(crc, form(subject, 'LOG', 'AE'), values(term))),
    );
    const linenos = outcomes.map(outcomeOf).map((o) => (o.outcome === 'saved' ? o.record.lineno : 0));
    expect([...linenos].sort()).toEqual([1, 2, 3, 4]);
  });
});

describe('changing a saved record', () => {
  async function savedVs() {
    const subject = freshSubject();
    const outcome = outcomeOf(await save(crc, form(subject, 'V1', 'VS'), GOOD_VS));
    if (outcome.outcome !== 'saved') throw new Error(JSON.stringify(outcome));
    return outcome.record;
  }
  const update = (recordid: string, rowversion: number, values: FormValues, extra = {}) =>
    h.call(
      updateData,
      { recordid, rowversion, version: 1, values, idempotencyKey: key(), ...extra },
      { token: crc },
    );

  it('needs a reason for each changed value, then saves with one update audit row each', async () => {
    const record = await savedVs();
    const values = { ...GOOD_VS, PULSE: '74', TEMP: '36.8' };
    const need = outcomeOf(await update(record.recordid, 1, values));
    expect(need).toEqual({ outcome: 'needsReason', variables: ['PULSE', 'TEMP'] });
    const audits = await auditCount();
    const done = outcomeOf(
      await update(record.recordid, 1, values, {
        reasons: {
          PULSE: { code: 'TRANSCRIPTION', text: 'Transcription error' },
          TEMP: { code: null, text: 'Re-measured' },
        },
      }),
    );
    expect(done.outcome).toBe('saved');
    if (done.outcome === 'saved') {
      expect(done.record.rowversion).toBe(2);
      expect(done.items.PULSE).toMatchObject({ datatype: 0, note: 0 });
      expect(done.items.BMI).toEqual({ datatype: -1, note: 0 });
    }
    expect((await auditCount()) - audits).toBe(2);

    const trail = await h.call(auditTrail, { recordid: record.recordid }, { token: crc });
    if (!trail.body.success) throw new Error(trail.body.msg);
    const rows = trail.body.data;
    expect(rows.slice(0, 9).every((r) => r.action === 'create' && r.originalvalue === null)).toBe(true);
    expect(rows.slice(-2)).toMatchObject([
      {
        action: 'update',
        varname: 'PULSE',
        originalvalue: '70',
        currentvalue: '74',
        note: 'Transcription error',
      },
      { action: 'update', varname: 'TEMP', originalvalue: '36.5', currentvalue: '36.8', note: 'Re-measured' },
    ]);
    expect(rows[0]).toMatchObject({
      username: 'crc.li',
      realname: '李娜',
      role: { en: expect.any(String) },
      at: '2026-03-02T01:00:00.000Z',
    });
    expect(rows.map((r) => Number(r.id))).toEqual([...rows.map((r) => Number(r.id))].sort((a, b) => a - b));
    expect(rows.find((r) => r.varname === 'SYSBP')?.label).toMatchObject({ en: 'Systolic blood pressure' });
  });

  it('the same values → unchanged; a stale rowversion → conflict; nothing written', async () => {
    const record = await savedVs();
    const [records, audits] = [await recordCount(), await auditCount()];
    expect(outcomeOf(await update(record.recordid, 1, GOOD_VS))).toEqual({ outcome: 'unchanged' });
    const stale = outcomeOf(
      await update(
        record.recordid,
        7,
        { ...GOOD_VS, PULSE: '90' },
        { reasons: { PULSE: { code: null, text: 'x' } } },
      ),
    );
    expect(stale.outcome).toBe('conflict');
    if (stale.outcome === 'conflict') expect(stale.record.rowversion).toBe(1);
    expect([await recordCount(), await auditCount()]).toEqual([records, audits]);
  });

  it('an invalid change is refused with field problems', async () => {
    const record = await savedVs();
    const outcome = outcomeOf(
      await update(
        record.recordid,
        1,
        { ...GOOD_VS, SYSBP: '12a' },
        { reasons: { SYSBP: { code: null, text: 'x' } } },
      ),
    );
    expect(outcome.outcome).toBe('invalid');
    if (outcome.outcome === 'invalid') expect(outcome.problems.SYSBP?.[0]?.messageId).toBe('form.notInteger');
  });

  it('refuses malformed reasons with 400', async () => {
    const record = await savedVs();
    const res = await update(
      record.recordid,
      1,
      { ...GOOD_VS, PULSE: '71' },
      { reasons: { PULSE: { code: null } } },
    );
    expect(res.status).toBe(400);
  });
});

describe('edit checks write nothing', () => {
  it('check.do answers the problems of unsaved values', async () => {
    const [records, audits] = [await recordCount(), await auditCount()];
    const res = await h.call(
      editCheck,
      { ...form(ENTRY, 'V1', 'VS'), version: 1, values: { ...GOOD_VS, SYSBP: '300' } },
      { token: crc },
    );
    if (!res.body.success) throw new Error(res.body.msg);
    expect(res.body.data.problems.SYSBP?.[0]?.messageId).toBe('form.outOfRange');
    expect([await recordCount(), await auditCount()]).toEqual([records, audits]);
  });

  it('checkupdate.do answers the problems and the changed variables', async () => {
    const subject = freshSubject();
    const saved = outcomeOf(await save(crc, form(subject, 'V1', 'VS'), GOOD_VS));
    if (saved.outcome !== 'saved') throw new Error('not saved');
    const res = await h.call(
      editCheckUpdate,
      { recordid: saved.record.recordid, version: 1, values: { ...GOOD_VS, SYSBP: '150' } },
      { token: crc },
    );
    if (!res.body.success) throw new Error(res.body.msg);
    expect(res.body.data.changed).toEqual(['SYSBP']);
    expect(res.body.data.problems.SYSBP?.[0]?.level).toBe('warning');
  });
});

describe('audit trail immutability (database)', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of data_audit', async () => {
    expect(await auditCount()).toBeGreaterThan(0);
    await expect(h.db.query(`update data_audit set newvalue = 'x'`)).rejects.toThrow(
      /append-only|permission denied/,
    );
    await expect(h.db.query('delete from data_audit')).rejects.toThrow(/append-only|permission denied/);
    await expect(h.db.query('truncate data_audit')).rejects.toThrow(/append-only|permission denied/);
  });
});

describe('audit trail completeness', () => {
  it('refuses a subject of another site the user holds the role at: crc.li chose BJ01, SH01 is out of scope', async () => {
    const [sh] = await h.db.query<{ id: string }>(
      `select s.id from subjects s join sites si on si.id = s.site_id
       where si.sitecode = 'SH01' and not exists (select 1 from form_records r where r.subject_id = s.id)
       order by s.subjid limit 1`,
    );
    const shRecord = (
      await h.db.query<{ id: string }>(
        `select r.id::text as id from form_records r join subjects s on s.id = r.subject_id
         where s.site_id = 'site-sh01' limit 1`,
      )
    )[0];
    if (!sh || !shRecord) throw new Error('the seed has no SH01 subject without records, or no SH01 record');
    const records = await recordCount();
    const audits = await auditCount();
    // crc.li's session was opened at BJ01; crc.li is CRC at SH01 too, but SH01 was not chosen
    const saved = await save(crc, form(sh.id, 'V1', 'VS'), GOOD_VS, {});
    expect(saved.status).toBe(200);
    expect(saved.body.success).toBe(false);
    const [rec] = await h.db.query<{ rowversion: number }>(
      'select rowversion from form_records where id = $1::bigint',
      [shRecord.id],
    );
    const update = await h.call(
      updateData,
      {
        recordid: shRecord.id,
        version: 1,
        rowversion: rec!.rowversion,
        values: { SEX: 'F' },
        reasons: { SEX: { code: null, text: 'x' } },
        idempotencyKey: key(),
      },
      { token: crc },
    );
    expect(update.body.success).toBe(false);
    for (const read of [
      await h.call(visitList, { subjectid: sh.id }, { token: crc }),
      await h.call(dataInfo, form(sh.id, 'V1', 'DM'), { token: crc }),
      await h.call(dataList, form(sh.id, 'V1', 'DM'), { token: crc }),
      await h.call(auditTrail, { recordid: shRecord.id }, { token: crc }),
    ]) {
      expect(read.body.success).toBe(false);
    }
    expect(await recordCount()).toBe(records);
    expect(await auditCount()).toBe(audits);
  });

  it('shows a row whose user or role is no longer found, by id, instead of dropping it', async () => {
    const rec = await h.db.query<{ id: string; study_id: string; subject_id: string; site_id: string }>(
      `select id::text as id, study_id, subject_id, site_id from form_records where subject_id = $1 and tid = 'DM'`,
      [ENTRY],
    );
    const r = rec[0];
    if (!r) throw new Error('no DM record for the entry subject');
    const before = await h.call(auditTrail, { recordid: r.id }, { token: crc });
    if (!before.body.success) throw new Error(before.body.msg);
    await h.db.query(
      `insert into data_audit (record_id, study_id, subject_id, tid, lineno, action, variable, oldvalue, newvalue,
         user_id, role_id, site_id, at)
       values ($1::bigint, $2, $3, 'DM', 1, 'update', 'SEX', 'M', 'F', 'gone-user', 'gone-role', $4, now())`,
      [r.id, r.study_id, r.subject_id, r.site_id],
    );
    const after = await h.call(auditTrail, { recordid: r.id }, { token: crc });
    if (!after.body.success) throw new Error(after.body.msg);
    expect(after.body.data).toHaveLength(before.body.data.length + 1);
    expect(after.body.data.at(-1)).toMatchObject({
      varname: 'SEX',
      username: 'gone-user',
      role: { zh_CN: 'gone-role', en: 'gone-role' },
    });
  });
});

describe('edit reasons and input assistance', () => {
  it('answers the reasons dictionary in order', async () => {
    const res = await h.call(editReasons, {}, { token: crc });
    if (!res.body.success) throw new Error(res.body.msg);
    expect(res.body.data[0]).toEqual({
      code: 'TRANSCRIPTION',
      text: { zh_CN: '转录错误', en: 'Transcription error' },
    });
    expect(res.body.data.map((r) => r.code)).toContain('OTHER');
  });

  it('suggests distinct earlier values by prefix, any case, only from the role’s sites', async () => {
    const res = await h.call(dataInputAsst, { tid: 'AE', variable: 'AETERM', q: 'na' }, { token: crc });
    if (!res.body.success) throw new Error(res.body.msg);
    expect(res.body.data).toEqual([{ value: 'Nausea', label: 'Nausea' }]);
    const all = await h.call(dataInputAsst, { tid: 'AE', variable: 'AETERM', q: '' }, { token: crc });
    expect(all.body.success && all.body.data.length).toBeGreaterThan(1);
    const none = await h.call(dataInputAsst, { tid: 'AE', variable: 'AETERM', q: 'na' }, { token: crcSmith });
    expect(none.body.success && none.body.data).toEqual([]);
    const wild = await h.call(dataInputAsst, { tid: 'AE', variable: 'AETERM', q: '%' }, { token: crc });
    expect(wild.body.success && wild.body.data).toEqual([]);
  });
});

describe('reasons for change are stored with their code', () => {
  it('refuses a code that is not in the study’s dictionary (400); stores a known one with its text', async () => {
    const subject = freshSubject();
    const saved = outcomeOf(await save(crc, form(subject, 'V1', 'VS'), GOOD_VS));
    if (saved.outcome !== 'saved') throw new Error(JSON.stringify(saved));
    const audits = await auditCount();
    const params = {
      recordid: saved.record.recordid,
      rowversion: 1,
      version: 1,
      values: { ...GOOD_VS, PULSE: '74' },
      idempotencyKey: key(),
    };
    const bad = await h.call(
      updateData,
      { ...params, reasons: { PULSE: { code: 'NO_SUCH_REASON', text: 'whatever' } } },
      { token: crc },
    );
    expect(bad.status).toBe(400);
    expect(await auditCount()).toBe(audits);
    const good = await h.call(
      updateData,
      {
        ...params,
        idempotencyKey: key(),
        reasons: { PULSE: { code: 'TRANSCRIPTION', text: 'Transcription error' } },
      },
      { token: crc },
    );
    expect(outcomeOf(good).outcome).toBe('saved');
    const rows = await h.db.query<{ reason_code: string; reason_text: string }>(
      `select reason_code, reason_text from data_audit where record_id = $1::bigint and action = 'update'`,
      [saved.record.recordid],
    );
    expect(rows).toEqual([{ reason_code: 'TRANSCRIPTION', reason_text: 'Transcription error' }]);
  });
});

// Last: it publishes a version 2 of LB (without LBCOMM), which the tests above do not expect.
describe('schema versions', () => {
  const LB_VALUES: FormValues = {
    LBDAT: '2026-03-01',
    LBTIM: '08:15',
    LBFAST: 'Y',
    HGB: '138',
    LBNRIND: 'ABNORMAL CS',
    LBCOMM: 'Haemolysed sample, repeated',
  };

  it('a new record goes against the latest version; a change against the record’s own version', async () => {
    const [subject, later] = [freshSubject(), freshSubject()];
    const first = outcomeOf(await save(crc, form(subject, 'V1', 'LB'), LB_VALUES, { confirmWarnings: true }));
    if (first.outcome !== 'saved') throw new Error(JSON.stringify(first));

    const v2 = structuredClone(lbSchema) as unknown as {
      version: number;
      sections: { items: { variable: string }[] }[];
      rules: { target: string }[];
    };
    v2.version = 2;
    for (const section of v2.sections) section.items = section.items.filter((i) => i.variable !== 'LBCOMM');
    v2.rules = v2.rules.filter((r) => r.target !== 'LBCOMM');
    const study = await h.db.query<{ study_id: string }>(
      `select study_id from form_schemas where tid = 'LB'`,
    );
    await h.db.query(
      `insert into form_schemas (study_id, tid, formid, version, reftype, logline, schema, created_at)
       values ($1, 'LB', 'LB', 2, '3', false, $2::jsonb, now())`,
      [study[0]?.study_id, JSON.stringify(v2)],
    );
    const [records, audits] = [await recordCount(), await auditCount()];

    // a first entry against the superseded version: refused, nothing written
    const old = await save(crc, form(later, 'V1', 'LB'), LB_VALUES, { confirmWarnings: true });
    expect(old.status).toBe(200);
    expect(old.body.success).toBe(false);
    // a change of the version-1 record sent against version 2 would drop LBCOMM unaudited: conflict
    const cross = outcomeOf(
      await h.call(
        updateData,
        {
          recordid: first.record.recordid,
          rowversion: 1,
          version: 2,
          values: { ...LB_VALUES, HGB: '140' },
          reasons: { HGB: { code: null, text: 'Re-measured' } },
          confirmWarnings: true,
          idempotencyKey: key(),
        },
        { token: crc },
      ),
    );
    expect(cross.outcome).toBe('conflict');
    const check = await h.call(
      editCheckUpdate,
      { recordid: first.record.recordid, version: 2, values: LB_VALUES },
      { token: crc },
    );
    expect(check.body.success).toBe(false);
    expect([await recordCount(), await auditCount()]).toEqual([records, audits]);

    // the record opens with its own version, and changes against it keep LBCOMM
    const info = await h.call(dataInfo, form(subject, 'V1', 'LB'), { token: crc });
    if (!info.body.success) throw new Error(info.body.msg);
    expect((info.body.data.schema as { version: number }).version).toBe(1);
    const own = outcomeOf(
      await h.call(
        updateData,
        {
          recordid: first.record.recordid,
          rowversion: 1,
          version: 1,
          values: { ...LB_VALUES, HGB: '140' },
          reasons: { HGB: { code: null, text: 'Re-measured' } },
          confirmWarnings: true,
          idempotencyKey: key(),
        },
        { token: crc },
      ),
    );
    expect(own.outcome).toBe('saved');
    const stored = await h.db.query<{ v: string }>(
      `select form_values ->> 'LBCOMM' as v from form_records where id = $1::bigint`,
      [first.record.recordid],
    );
    expect(stored[0]?.v).toBe('Haemolysed sample, repeated');

    // the new version takes new records
    const fresh2 = outcomeOf(
      await save(
        crc,
        form(later, 'V1', 'LB'),
        { ...LB_VALUES, LBNRIND: 'NORMAL', LBCOMM: null },
        { version: 2, confirmWarnings: true },
      ),
    );
    expect(fresh2.outcome).toBe('saved');
  });
});
