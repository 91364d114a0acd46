import { describe, expect, it } from 'vitest';
import {
  createDraftStore,
  createMemoryBackend,
  DRAFT_TTL_MS,
  type Draft,
  type DraftScope,
} from './draftStore';

const HOUR = 60 * 60 * 1000;

const scope: DraftScope = {
  studyId: 'S1',
  userId: 'u1',
  subjectid: 'subj-1',
  visitnum: 'V1',
  cycnum: 1,
  svnum: 1,
  tid: 'VS',
  lineno: 'new',
};

function draft(values: Draft['values'], savedAt: number): Draft {
  return { values, savedAt, rowversion: null, idempotencyKey: null };
}

function setup() {
  let clock = 1_000_000;
  const backend = createMemoryBackend();
  const store = createDraftStore({ backend, now: () => clock });
  return {
    backend,
    store,
    get now() {
      return clock;
    },
    advance(ms: number) {
      clock += ms;
    },
  };
}

describe('the draft store', () => {
  it('gives back what was saved for the same scope, lists included', async () => {
    const t = setup();
    const saved: Draft = {
      values: { SYSBP: '12a', RACE: ['1', '3'], VSDAT: null },
      savedAt: t.now,
      rowversion: 4,
      idempotencyKey: 'key-0123456789abcdef',
    };
    await t.store.save(scope, saved);
    expect(await t.store.load({ ...scope })).toEqual(saved);
  });

  it('keeps scopes apart: another user, study, subject, visit, cycle, form or row sees nothing', async () => {
    const t = setup();
    await t.store.save(scope, draft({ SYSBP: '120' }, t.now));
    const others: Partial<DraftScope>[] = [
      { userId: 'u2' },
      { studyId: 'S2' },
      { subjectid: 'subj-2' },
      { visitnum: 'V2' },
      { cycnum: 2 },
      { svnum: 2 },
      { tid: 'DM' },
      { lineno: 1 },
    ];
    for (const other of others) expect(await t.store.load({ ...scope, ...other })).toBeNull();
    expect(await t.store.load(scope)).not.toBeNull();
  });

  it('cannot be confused by separators inside the scope parts', async () => {
    const t = setup();
    await t.store.save({ ...scope, userId: 'a:b', subjectid: 'c' }, draft({ X: '1' }, t.now));
    expect(await t.store.load({ ...scope, userId: 'a', subjectid: 'b:c' })).toBeNull();
    await t.store.clearUser('S1', 'a');
    expect(await t.store.load({ ...scope, userId: 'a:b', subjectid: 'c' })).not.toBeNull();
  });

  it('lets a draft expire after 24 hours and removes it when asked for', async () => {
    const t = setup();
    await t.store.save(scope, draft({ SYSBP: '120' }, t.now));
    t.advance(DRAFT_TTL_MS - 1);
    expect(await t.store.load(scope)).not.toBeNull();
    t.advance(1);
    expect(await t.store.load(scope)).toBeNull();
    expect(t.backend.size).toBe(0);
  });

  it('clears one scope on save, and every draft of a user in a study on logout', async () => {
    const t = setup();
    await t.store.save(scope, draft({ A: '1' }, t.now));
    await t.store.save({ ...scope, tid: 'DM' }, draft({ B: '2' }, t.now));
    await t.store.save({ ...scope, userId: 'u2' }, draft({ C: '3' }, t.now));
    await t.store.save({ ...scope, studyId: 'S2' }, draft({ D: '4' }, t.now));

    await t.store.clear(scope);
    expect(await t.store.load(scope)).toBeNull();
    expect(await t.store.load({ ...scope, tid: 'DM' })).not.toBeNull();

    await t.store.clearUser('S1', 'u1');
    expect(await t.store.load({ ...scope, tid: 'DM' })).toBeNull();
    expect(await t.store.load({ ...scope, userId: 'u2' })).not.toBeNull();
    expect(await t.store.load({ ...scope, studyId: 'S2' })).not.toBeNull();
  });

  it('purges expired and unreadable drafts, keeping fresh ones', async () => {
    const t = setup();
    await t.store.save(scope, draft({ A: '1' }, t.now - 25 * HOUR));
    await t.store.save({ ...scope, tid: 'DM' }, draft({ B: '2' }, t.now - HOUR));
    await t.backend.set(`${t.store.draftKey({ ...scope, tid: 'LB' })}`, '{not json');
    expect(await t.store.purgeExpired()).toBe(2);
    expect(await t.store.load({ ...scope, tid: 'DM' })).not.toBeNull();
    expect(t.backend.size).toBe(1);
  });

  it('treats a stored value of the wrong shape as no draft', async () => {
    const t = setup();
    await t.backend.set(t.store.draftKey(scope), JSON.stringify({ values: { A: 3 }, savedAt: t.now }));
    expect(await t.store.load(scope)).toBeNull();
    expect(t.backend.size).toBe(0);
  });
});
