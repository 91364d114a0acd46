/**
 * Medical coding on the demo seed (issue 14; docs/medical-coding.md): AETERM (MedDRA) and CMTRT (WHODrug) are codable
 * items; the seed's terms are auto-coded on exact matches ('Fatigue' has none in the demo dictionary); a coder codes
 * and recodes (with a reason); a changed verbatim term loses its code (and is auto-coded again when it matches);
 * coding history per term; the item state and the worklist show the status; a licensed dictionary is imported from
 * an xlsx file checked line by line. Every refusal — wrong role, another site than the chosen one, no term, a term
 * changed meanwhile, an unknown code, a recode without reason, a bad file — leaves the database unchanged.
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyObject } from '../../../engine/schema';
import { dataInfo, saveData, updateData } from '../../../engine/api/data';
import type { EndpointDef } from '../../../engine/api/endpoint';
import {
  codingList,
  getCodingInfo,
  importDictionary,
  saveCoding,
  searchDictionary,
  type CodingTerm,
} from '../../../engine/api/medCoding';
import { parseResponse } from '../../../engine/api/parseResponse';
import { myTaskInfo } from '../../../engine/api/statistics';
import { DEMO_SUBJECTS, richDemoSubject } from '../../seed/forms';
import { topUpSeed } from '../../seed/seed';
import { snapshotChanges, snapshotDb } from '../../test/dbSnapshot';
import { startHarness, TEST_HOST, type Harness } from '../../test/harness';
import { visitTnameOf } from '../queries/service';
import { DICTIONARY_COLUMNS } from './dictionaryFile';

const STUDY = 'study-demo-001';
let h: Harness;
let crc: string;
let pi: string;
let coder: string;
let coderSh01: string;
let support: string;
let rich: string;

beforeAll(async () => {
  h = await startHarness({ logger: false });
  crc = await h.loginAs('crc.li', 'CRC', 'BJ01');
  pi = await h.loginAs('pi.wang', 'PI', 'BJ01');
  coder = await h.loginAs('coder.zhou', 'CODER', 'BJ01');
  // a second coder, at SH01 only (one session per user: coder.zhou stays at BJ01)
  await h.db.query(
    `insert into user_roles (user_id, role_id, site_id, study_id)
     select u.id, r.id, s.id, $1 from users u, roles r, sites s
     where u.username = 'sponsor.liu' and r.rolecode = 'CODER' and s.sitecode = 'SH01'`,
    [STUDY],
  );
  coderSh01 = await h.loginAs('sponsor.liu', 'CODER', 'SH01');
  support = await h.loginAs('support.admin', 'SUPPORT', 'BJ01');
  rich = (await richDemoSubject(h.db, STUDY))!;
}, 120_000);
afterAll(() => h?.close());

async function unchanged(fn: () => Promise<void>) {
  const before = await snapshotDb(h.db);
  await fn();
  expect(snapshotChanges(before, await snapshotDb(h.db))).toEqual([]);
}

async function aeRecord(term: string): Promise<{ recordid: string; lineno: number }> {
  const rows = await h.db.query<{ recordid: string; lineno: number }>(
    `select id::text as recordid, lineno from form_records
     where subject_id = $1 and tid = 'AE' and form_values ->> 'AETERM' = $2`,
    [rich, term],
  );
  if (!rows[0]) throw new Error(`no AE ${term}`);
  return rows[0];
}

const aeKeys = (lineno?: number) => ({
  subjectid: rich,
  visitnum: 'LOG',
  cycnum: 1,
  svnum: 1,
  tid: 'AE',
  ...(lineno ? { lineno } : {}),
});

async function info(token: string, by: AnyObject, locale: 'en' | 'zh_CN' = 'en') {
  return h.call(getCodingInfo, by, { token, locale });
}

async function termOf(term: string): Promise<CodingTerm> {
  const { recordid } = await aeRecord(term);
  const res = await info(coder, { recordid, variable: 'AETERM' });
  if (!res.body.success) throw new Error(res.body.msg);
  return res.body.data.term;
}

const code = (token: string, params: AnyObject, locale: 'en' | 'zh_CN' = 'en') =>
  h.call(saveCoding, params, { token, locale });

describe('codable items and auto-coding', () => {
  it('auto-codes the seed terms that match exactly, with the hierarchy and an autocode history row', async () => {
    const nausea = await termOf('Nausea');
    expect(nausea).toMatchObject({
      status: 'coded',
      auto: true,
      code: '10028813',
      name: 'Nausea',
      codedBy: null,
    });
    expect(nausea.path.map((l) => l.level)).toEqual(['LLT', 'PT', 'HLT', 'HLGT', 'SOC']);
    expect(nausea.path[4]).toEqual({ level: 'SOC', code: '10017947', name: 'Gastrointestinal disorders' });
    const res = await info(coder, { termid: nausea.termid });
    if (!res.body.success) throw new Error(res.body.msg);
    expect(res.body.data.history).toMatchObject([
      { action: 'autocode', verbatim: 'Nausea', fromCode: null, toCode: '10028813', reason: null },
    ]);
    expect(res.body.data.dictionary).toMatchObject({ dictionary: 'meddra', demo: true });
    expect(res.body.data.canCode).toBe(true);
    // no exact match for 'Fatigue' in the demo dictionary: to code by hand
    expect(await termOf('Fatigue')).toMatchObject({ status: 'uncoded', code: null, path: [] });
    const cm = await h.db.query<{ status: string; code: string; dictionary: string }>(
      `select status, code, dictionary from coding_terms where subject_id = $1 and variable = 'CMTRT'`,
      [rich],
    );
    expect(cm).toEqual([{ status: 'coded', code: '00020001001', dictionary: 'whodrug' }]);
  });

  it('shows the coding status on the item (item state) to the roles that read data; `coding` for coders only', async () => {
    const { lineno } = await aeRecord('Nausea');
    const res = await h.call(dataInfo, aeKeys(lineno), { token: pi });
    if (!res.body.success) throw new Error(res.body.msg);
    expect(res.body.data.items.AETERM).toMatchObject({
      coding: { status: 'coded', auto: true, code: '10028813', name: 'Nausea', dictionary: 'meddra' },
    });
    expect(res.body.data.capabilities).not.toContain('coding');
    // a PI reads the term's coding from the form (by item)
    const byItem = await info(pi, { recordid: (await aeRecord('Nausea')).recordid, variable: 'AETERM' });
    expect(byItem.body).toMatchObject({ success: true, data: { canCode: false } });
  });

  it('auto-codes a new term on save (case and spaces ignored) in the save transaction', async () => {
    const res = await h.call(
      saveData,
      {
        ...aeKeys(),
        version: 1,
        values: {
          AETERM: '  HEAD   pain ',
          AESTDAT: '2026-03-02',
          AEONGO: 'Y',
          AESEV: 'MILD',
          AESER: 'N',
          AEREL: 'NOT RELATED',
          AEACN: 'DOSE NOT CHANGED',
          AEOUT: 'RECOVERING/RESOLVING',
        },
        confirmWarnings: true,
        idempotencyKey: randomUUID(),
      },
      { token: crc },
    );
    if (!res.body.success) throw new Error(res.body.msg);
    const saved = res.body.data;
    if (saved.outcome !== 'saved') throw new Error(JSON.stringify(saved));
    expect(saved.items.AETERM).toMatchObject({ coding: { status: 'coded', auto: true, code: '10019198' } });
    // a first entry's answer (stop 26: its stored term not read, the term just written read back) is what the
    // stored record reads
    const read = await h.call(dataInfo, aeKeys(saved.record.lineno), { token: crc, locale: 'en' });
    if (!read.body.success) throw new Error(read.body.msg);
    expect(saved.items).toEqual(read.body.data.items);
  });
});

describe('stop 29: the coding hook in two statements writes what the five did', () => {
  const aeValues = (term: string) => ({
    AETERM: term,
    AESTDAT: '2026-03-01',
    AEONGO: 'Y',
    AESEV: 'MILD',
    AESER: 'N',
    AEREL: 'NOT RELATED',
    AEACN: 'DOSE NOT CHANGED',
    AEOUT: 'RECOVERING/RESOLVING',
  });
  async function firstEntry(term: string) {
    const res = await h.call(
      saveData,
      {
        ...aeKeys(),
        version: 1,
        values: aeValues(term),
        confirmWarnings: true,
        idempotencyKey: randomUUID(),
      },
      { token: crc },
    );
    if (!res.body.success) throw new Error(res.body.msg);
    if (res.body.data.outcome !== 'saved') throw new Error(JSON.stringify(res.body.data));
    return res.body.data;
  }
  /** The term's row, its history and its row images (clinical_audit), in order. */
  async function written(recordid: string) {
    const terms = await h.db.query<Record<string, unknown>>(
      `select id::text as id, study_id, subject_id, site_id, tid, visit_tname, variable, dictionary, verbatim, status,
              auto, code, name, path, coded_by, coded_at is not null as coded, updated_at is not null as updated
       from coding_terms where record_id = $1::bigint`,
      [recordid],
    );
    const history = await h.db.query<Record<string, unknown>>(
      `select h.term_id::text as term_id, h.study_id, h.site_id, h.variable, h.action, h.verbatim, h.from_code,
              h.from_name, h.to_code, h.to_name, h.reason, u.username, h.role_id is not null as role
       from coding_history h join users u on u.id = h.user_id where h.record_id = $1::bigint order by h.id`,
      [recordid],
    );
    const images = await h.db.query<{ op: string; image: string; status: string; app_user: string | null }>(
      `select op, image, row_data ->> 'status' as status, app_user from clinical_audit
       where table_name = 'coding_terms' and row_data ->> 'record_id' = $1 order by id`,
      [recordid],
    );
    return { terms, history, images };
  }

  it('an exact match: the term inserted coded with its autocode row, one statement; one image, the insert', async () => {
    const saved = await firstEntry('head PAIN');
    const { terms, history, images } = await written(saved.record.recordid);
    const label = await visitTnameOf(h.db, STUDY, {
      subjectId: rich,
      visitnum: 'LOG',
      cycnum: 1,
      svnum: 1,
      tid: 'AE',
    });
    expect(terms).toHaveLength(1);
    const term = terms[0]!;
    expect(term).toMatchObject({
      study_id: STUDY,
      subject_id: rich,
      tid: 'AE',
      visit_tname: label,
      variable: 'AETERM',
      dictionary: 'meddra',
      verbatim: 'head PAIN',
      status: 'coded',
      auto: true,
      code: '10019198',
      coded_by: null,
      coded: true,
      updated: true,
    });
    expect((term.path as unknown[]).length).toBeGreaterThan(0);
    expect(history).toEqual([
      {
        term_id: term.id,
        study_id: STUDY,
        site_id: term.site_id,
        variable: 'AETERM',
        action: 'autocode',
        verbatim: 'head PAIN',
        from_code: null,
        from_name: null,
        to_code: '10019198',
        to_name: term.name,
        reason: null,
        username: 'crc.li',
        role: true,
      },
    ]);
    // the database's own image: the insert as committed (coded; the uncoded state never existed outside the
    // save's transaction), naming the app user
    expect(images.map((i) => [i.op, i.image, i.status])).toEqual([['INSERT', 'new', 'coded']]);
    expect(new Set(images.map((i) => i.app_user)).size).toBe(1);
    expect(images[0]!.app_user).not.toBeNull();
    // the answer's item state is what the stored record reads
    const read = await h.call(dataInfo, aeKeys(saved.record.lineno), { token: crc, locale: 'en' });
    if (!read.body.success) throw new Error(read.body.msg);
    expect(saved.items).toEqual(read.body.data.items);
    expect(saved.items.AETERM).toMatchObject({
      coding: { termid: term.id, dictionary: 'meddra', status: 'coded', auto: true, code: '10019198' },
    });
  });

  it('no match: the term stays uncoded, no history row, one image', async () => {
    const saved = await firstEntry('Sudden purple spots');
    const { terms, history, images } = await written(saved.record.recordid);
    expect(terms).toHaveLength(1);
    expect(terms[0]).toMatchObject({
      verbatim: 'Sudden purple spots',
      status: 'uncoded',
      auto: false,
      code: null,
      name: null,
      path: [],
      coded_by: null,
      coded: false,
    });
    expect(history).toEqual([]);
    expect(images.map((i) => [i.op, i.image, i.status])).toEqual([['INSERT', 'new', 'uncoded']]);
    const read = await h.call(dataInfo, aeKeys(saved.record.lineno), { token: crc, locale: 'en' });
    if (!read.body.success) throw new Error(read.body.msg);
    expect(saved.items).toEqual(read.body.data.items);
    expect(saved.items.AETERM).toMatchObject({
      coding: { status: 'uncoded', auto: false, code: null, name: null },
    });
  });

  it('a change to a matching term, then to one without match: reset (with history only when coded), auto-coded again; answers equal datainfo', async () => {
    const saved = await firstEntry('Sudden purple spots');
    const recordid = saved.record.recordid;
    let rowversion = saved.record.rowversion;
    const change = async (to: string) => {
      const res = await h.call(
        updateData,
        {
          recordid,
          rowversion,
          version: 1,
          values: aeValues(to),
          reasons: { AETERM: { code: null, text: 'clarified' } },
          confirmWarnings: true,
          idempotencyKey: randomUUID(),
        },
        { token: crc },
      );
      if (!res.body.success) throw new Error(res.body.msg);
      if (res.body.data.outcome !== 'saved') throw new Error(JSON.stringify(res.body.data));
      rowversion = res.body.data.record.rowversion;
      const read = await h.call(dataInfo, aeKeys(saved.record.lineno), { token: crc, locale: 'en' });
      if (!read.body.success) throw new Error(read.body.msg);
      expect(res.body.data.items).toEqual(read.body.data.items);
      return res.body.data.items.AETERM;
    };
    expect(await change('Head pain')).toMatchObject({
      coding: { status: 'coded', auto: true, code: '10019198' },
    });
    expect(await change('Very odd feeling')).toMatchObject({
      coding: { status: 'uncoded', auto: false, code: null },
    });
    expect(await change('HEAD PAIN')).toMatchObject({ coding: { status: 'coded', auto: true } });
    const { history, images } = await written(recordid);
    // uncoded → Head pain: no reset row (it was not coded), autocode; → Very odd feeling (no match): reset; → HEAD PAIN: autocode
    expect(history.map((r) => [r.action, r.verbatim, r.from_code, r.to_code])).toEqual([
      ['autocode', 'Head pain', null, '10019198'],
      ['reset', 'Very odd feeling', '10019198', null],
      ['autocode', 'HEAD PAIN', null, '10019198'],
    ]);
    expect(images.map((i) => [i.op, i.image, i.status])).toEqual([
      ['INSERT', 'new', 'uncoded'],
      ['UPDATE', 'old', 'uncoded'],
      ['UPDATE', 'new', 'uncoded'],
      ['UPDATE', 'old', 'uncoded'],
      ['UPDATE', 'new', 'coded'],
      ['UPDATE', 'old', 'coded'],
      ['UPDATE', 'new', 'uncoded'],
      ['UPDATE', 'old', 'uncoded'],
      ['UPDATE', 'new', 'uncoded'],
      ['UPDATE', 'old', 'uncoded'],
      ['UPDATE', 'new', 'coded'],
    ]);
  });
});

