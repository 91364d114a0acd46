/**
 * The investigator's signature on the demo seed (issue 14; docs/signatures.md): a PI signs a page, a visit, a whole
 * casebook and a batch of them with re-authentication in the same request (user name and password on the session's
 * first signing, the password later; three failures in a row end the session); the manifestation (printed name, date
 * and time, meaning) is on the pages, in the signature audit and in the audit log. Every refusal — wrong role, another
 * site than the chosen one, nothing selected, a wrong password, open queries, a page signed already — signs nothing;
 * those that need no password leave the whole database unchanged. A CRC's change of a signed value breaks the
 * signature in the save's transaction, and the PI's to-dos count it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, dataInfo, updateData } from '../../../engine/api/data';
import { saveQuery } from '../../../engine/api/queries';
import { saveSignature, showSignature } from '../../../engine/api/signatures';
import { activeData } from '../../../engine/api/visits';
import { myTaskInfo } from '../../../engine/api/statistics';
import { hashToken } from '../../core/auth/tokens';
import { DEMO_SUBJECTS, richDemoSubject } from '../../seed/forms';
import { snapshotChanges, snapshotDb } from '../../test/dbSnapshot';
import { startHarness, type Harness } from '../../test/harness';
import { TEST_PASSWORD } from '../../test/testDb';

const STUDY = 'study-demo-001';
const MEANING_EN = 'I confirm the data of this casebook as investigator';
let h: Harness;
let crc: string;
let cra: string;
let pi: string;
let rich: string;
const entry = DEMO_SUBJECTS.entry;

async function recordOf(subjectId: string, visitnum: string, tid: string): Promise<string> {
  const rows = await h.db.query<{ id: string }>(
    `select id::text as id from form_records where subject_id = $1 and visitnum = $2 and tid = $3 and lineno = 1`,
    [subjectId, visitnum, tid],
  );
  if (!rows[0]) throw new Error(`no record ${subjectId} ${visitnum} ${tid}`);
  return rows[0].id;
}

beforeAll(async () => {
  h = await startHarness({ logger: false });
  crc = await h.loginAs('crc.li', 'CRC', 'BJ01');
  cra = await h.loginAs('cra.zhao', 'CRA', 'BJ01');
  pi = await h.loginAs('pi.wang', 'PI', 'BJ01');
  rich = (await richDemoSubject(h.db, STUDY))!;
}, 120_000);
afterAll(() => h?.close());

async function unchanged(fn: () => Promise<void>) {
  const before = await snapshotDb(h.db);
  await fn();
  expect(snapshotChanges(before, await snapshotDb(h.db))).toEqual([]);
}

const signatureRows = () =>
  h.db.query<{ record_id: string; status: string }>(
    'select record_id::text, status from signatures order by record_id',
  );
const failures = async (token: string) => {
  const rows = await h.db.query<{ n: number }>(
    'select signature_failures as n from sessions where token_hash = $1',
    [hashToken(token)],
  );
  return rows[0]?.n;
};

const sign = (token: string, params: { list: object[]; username?: string; password?: string }) =>
  h.call(saveSignature, { password: TEST_PASSWORD, ...params }, { token, locale: 'en' });

async function show(token: string, params: { subjectid?: string; recordid?: string }) {
  const res = await h.call(showSignature, params, { token, locale: 'en' });
  if (!res.body.success) throw new Error(res.body.msg);
  return res.body.data;
}

async function info(token: string, subjectid: string, visitnum: string, tid: string) {
  const res = await h.call(dataInfo, { subjectid, visitnum, cycnum: 1, svnum: 1, tid }, { token });
  if (!res.body.success) throw new Error(res.body.msg);
  return res.body.data;
}

async function tasks(token: string) {
  const res = await h.call(myTaskInfo, {}, { token });
  if (!res.body.success) throw new Error(res.body.msg);
  return Object.fromEntries(res.body.data.map((t) => [t.id, t.count]));
}

describe('who may sign, and what is shown', () => {
  it('grants `sign` to the PI only; the pages start unsigned; the first signing needs the user name', async () => {
    expect((await info(pi, entry, 'V1', 'DM')).capabilities).toContain('sign');
    for (const token of [crc, cra]) {
      expect((await info(token, entry, 'V1', 'DM')).capabilities).not.toContain('sign');
    }
    const shown = await show(pi, { subjectid: entry });
    expect(shown).toMatchObject({ canSign: true, needsUsername: true, refuseOpenQueries: true });
    expect(shown.meaning.en).toBe(MEANING_EN);
    expect(shown.pages.map((p) => p.tid).sort()).toEqual(['AE', 'DM', 'IE']);
    for (const p of shown.pages) expect(p.state).toBe('unsigned');
    expect((await show(crc, { subjectid: entry })).canSign).toBe(false);
    expect(await show(pi, {})).toMatchObject({ pages: [], history: [] });
    const t = await tasks(pi);
    expect(t.pagesToSign).toBeGreaterThanOrEqual(3);
    expect(t.brokenSignatures).toBe(0);
    expect(await tasks(crc)).not.toHaveProperty('pagesToSign');
  });
});

describe('refusals sign nothing', () => {
  it('refuses a role without signature.sign, nothing selected, another site, an unknown page: database unchanged', async () => {
    await unchanged(async () => {
      for (const token of [crc, cra]) {
        const res = await sign(token, { list: [{ subjectid: entry }], username: 'pi.wang' });
        expect(res.status).toBe(403);
        expect(res.body.msg).toBe('Your current role may not sign');
      }
      const none = await sign(pi, { list: [], username: 'pi.wang' });
      expect(none.body).toMatchObject({ success: false, msg: 'Select items to sign' });
      const zh = await h.call(saveSignature, { list: [], password: TEST_PASSWORD }, { token: pi });
      expect(zh.body.msg).toBe('请选择要签名的条目');
      const other = await sign(pi, {
        list: [{ subjectid: entry }, { subjectid: DEMO_SUBJECTS.sh01 }],
        username: 'pi.wang',
      });
      expect(other.body).toMatchObject({ success: false, msg: 'No such subject at the sites of your role' });
      const sh01Record = await recordOf(DEMO_SUBJECTS.sh01, 'V1', 'DM');
      const foreign = await sign(pi, {
        list: [{ subjectid: entry, recordid: sh01Record }],
        username: 'pi.wang',
      });
      expect(foreign.body).toMatchObject({ success: false, msg: 'No such record at the sites of your role' });
      const bad = await sign(pi, { list: [{ subjectid: entry, recordid: 'abc' }], username: 'pi.wang' });
      expect(bad.body.success).toBe(false);
      const shownOther = await h.call(
        showSignature,
        { subjectid: DEMO_SUBJECTS.sh01 },
        { token: pi, locale: 'en' },
      );
      expect(shownOther.body.success).toBe(false);
    });
  });

  it('counts a first signing without the user name and a wrong password as failures; signs nothing', async () => {
    const dm = await recordOf(entry, 'V1', 'DM');
    const noName = await sign(pi, { list: [{ subjectid: entry, recordid: dm }] });
    expect(noName.body).toMatchObject({
      success: false,
      msg: 'The first signature of a session needs your user name and password',
    });
    expect(await failures(pi)).toBe(1);
    const wrong = await sign(pi, {
      list: [{ subjectid: entry, recordid: dm }],
      username: 'pi.wang',
      password: 'Not-the#password1',
    });
    expect(wrong.body).toMatchObject({ success: false, msg: 'Incorrect password: not signed' });
    expect(await failures(pi)).toBe(2);
    // the third failure in a row ends the session
    const someoneElse = await sign(pi, { list: [{ subjectid: entry, recordid: dm }], username: 'crc.li' });
    expect(someoneElse.status).toBe(401);
    expect(someoneElse.body.msg).toBe('Too many failed signatures: you have been logged out');
    expect(await signatureRows()).toEqual([]);
    const failed = await h.db.query<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'signature.failed' and user_id = 'user-pi.wang'`,
    );
    expect(failed[0]!.n).toBe(3);
    expect((await h.call(showSignature, {}, { token: pi })).status).toBe(401);
    pi = await h.loginAs('pi.wang', 'PI', 'BJ01');
    expect(await failures(pi)).toBe(0);
  });
});

describe('signing', () => {
  it('signs one page with user name and password: the manifestation on the page, in both audits', async () => {
    const dm = await recordOf(entry, 'V1', 'DM');
    const res = await sign(pi, { list: [{ subjectid: entry, recordid: dm }], username: 'PI.Wang' });
    if (!res.body.success) throw new Error(res.body.msg);
    expect(res.body.data).toMatchObject({
      signed: 1,
      already: 0,
      records: [dm],
      manifestation: { signer: '王伟', signtime: expect.any(String), meaning: { en: MEANING_EN } },
    });
    const items = (await info(crc, entry, 'V1', 'DM')).items;
    for (const v of Object.keys(items)) expect(items[v], v).toMatchObject({ sign: 'signed', signBy: '王伟' });
    // stop 29: read as jsonb with the other providers' states, the time is the stored one as the driver reads it
    const [stored] = await h.db.query<{ signed_at: Date }>(
      'select signed_at from signatures where record_id = $1::bigint',
      [dm],
    );
    for (const v of Object.keys(items))
      expect(items[v], v).toMatchObject({ signAt: new Date(stored!.signed_at).toISOString() });
    const page = (await show(crc, { recordid: dm })).pages[0]!;
    expect(page).toMatchObject({
      state: 'signed',
      scope: 'page',
      manifestation: { signer: '王伟', meaning: { en: MEANING_EN } },
    });
    const audit = await h.db.query<{ action: string; scope: string; signer_name: string; meaning: object }>(
      'select action, scope, signer_name, meaning from signature_audit where record_id = $1::bigint',
      [dm],
    );
    expect(audit).toEqual([
      {
        action: 'sign',
        scope: 'page',
        signer_name: '王伟',
        meaning: expect.objectContaining({ en: MEANING_EN }),
      },
    ]);
    const log = await h.db.query<{ detail: { signer: string; records: string[] } }>(
      `select detail from audit_log where action = 'signature' order by id desc limit 1`,
    );
    expect(log[0]!.detail).toMatchObject({ signer: '王伟', records: [dm] });
    expect((await show(pi, {})).needsUsername).toBe(false);
    // the signature row is imaged in clinical_audit by the database (migration 0006 triggers)
    const images = await h.db.query<{ n: number }>(
      `select count(*)::int as n from clinical_audit where table_name = 'signatures' and row_data ->> 'record_id' = $1`,
      [dm],
    );
    expect(images[0]!.n).toBe(1);
  });

  it('refuses signing a page signed already, changing nothing', async () => {
    const dm = await recordOf(entry, 'V1', 'DM');
    await unchanged(async () => {
      const again = await sign(pi, { list: [{ subjectid: entry, recordid: dm }] });
      expect(again.body).toMatchObject({ success: false, msg: 'Every selected page is signed already' });
    });
  });

  it('signs the rest of a casebook with the password only; the signed page is left as it was', async () => {
    const res = await sign(pi, { list: [{ subjectid: entry }] });
    if (!res.body.success) throw new Error(res.body.msg);
    expect(res.body.data).toMatchObject({ signed: 2, already: 1 });
    const pages = (await show(pi, { subjectid: entry })).pages;
    expect(pages.map((p) => [p.tid, p.state, p.scope])).toEqual(
      expect.arrayContaining([
        ['DM', 'signed', 'page'],
        ['IE', 'signed', 'casebook'],
        ['AE', 'signed', 'casebook'],
      ]),
    );
  });

  it('refuses a casebook with open queries (the study setting), then signs it with the setting off', async () => {
    const vs = await recordOf(rich, 'V1', 'VS');
    const raised = await h.call(
      saveQuery,
      { recordid: vs, kind: 'item', variable: 'SYSBP', issuetype: null, note: 'source says 128?' },
      { token: cra },
    );
    if (!raised.body.success) throw new Error(raised.body.msg);
    await unchanged(async () => {
      const res = await sign(pi, { list: [{ subjectid: rich, visitnum: 'V1' }] });
      expect(res.body.success).toBe(false);
      expect(res.body.msg).toMatch(/page\(s\) have open queries \(subject .+ V1 VS/);
    });
    expect((await show(pi, { recordid: vs })).pages[0]!.openQueries).toBe(1);
    await h.db.query('update signature_settings set refuse_open_queries = false where study_id = $1', [
      STUDY,
    ]);
    try {
      expect((await show(pi, {})).refuseOpenQueries).toBe(false);
      const res = await sign(pi, { list: [{ subjectid: rich, visitnum: 'V1' }] });
      if (!res.body.success) throw new Error(res.body.msg);
      expect(res.body.data.signed).toBe(4);
    } finally {
      await h.db.query('update signature_settings set refuse_open_queries = true where study_id = $1', [
        STUDY,
      ]);
    }
  });
});

describe('a change of signed data breaks the signature (the onSaved hook)', () => {
  it('CRC changes SYSBP with a reason: the page is broken, shown and audited; the PI has it to do', async () => {
    const vs = await recordOf(rich, 'V1', 'VS');
    const data = await info(crc, rich, 'V1', 'VS');
    const res = await h.call(
      updateData,
      {
        recordid: vs,
        rowversion: data.record!.rowversion,
        version: 1,
        values: { ...data.values, SYSBP: '128' },
        reasons: { SYSBP: { code: null, text: 'transcription error' } },
        idempotencyKey: randomUUID(),
      },
      { token: crc },
    );
    if (!res.body.success) throw new Error(res.body.msg);
    const saved = res.body.data;
    if (saved.outcome !== 'saved') throw new Error(JSON.stringify(saved));
    expect(saved.items.SYSBP).toMatchObject({ sign: 'broken', signBy: '王伟' });
    const page = (await show(pi, { recordid: vs })).pages[0]!;
    expect(page).toMatchObject({ state: 'broken', brokenBy: '李娜', brokenItems: ['SYSBP'] });
    expect(page.manifestation?.signer).toBe('王伟');
    const audit = await h.db.query<{ action: string; items: string[]; user_id: string }>(
      `select action, items, user_id from signature_audit where record_id = $1::bigint order by id`,
      [vs],
    );
    expect(audit.at(-1)).toEqual({ action: 'break', items: ['SYSBP'], user_id: 'user-crc.li' });
    expect((await tasks(pi)).brokenSignatures).toBe(1);
    // the page's signature history: the signing with its manifestation, then the break
    const history = (await show(crc, { recordid: vs })).history;
    expect(history.map((e) => [e.action, e.by])).toEqual([
      ['sign', '王伟'],
      ['break', '李娜'],
    ]);
    expect(history[0]).toMatchObject({ scope: 'visit', meaning: { en: MEANING_EN } });
    expect(history[1]).toMatchObject({ items: ['SYSBP'] });
    // and in the record's audit trail, beside the change that broke it, in time order
    const trail = await h.call(auditTrail, { recordid: vs }, { token: crc, locale: 'en' });
    if (!trail.body.success) throw new Error(trail.body.msg);
    const events = trail.body.data.filter((r) => r.action === 'event');
    expect(events.map((r) => [r.label, r.currentvalue, r.note, r.realname])).toEqual([
      [{ zh_CN: '电子签名', en: 'Electronic signature' }, '王伟', MEANING_EN, '王伟'],
      [{ zh_CN: '签名失效', en: 'Signature broken' }, null, 'Data changed: SYSBP', '李娜'],
    ]);
    const times = trail.body.data.map((r) => r.at);
    expect([...times].sort()).toEqual(times);
    expect(trail.body.data.some((r) => r.action === 'update' && r.varname === 'SYSBP')).toBe(true);
    // the other pages of the visit stay signed
    const other = await info(crc, rich, 'V1', 'DM');
    expect(other.items.SEX).toMatchObject({ sign: 'signed' });
  });

  it('the PI signs the broken page again', async () => {
    const vs = await recordOf(rich, 'V1', 'VS');
    await h.db.query(`update queries set status = 'closed' where record_id = $1::bigint`, [vs]);
    const res = await sign(pi, { list: [{ subjectid: rich, recordid: vs }] });
    if (!res.body.success) throw new Error(res.body.msg);
    expect(res.body.data.signed).toBe(1);
    expect((await show(pi, { recordid: vs })).pages[0]).toMatchObject({ state: 'signed' });
    expect((await tasks(pi)).brokenSignatures).toBe(0);
  });

  it('a signed page marked invalid loses its signature, in the mark transaction and audit; valid again, still unsigned', async () => {
    const dm = await recordOf(rich, 'V1', 'DM');
    expect((await show(pi, { recordid: dm })).pages[0]).toMatchObject({ state: 'signed' });
    const page = { subjectid: rich, visitnum: 'V1', cycnum: 1, svnum: 1, tid: 'DM' };
    const marked = await h.call(
      activeData,
      { ...page, action: 'deactivate', reasoncode: 'ENTERED_IN_ERROR', reasontext: 'wrong subject' },
      { token: crc, locale: 'en' },
    );
    if (!marked.body.success) throw new Error(marked.body.msg);
    expect((await show(pi, { recordid: dm })).pages[0]).toMatchObject({ state: 'broken', brokenBy: '李娜' });
    const audit = await h.db.query<{ action: string; items: string[]; cause: string }>(
      `select action, items, cause from signature_audit where record_id = $1::bigint order by id`,
      [dm],
    );
    expect(audit.at(-1)).toEqual({ action: 'break', items: [], cause: 'mark:invalid' });
    const trail = await h.call(auditTrail, { recordid: dm }, { token: crc, locale: 'en' });
    if (!trail.body.success) throw new Error(trail.body.msg);
    expect(trail.body.data.filter((r) => r.action === 'event').at(-1)).toMatchObject({
      label: { en: 'Signature broken' },
      note: 'Page marked invalid',
      realname: '李娜',
    });
    // the rest of the visit stays signed; made valid again, the page is not signed back
    expect((await show(pi, { recordid: await recordOf(rich, 'V1', 'VS') })).pages[0]).toMatchObject({
      state: 'signed',
    });
    const lifted = await h.call(
      activeData,
      { ...page, action: 'activate', reasoncode: 'ENTERED_IN_ERROR', reasontext: 'right subject after all' },
      { token: crc, locale: 'en' },
    );
    if (!lifted.body.success) throw new Error(lifted.body.msg);
    expect((await show(pi, { recordid: dm })).pages[0]).toMatchObject({ state: 'broken' });
  });

  it('the signature audit is append-only; signatures cannot be truncated', async () => {
    await expect(h.db.query(`update signature_audit set signer_name = 'x'`)).rejects.toThrow();
    await expect(h.db.query(`delete from signature_audit`)).rejects.toThrow();
    await expect(h.db.query(`truncate signature_audit`)).rejects.toThrow();
    await expect(h.db.query(`truncate signatures`)).rejects.toThrow();
  });

  it('two signings of the same page at once: one signs, the other is refused (signed already)', async () => {
    const ie = await recordOf(rich, 'V1', 'IE');
    await h.db.query(`update signatures set status = 'broken' where record_id = $1::bigint`, [ie]);
    const [a, b] = await Promise.all([
      sign(pi, { list: [{ subjectid: rich, recordid: ie }] }),
      sign(pi, { list: [{ subjectid: rich, recordid: ie }] }),
    ]);
    const outcomes = [a.body, b.body].map((x) => (x.success ? 'signed' : x.msg)).sort();
    expect(outcomes).toEqual(['Every selected page is signed already', 'signed']);
    const rows = await h.db.query<{ n: number }>(
      `select count(*)::int as n from signature_audit where record_id = $1::bigint and action = 'sign'`,
      [ie],
    );
    expect(rows[0]!.n).toBe(2); // the visit signing earlier, and one of these two
  });
});
