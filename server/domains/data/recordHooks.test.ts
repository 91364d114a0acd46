/**
 * The record hooks the review workflows register on the data domain: an onSaved hook sees every written save in its
 * transaction (and a failing one rolls the save back), item-state providers' fields reach datainfo and the save's
 * answer, capability providers' capabilities join the role's own.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataInfo, saveData, updateData, type SaveOutcome } from '../../../engine/api/data';
import { DEMO_SUBJECTS } from '../../seed/forms';
import { startHarness, type Harness } from '../../test/harness';
import { lockSubject } from './recordsRepository';
import { updateExistingRecord } from './saveRecord';
import { SCOPED_PAGE_ON } from './scope';
import { createRecordHooks, NOTHING_SAVED, type ItemStateFields, type SavedRecord } from './recordHooks';

describe('createRecordHooks', () => {
  it('merges providers’ fields into the saved statuses; an item known only to a workflow gets “nothing saved”', async () => {
    const hooks = createRecordHooks();
    hooks.itemState('a', async () => ({ SYSBP: { query: 'open' }, VSTIM: { query: 'answered' } }));
    hooks.itemState('b', async () => ({ SYSBP: { sdv: 'verified' } }));
    const db = {} as never;
    const states = await hooks.itemStates(
      db,
      { studyId: 's', recordId: 'r', rolecode: 'CRA', permissions: new Set() },
      {
        SYSBP: { datatype: 0, note: 0 },
      },
    );
    expect(states).toEqual({
      SYSBP: { datatype: 0, note: 0, query: 'open', sdv: 'verified' },
      VSTIM: { ...NOTHING_SAVED, query: 'answered' },
    });
  });

  it('stop 29: itemStateRead providers are read in ONE statement; one with nothing to read is not sent', async () => {
    const hooks = createRecordHooks();
    hooks.itemStateRead('sdv', {
      select: (on) => `select sdv of ${on.record}`,
      fields: (value) => ({ SYSBP: { sdv: value } }),
    });
    hooks.itemState('fn', async () => ({ SYSBP: { fn: true } }));
    hooks.itemStateRead('hidden', {
      reads: () => false,
      select: () => 'select hidden',
      fields: (value): ItemStateFields => (value === null ? {} : { SYSBP: { hidden: value } }),
    });
    hooks.itemStateRead('freeze', {
      reads: (q) => !q.fresh,
      select: (on) => `select freeze of ${on.record} in ${on.study}`,
      fields: (value): ItemStateFields => (value ? { DIABP: { frozen: value } } : {}),
    });
    const sent: { sql: string; params: unknown[] }[] = [];
    const db = {
      query: async (sql: string, params: unknown[]) => {
        sent.push({ sql, params });
        return [{ s0: 'verified', s1: 'page' }];
      },
    } as never;
    const q = { studyId: 's', recordId: '42', rolecode: 'CRA', permissions: new Set<string>() };
    const states = await hooks.itemStates(db, q, { SYSBP: { datatype: 0, note: 0 } });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.params).toEqual(['42', 's']);
    expect(sent[0]!.sql).toMatch(
      /^select \(select sdv of p\.record_id\) as s0,\s+\(select freeze of p\.record_id in p\.study_id\) as s1\s+from \(select \$1::bigint as record_id, \$2::text as study_id\) p$/,
    );
    expect(states).toEqual({
      SYSBP: { datatype: 0, note: 0, sdv: 'verified', fn: true },
      DIABP: { ...NOTHING_SAVED, frozen: 'page' },
    });
    // a fresh record: the freeze provider has nothing to read, the statement carries the SDV read only
    sent.length = 0;
    await hooks.itemStates(db, { ...q, fresh: true }, {});
    expect(sent).toHaveLength(1);
    expect(sent[0]!.sql).not.toMatch(/freeze/);
    expect(sent[0]!.sql).toMatch(/^select \(select sdv of p\.record_id\) as s0\s+from /);
    // a stored record again: the statement of both, the same text as the first time (built once per set)
    sent.length = 0;
    await hooks.itemStates(db, q, {});
    expect(sent[0]!.sql).toMatch(/as s0,\s+\(select freeze of p\.record_id in p\.study_id\) as s1/);
    // nothing to read at all: no statement
    const none = createRecordHooks();
    none.itemStateRead('hidden', { reads: () => false, select: () => 'select hidden', fields: () => ({}) });
    sent.length = 0;
    expect(await none.itemStates(db, q, {})).toEqual({});
    expect(sent).toHaveLength(0);
  });

  it('stop 31: read guards travel as ONE column of the caller’s statement; decided in registration order with the others', async () => {
    const hooks = createRecordHooks();
    const order: string[] = [];
    hooks.beforeSave('first', async () => {
      order.push('first');
      return null;
    });
    hooks.beforeSaveRead('frozen', {
      select: (on) => `select frozen of ${on.subject} ${on.tid} ${on.record}`,
      refusal: (value, attempt) => {
        order.push('frozen');
        return value === 'yes' && attempt.changed !== null ? { messageId: 'freezeFrozenPage' } : null;
      },
    });
    hooks.beforeSaveRead('locked', {
      select: () => 'select locked',
      refusal: (value) => {
        order.push('locked');
        return value === 'yes' ? { messageId: 'freezeFrozenItem' } : null;
      },
    });
    // the form open's placement (scope.ts)
    const on = SCOPED_PAGE_ON;
    const columns = hooks.guardColumns(on);
    expect(columns).toBe(
      'json_build_array((select frozen of s.id $9 null::bigint),\n(select locked)) as "guards"',
    );
    // built once per placement
    expect(hooks.guardColumns(on)).toBe(columns);
    expect(hooks.guardValues({ guards: ['yes', null], other: 1 })).toEqual(['yes', null]);
    // a row that did not carry the column is never read as "nothing to refuse"
    expect(() => hooks.guardValues({})).toThrow(/guards/);
    expect(() => hooks.guardValues({ guards: ['yes'] })).toThrow(/2 value/);
    const attempt = {
      studyId: 'st',
      subjectId: 'subj',
      visitnum: 'V1',
      cycnum: 1,
      svnum: 1,
      tid: 'VS',
      recordId: null,
      changed: ['SYSBP'],
    };
    const none = { query: async () => Promise.reject(new Error('no statement expected')) } as never;
    // carried: no statement of their own, the values as read
    expect(await hooks.checkSave(none, attempt, ['yes', 'no'])).toEqual({ messageId: 'freezeFrozenPage' });
    expect(order).toEqual(['first', 'frozen']);
    expect(await hooks.checkSave(none, attempt, [null, 'yes'])).toEqual({ messageId: 'freezeFrozenItem' });
    // not carried: the subject locked (a save), then one statement of all the reads, the page as parameters
    const sent: { sql: string; params: unknown[] }[] = [];
    const db = {
      inTransaction: false,
      query: async (sql: string, params: unknown[]) => {
        sent.push({ sql, params });
        return /for update/.test(sql) ? [{ id: 'subj' }] : [{ guards: [null, null] }];
      },
    } as never;
    expect(await hooks.checkSave(db, attempt)).toBeNull();
    expect(sent.map((s) => s.sql)).toEqual([
      'select id from subjects where id = $1 for update',
      'select json_build_array((select frozen of $1::text $5::text $6::bigint),\n(select locked)) as "guards"',
    ]);
    expect(sent[1]!.params).toEqual(['subj', 'V1', 1, 1, 'VS', null]);
    // the columns are built: a read guard registered now would be missing from them
    expect(() => hooks.beforeSaveRead('late', { select: () => 'x', refusal: () => null })).toThrow(/after/);
  });

  it('refuses a name registered twice (a programming error, found at start-up)', () => {
    const hooks = createRecordHooks();
    hooks.onSaved('x', async () => {});
    expect(() => hooks.onSaved('x', async () => {})).toThrow(/registered twice/);
  });

  it('adds each capability once, in registration order', async () => {
    const hooks = createRecordHooks();
    hooks.capabilities('q', async () => ['query', 'sdv']);
    hooks.capabilities('s', async () => ['sdv', 'sign']);
    expect(
      await hooks.extraCapabilities({} as never, {
        studyId: 's',
        roleId: 'r',
        rolecode: 'CRA',
        permissions: new Set(),
      }),
    ).toEqual(['query', 'sdv', 'sign']);
  });
});

describe('record hooks on the reference server', () => {
  let h: Harness;
  let crc: string;
  const seen: SavedRecord[] = [];
  let failNext = false;

  beforeAll(async () => {
    h = await startHarness({ logger: false });
    crc = await h.loginAs('crc.li', 'CRC', 'BJ01');
    h.app.recordHooks.onSaved('test.probe', async (tx, saved) => {
      seen.push(saved);
      // written in the save's transaction: visible to it, rolled back with it
      await tx.query(`select 1`);
      if (failNext) {
        failNext = false;
        throw new Error('hook failed');
      }
    });
    h.app.recordHooks.itemState('test.probe', async (db, q) => {
      const rows = await db.query<{ n: number }>(
        'select count(*)::int as n from data_audit where record_id = $1',
        [q.recordId],
      );
      return { SYSBP: { probe: { audits: rows[0]?.n ?? 0, as: q.rolecode } } };
    });
    h.app.recordHooks.capabilities('test.probe', async (_db, q) => (q.rolecode === 'CRC' ? ['probe'] : []));
  }, 120_000);
  afterAll(() => h?.close());

  const keys = { subjectid: DEMO_SUBJECTS.entry, visitnum: 'V1', cycnum: 1, svnum: 1, tid: 'VS' };
  const values = {
    VSDAT: '2026-03-01',
    VSPOS: 'SITTING',
    SYSBP: '120',
    DIABP: '80',
    PULSE: '70',
    TEMP: '36.5',
    WEIGHT: '70',
    HEIGHT: '175',
  };
  const records = async () =>
    (await h.db.query<{ n: number }>('select count(*)::int as n from form_records'))[0]?.n ?? 0;

  it('a failing hook rolls the save back: no record, no audit row', async () => {
    const before = await records();
    failNext = true;
    const res = await h.call(
      saveData,
      { ...keys, version: 1, values, idempotencyKey: randomUUID() },
      {
        token: crc,
      },
    );
    expect(res.body.success).toBe(false);
    expect(await records()).toBe(before);
  });

  it('sees a first entry and a change, with what changed; the answer and datainfo carry the providers’ fields', async () => {
    seen.length = 0;
    const res = await h.call(
      saveData,
      { ...keys, version: 1, values, idempotencyKey: randomUUID() },
      {
        token: crc,
      },
    );
    if (!res.body.success) throw new Error(res.body.msg);
    const saved = res.body.data as SaveOutcome;
    if (saved.outcome !== 'saved') throw new Error(JSON.stringify(saved));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ kind: 'create', before: null, actor: { username: 'crc.li' } });
    expect(seen[0]?.changed).toContain('SYSBP');
    expect(seen[0]?.record).toMatchObject({ subjectId: DEMO_SUBJECTS.entry, tid: 'VS', lineno: 1 });
    expect(saved.items.SYSBP).toMatchObject({ datatype: 0, probe: { audits: 9, as: 'CRC' } });

    const info = await h.call(dataInfo, keys, { token: crc });
    if (!info.body.success) throw new Error(info.body.msg);
    expect(info.body.data.items.SYSBP).toMatchObject({ probe: { audits: 9 } });
    expect(info.body.data.capabilities).toContain('probe');

    const update = await h.call(
      updateData,
      {
        recordid: saved.record.recordid,
        rowversion: 1,
        version: 1,
        values: { ...values, SYSBP: '121' },
        reasons: { SYSBP: { code: null, text: 'transcription' } },
        idempotencyKey: randomUUID(),
      },
      { token: crc },
    );
    if (!update.body.success) throw new Error(update.body.msg);
    expect(seen[1]).toMatchObject({ kind: 'update', changed: ['SYSBP'] });
    expect(seen[1]?.before?.SYSBP).toBe('120');
    expect(seen[1]?.reasons.SYSBP?.text).toBe('transcription');
  });

  it('stop 31: a change with hooks refuses to run before its subject is locked (its freeze read must follow the lock)', async () => {
    const [row] = await h.db.query<{ id: string; subjectId: string; rowversion: number }>(
      `select id::text as id, subject_id as "subjectId", rowversion from form_records
       where subject_id = $1 and visitnum = 'V1' and tid = 'VS'`,
      [DEMO_SUBJECTS.entry],
    );
    if (!row) throw new Error('no VS record');
    const loaded = await h.app.formSchemas.load('study-demo-001', 'VS', 1);
    if (!loaded?.ok) throw new Error('no VS form');
    const change = {
      actor: {
        userId: 'user-crc.li',
        username: 'crc.li',
        roleId: 'role-crc',
        siteId: 'site-bj01',
        studyId: 'study-demo-001',
      },
      recordId: row.id,
      rowversion: row.rowversion,
      form: loaded.form,
      ctx: { textLimit: 200, numUnknownAllowed: false, today: '2026-03-02' },
      values: { ...values, SYSBP: '122' },
      reasons: { SYSBP: { code: null, text: 'locked first' } },
      confirmWarnings: true,
      at: new Date('2026-03-02T02:00:00Z'),
      hooks: h.app.recordHooks,
    };
    const audits = async () =>
      (await h.db.query<{ n: number }>('select count(*)::int as n from data_audit'))[0]?.n ?? 0;
    const before = await audits();
    await expect(h.db.transaction((tx) => updateExistingRecord(tx, change))).rejects.toThrow(/locked first/);
    expect(await audits()).toBe(before);
    const done = await h.db.transaction(async (tx) => {
      await lockSubject(tx, row.subjectId);
      return updateExistingRecord(tx, change);
    });
    expect(done?.outcome).toBe('saved');
    expect(await audits()).toBe(before + 1);
  });
});