describe('coding and recoding', () => {
  it('refuses a role without coding.code, another site, an unknown code, a stale verbatim; nothing changes', async () => {
    const fatigue = await termOf('Fatigue');
    const good = { termid: fatigue.termid, code: '10043890', verbatim: 'Fatigue', reason: null };
    await unchanged(async () => {
      for (const token of [crc, pi]) {
        const res = await code(token, good);
        expect(res.status).toBe(403);
      }
      const other = await code(coderSh01, good);
      expect(other.body).toMatchObject({ success: false, msg: 'No such term at the site you chose' });
      const unknown = await code(coder, { ...good, code: '99999999' });
      expect(unknown.body).toMatchObject({ success: false, msg: 'The dictionary has no entry 99999999' });
      const stale = await code(coder, { ...good, verbatim: 'Fatigued' });
      expect(stale.body).toMatchObject({
        success: false,
        msg: 'The term was changed meanwhile; reload it and code again',
      });
      const zh = await code(coder, { ...good, code: '99999999' }, 'zh_CN');
      expect(zh.body.msg).toBe('字典中没有编码 99999999');
      const none = await code(coder, { ...good, termid: '99999999' });
      expect(none.body).toMatchObject({ success: false, msg: 'No such term at the site you chose' });
      // reading: another site, no term on the item, a role that neither codes nor reads data
      const elsewhere = await info(coderSh01, { termid: fatigue.termid });
      expect(elsewhere.body).toMatchObject({ success: false, msg: 'No such term at the site you chose' });
      const noTerm = await info(pi, { recordid: fatigue.recordid, variable: 'AESEV' });
      expect(noTerm.body).toMatchObject({ success: false, msg: 'There is no verbatim term to code' });
      const supportRes = await info(support, { termid: fatigue.termid });
      expect(supportRes.status).toBe(403);
    });
  });

  it('codes a term as coder (history: who, when, from, to), then refuses a recode without reason or to the same code', async () => {
    const fatigue = await termOf('Fatigue');
    const res = await code(coder, {
      termid: fatigue.termid,
      code: '10043890',
      verbatim: 'Fatigue',
      reason: null,
    });
    if (!res.body.success) throw new Error(res.body.msg);
    expect(res.body.data.term).toMatchObject({
      status: 'coded',
      auto: false,
      code: '10043890',
      name: 'Tiredness',
      codedBy: 'coder.zhou',
    });
    expect(res.body.data.term.path[1]).toEqual({ level: 'PT', code: '10016256', name: 'Fatigue' });
    await unchanged(async () => {
      const noReason = await code(coder, {
        termid: fatigue.termid,
        code: '10016257',
        verbatim: 'Fatigue',
        reason: '  ',
      });
      expect(noReason.body).toMatchObject({ success: false, msg: 'A recode needs a reason' });
      const same = await code(coder, {
        termid: fatigue.termid,
        code: '10043890',
        verbatim: 'Fatigue',
        reason: 'again',
      });
      expect(same.body).toMatchObject({ success: false, msg: 'The term is already coded to 10043890' });
    });
    const recode = await code(coder, {
      termid: fatigue.termid,
      code: '10016257',
      verbatim: 'Fatigue',
      reason: 'Worsening documented in source',
    });
    if (!recode.body.success) throw new Error(recode.body.msg);
    expect(recode.body.data.term).toMatchObject({ code: '10016257', name: 'Fatigue aggravated' });
    const history = (await info(coder, { termid: fatigue.termid })).body.data!.history;
    expect(history).toMatchObject([
      { action: 'code', fromCode: null, toCode: '10043890', toName: 'Tiredness', username: 'coder.zhou' },
      {
        action: 'recode',
        fromCode: '10043890',
        toCode: '10016257',
        reason: 'Worsening documented in source',
        username: 'coder.zhou',
      },
    ]);
    // the term row is imaged in the clinical audit, the history is append-only
    const images = await h.db.query<{ n: number }>(
      `select count(*)::int as n from clinical_audit where table_name = 'coding_terms' and row_data ->> 'id' = $1`,
      [fatigue.termid],
    );
    expect(images[0]!.n).toBeGreaterThanOrEqual(4);
    await expect(h.db.query('update coding_history set reason = null')).rejects.toThrow();
    await expect(h.db.query('delete from coding_history')).rejects.toThrow();
  });

  it('a changed verbatim term resets the code (history reset) and is auto-coded again when it matches', async () => {
    const { recordid, lineno } = await aeRecord('Fatigue');
    const change = async (from: string, to: string) => {
      const data = (await h.call(dataInfo, aeKeys(lineno), { token: crc })).body.data!;
      expect(data.values.AETERM).toBe(from);
      const res = await h.call(
        updateData,
        {
          recordid,
          rowversion: data.record!.rowversion,
          version: 1,
          values: { ...data.values, AETERM: to },
          reasons: { AETERM: { code: null, text: 'clarified with the investigator' } },
          confirmWarnings: true,
          idempotencyKey: randomUUID(),
        },
        { token: crc },
      );
      if (!res.body.success) throw new Error(res.body.msg);
      if (res.body.data.outcome !== 'saved') throw new Error(JSON.stringify(res.body.data));
      return res.body.data.items.AETERM;
    };
    expect(await change('Fatigue', 'Tiredness')).toMatchObject({
      coding: { status: 'coded', auto: true, code: '10043890' },
    });
    expect(await change('Tiredness', 'Very tired')).toMatchObject({
      coding: { status: 'uncoded', code: null },
    });
    const term = await termOf('Very tired');
    const history = (await info(coder, { termid: term.termid })).body.data!.history;
    expect(history.slice(2).map((r) => [r.action, r.verbatim, r.fromCode, r.toCode, r.username])).toEqual([
      ['reset', 'Tiredness', '10016257', null, 'crc.li'],
      ['autocode', 'Tiredness', null, '10043890', 'crc.li'],
      ['reset', 'Very tired', '10043890', null, 'crc.li'],
    ]);
  });
});

describe('search, worklist and to-dos', () => {
  it('searches the dictionary by name, code or PT (coders only)', async () => {
    const res = await h.call(
      searchDictionary,
      { dictionary: 'meddra', q: 'fatigue', size: 20 },
      { token: coder },
    );
    if (!res.body.success) throw new Error(res.body.msg);
    expect(res.body.data.list.map((e) => e.name)).toEqual([
      'Fatigue aggravated',
      'Fatigue extreme',
      'Tiredness',
    ]);
    // a drug by its ATC 4 class
    const drug = await h.call(searchDictionary, { dictionary: 'whodrug', q: 'anilides' }, { token: coder });
    expect(drug.body.data?.list.map((e) => e.name)).toEqual(['Acetaminophen', 'Paracetamol']);
    const exact = await h.call(
      searchDictionary,
      { dictionary: 'whodrug', q: 'aspirin', size: 20 },
      { token: coder },
    );
    expect(exact.body.data?.list[0]).toMatchObject({ name: 'Aspirin', code: '00002701002' });
    const refused = await h.call(searchDictionary, { dictionary: 'meddra', q: 'x' }, { token: crc });
    expect(refused.status).toBe(403);
  });

  it("lists the chosen site's terms, to code first, for the coder; counts terms to code in the to-dos", async () => {
    const res = await h.call(codingList, { page: 1, size: 20 }, { token: coder });
    if (!res.body.success) throw new Error(res.body.msg);
    const rows = res.body.data.list;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.sitecode === 'BJ01')).toBe(true);
    expect(rows[0]!.status).toBe('uncoded');
    const uncoded = rows.filter((r) => r.status === 'uncoded').length;
    const tasks = await h.call(myTaskInfo, {}, { token: coder });
    expect(tasks.body.data?.find((t) => t.id === 'termsToCode')).toMatchObject({
      count: uncoded,
      link: '/index/medCoding',
    });
    const crcTasks = await h.call(myTaskInfo, {}, { token: crc });
    expect(crcTasks.body.data?.find((t) => t.id === 'termsToCode')).toBeUndefined();
    expect((await h.call(codingList, { page: 1, size: 20 }, { token: crc })).status).toBe(403);
    const sh01 = await h.call(codingList, { page: 1, size: 20 }, { token: coderSh01 });
    expect(sh01.body.data?.list.every((r) => r.sitecode === 'SH01')).toBe(true);
    expect(DEMO_SUBJECTS.sh01).toBeTruthy();
  });
});

/** A multipart body with the dictionary's text parts and one file part. */
function multipart(fields: Record<string, string>, file: Buffer, filename = 'meddra.xlsx') {
  const boundary = '----edccodingtest0123456789';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
  );
  chunks.push(file, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(token: string, fields: Record<string, string>, file: Buffer, locale = 'en') {
  const { payload, contentType } = multipart(fields, file);
  const res = await h.app.inject({
    method: 'POST',
    url: `${importDictionary.path}?time=1`,
    headers: { host: TEST_HOST, token, locale, 'content-type': contentType },
    payload,
  });
  const body = res.json<{ success: boolean; msg: string; data: unknown }>();
  parseResponse(importDictionary as unknown as EndpointDef<AnyObject, unknown>, body);
  return { status: res.statusCode, body };
}

async function workbook(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('LLT');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const MEDDRA_ROW = (llt: string, name: string) => [
  llt,
  name,
  '10019211',
  'Headache',
  '10019233',
  'Headaches NEC',
  '10019231',
  'Headaches',
  '10029205',
  'Nervous system disorders',
];

describe('dictionary import', () => {
  it('refuses a bad file naming the line, a non-xlsx file, a role without coding.import; nothing changes', async () => {
    const header = [...DICTIONARY_COLUMNS.meddra];
    const fields = { dictionary: 'meddra', version: '27.1' };
    await unchanged(async () => {
      const badCode = await upload(
        coder,
        fields,
        await workbook([header, MEDDRA_ROW('10019211', 'Headache'), MEDDRA_ROW('1001A', 'Head pain')]),
      );
      expect(badCode.body).toMatchObject({
        success: false,
        msg: 'Line 3: llt_code "1001A" is not a valid code',
      });
      const duplicate = await upload(
        coder,
        fields,
        await workbook([header, MEDDRA_ROW('10019211', 'Headache'), MEDDRA_ROW('10019211', 'Head pain')]),
      );
      expect(duplicate.body.msg).toBe('Line 3: code 10019211 is already on line 2');
      const otherParent = MEDDRA_ROW('10019198', 'Head pain');
      otherParent[3] = 'Cephalalgia';
      const inconsistent = await upload(
        coder,
        fields,
        await workbook([header, MEDDRA_ROW('10019211', 'Headache'), otherParent]),
        'zh_CN',
      );
      expect(inconsistent.body.msg).toBe('第 3 行：pt_code 10019211 的名称或上级与第 2 行不一致');
      const missing = await upload(coder, fields, await workbook([header.slice(0, 9), ['10019211']]));
      expect(missing.body.msg).toBe('The file has no column soc_name (the first row names the columns)');
      const blank = await upload(coder, fields, await workbook([header, MEDDRA_ROW('10019211', '')]));
      expect(blank.body.msg).toBe('Line 2: llt_name is empty');
      const empty = await upload(coder, fields, await workbook([header]));
      expect(empty.body.msg).toBe('The file has no dictionary entries');
      const text = await upload(coder, fields, Buffer.from(header.join('$') + '\n'));
      expect(text.body.success).toBe(false);
      const crcRes = await upload(crc, fields, await workbook([header, MEDDRA_ROW('10019211', 'Headache')]));
      expect(crcRes.status).toBe(403);
    });
  });

  it('imports a licensed file in one transaction with its audit row; codes given keep their entry', async () => {
    const before = await termOf('Nausea');
    const header = [...DICTIONARY_COLUMNS.meddra];
    const file = await workbook([
      ['ignored'].concat(header),
      ['x'].concat(MEDDRA_ROW('10019211', 'Headache')),
      ['x'].concat(MEDDRA_ROW('10019198', 'Head pain')),
      // an LLT the uncoded 'Very tired' matches exactly: auto-coded by the import
      ['x'].concat([
        '10043892',
        'Very tired',
        '10016256',
        'Fatigue',
        '10003550',
        'Asthenic conditions',
        '10018073',
        'General system disorders NEC',
        '10018065',
        'General disorders and administration site conditions',
      ]),
    ]);
    // the header may carry other columns too: here one before the dictionary's
    const res = await upload(coder, { dictionary: 'meddra', version: 'MedDRA 27.1' }, file);
    expect(res.body).toMatchObject({
      success: true,
      data: { dictionary: 'meddra', version: 'MedDRA 27.1', demo: false, entries: 3, autocoded: 1 },
    });
    const veryTired = await termOf('Very tired');
    expect(veryTired).toMatchObject({ status: 'coded', auto: true, code: '10043892' });
    const history = (await info(coder, { termid: veryTired.termid })).body.data!.history;
    expect(history.at(-1)).toMatchObject({ action: 'autocode', toCode: '10043892', username: 'coder.zhou' });
    const audit = await h.db.query<{ version: string; entries: number; filename: string }>(
      `select version, entries, filename from coding_imports order by id`,
    );
    expect(audit).toEqual([{ version: 'MedDRA 27.1', entries: 3, filename: 'meddra.xlsx' }]);
    const search = await h.call(searchDictionary, { dictionary: 'meddra', q: 'nausea' }, { token: coder });
    expect(search.body.data?.list).toEqual([]);
    expect(await termOf('Nausea')).toEqual(before);
  });
});

describe('an abandoned subject', () => {
  it("leaves the worklist and the coding endpoints (the subject's terms stay, with their history)", async () => {
    const entryTerm = await h.db.query<{ termid: string }>(
      `select id::text as termid from coding_terms where subject_id = $1`,
      [DEMO_SUBJECTS.entry],
    );
    const termid = entryTerm[0]!.termid;
    expect((await info(coder, { termid })).body.success).toBe(true);
    await h.db.query('update subjects set abandoned_at = $2 where id = $1', [
      DEMO_SUBJECTS.entry,
      '2026-03-02T00:00:00Z',
    ]);
    const rows = (await h.call(codingList, { page: 1, size: 100 }, { token: coder })).body.data!.list;
    expect(rows.some((r) => r.termid === termid)).toBe(false);
    expect((await info(coder, { termid })).body).toMatchObject({
      success: false,
      msg: 'No such term at the site you chose',
    });
  });
});

describe('an older data directory', () => {
  it('gets the dictionaries, the worklist definitions and the menu by the top-up', async () => {
    await h.db.query('delete from coding_dictionaries');
    await h.db.query(`delete from list_definitions where list_key = 'medCoding'`);
    await h.db.query(`delete from role_menus where menu_code = 'medCoding'`);
    expect(await topUpSeed(h.db, new Date('2026-03-03T00:00:00Z'))).toBe(true);
    const dicts = await h.db.query<{ dictionary: string; demo: boolean }>(
      'select dictionary, demo from coding_dictionaries order by dictionary',
    );
    expect(dicts).toEqual([
      { dictionary: 'meddra', demo: true },
      { dictionary: 'whodrug', demo: true },
    ]);
    const res = await h.call(codingList, { page: 1, size: 20 }, { token: coder });
    expect(res.body.success).toBe(true);
  });
});
