/**
 * Casebook batch operations (docs/casebook-batch-operations.md) and eventtype.do on the demo seed, as crc.li (CRC,
 * BJ01): the preview lists what the run would touch and writes nothing; the run marks exactly those pages with their
 * visit audit rows, in one transaction, and says 'Batch job successfully'; every refusal (role, unknown version or
 * form, a reason without its text, a stale preview, a second run) leaves the database unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchPreview, batchRun, eventType, type BatchParams } from '../../../engine/api/casebookBatch';
import { activeData } from '../../../engine/api/visits';
import { snapshotDb } from '../../test/dbSnapshot';
import { startHarness, type Harness } from '../../test/harness';

let h: Harness;
let crc: string;
let cra: string;

beforeAll(async () => {
  h = await startHarness({ logger: false });
  crc = await h.loginAs('crc.li', 'CRC', 'BJ01');
  cra = await h.loginAs('cra.zhao', 'CRA', 'BJ01');
});
afterAll(() => h?.close());

/** V3's laboratory page, in every V3 held up to the end of 2026, current eCRF version. */
const params: BatchParams = {
  type: 'uncollected',
  crfver: 'CRF-1.1',
  visitnum: 'V3',
  tid: 'LB',
  date: '2026-12-31',
  reasoncode: 'NOT_DONE',
  subjectids: [],
};

async function preview(p: Partial<BatchParams> = {}, token = crc) {
  return h.call(batchPreview, { ...params, ...p }, { token, locale: 'en' });
}

const marks = async () =>
  (await h.db.query<{ n: number }>(`select count(*)::int as n from casebook_marks`))[0]?.n ?? 0;

describe('eventtype.do', () => {
  it("answers the schedule's visit kinds, each visit with its forms by name", async () => {
    const res = await h.call(eventType, {}, { token: crc, locale: 'en' });
    expect(res.body.success).toBe(true);
    const types = res.body.success ? res.body.data : [];
    expect(types.map((t) => t.type)).toEqual(expect.arrayContaining(['scheduled', 'hidden', 'unscheduled']));
    const v3 = types.flatMap((t) => t.events).find((e) => e.visitnum === 'V3');
    expect(v3?.forms.map((f) => f.tid)).toContain('LB');
    const one = await h.call(eventType, { type: 'hidden' }, { token: crc });
    expect(one.body.success && one.body.data.map((t) => t.type)).toEqual(['hidden']);
  });
});

describe('batch operations', () => {
  it('preview: the pages it would mark and those it leaves with why; nothing written', async () => {
    // one of the pages is marked by hand first: the batch leaves it, with activedata.do's reason
    const first = await preview();
    const page = first.body.success ? first.body.data.pages[0]! : null;
    const marked = await h.call(
      activeData,
      { ...page!, action: 'unoccurred', reasoncode: 'MISSED', reasontext: '' },
      { token: crc },
    );
    expect(marked.body.success, JSON.stringify(marked.body)).toBe(true);
    const before = await snapshotDb(h.db);
    const res = await preview();
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    if (!res.body.success) return;
    const { pages, skipped, counts } = res.body.data;
    expect(counts.pages).toBe(pages.length);
    expect(counts.pages).toBeGreaterThan(0);
    expect(pages.every((p) => p.visitnum === 'V3' && p.tid === 'LB' && p.visitdate <= '2026-12-31')).toBe(
      true,
    );
    expect(pages.every((p) => p.subjid.startsWith('BJ01-'))).toBe(true);
    expect(pages.some((p) => p.subjectid === page!.subjectid)).toBe(false);
    expect(skipped).toHaveLength(counts.skipped);
    expect(skipped.find((s) => s.subjectid === page!.subjectid)?.reason).toMatch(/marked/i);
    expect(await snapshotDb(h.db)).toEqual(before);
  });

  it('narrows to chosen subjects and an earlier date', async () => {
    const all = await preview();
    const first = all.body.success ? all.body.data.pages[0]! : null;
    const one = await preview({ subjectids: [first!.subjectid] });
    expect(one.body.success && one.body.data.pages.map((p) => p.subjid)).toEqual([first!.subjid]);
    const none = await preview({ date: '2000-01-01' });
    expect(none.body.success && none.body.data.counts.pages).toBe(0);
  });

  it('refusals leave the database unchanged', async () => {
    const before = await snapshotDb(h.db);
    const asCra = await preview({}, cra);
    expect(asCra.status).toBe(403);
    const good = await preview();
    const token = good.body.success ? good.body.data.token : '';
    expect((await h.call(batchRun, { ...params, token }, { token: cra })).status).toBe(403);
    for (const [p, msg] of [
      [{ crfver: 'CRF-9' }, 'No such eCRF version'],
      [{ tid: 'AE' }, 'no such form'],
      [{ date: '2026-02-30' }, 'not a valid day'],
      [{ reasoncode: 'OTHER' }, 'describe the reason'],
    ] as const) {
      const res = await h.call(batchRun, { ...params, ...p, token }, { token: crc, locale: 'en' });
      expect(res.body.success, JSON.stringify(p)).toBe(false);
      expect(!res.body.success && res.body.msg).toContain(msg);
    }
    const stale = await h.call(
      batchRun,
      { ...params, token: 'not-the-preview' },
      { token: crc, locale: 'en' },
    );
    expect(!stale.body.success && stale.body.msg).toContain('preview again');
    const malformed = await h.call(batchRun, { ...params, date: '31/12/2026', token }, { token: crc });
    expect(malformed.status).toBe(400);
    expect(await snapshotDb(h.db)).toEqual(before);
  });

  it('run: marks exactly the previewed pages, audited, in one transaction; a second run is refused', async () => {
    const shown = await preview();
    if (!shown.body.success) throw new Error('preview failed');
    const { pages, token, counts } = shown.body.data;
    const marksBefore = await marks();
    const auditBefore = await h.db.query<{ n: number }>(
      `select count(*)::int as n from visit_audit where action = 'mark' and newvalue = 'uncollected'`,
    );
    const res = await h.call(batchRun, { ...params, token }, { token: crc, locale: 'en' });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    if (!res.body.success) return;
    expect(res.body.data.message).toMatch(/^Batch job successfully/);
    expect(res.body.data.counts).toEqual({
      subjects: counts.subjects,
      visits: counts.visits,
      pages: counts.pages,
    });
    expect(await marks()).toBe(marksBefore + pages.length);
    const auditAfter = await h.db.query<{ n: number }>(
      `select count(*)::int as n from visit_audit where action = 'mark' and newvalue = 'uncollected'`,
    );
    expect(auditAfter[0]!.n).toBe(auditBefore[0]!.n + pages.length);
    const marked = await h.db.query<{ subject_id: string }>(
      `select subject_id from casebook_marks where visitnum = 'V3' and tid = 'LB' and mark = 'uncollected'
         and reason_code = 'NOT_DONE' and marked_by = 'user-crc.li'`,
    );
    expect(new Set(marked.map((m) => m.subject_id))).toEqual(
      new Set([...pages.map((p) => p.subjectid), ...marked.map((m) => m.subject_id)]),
    );
    const before = await snapshotDb(h.db);
    const again = await h.call(batchRun, { ...params, token }, { token: crc, locale: 'en' });
    expect(again.body.success).toBe(false);
    expect(await snapshotDb(h.db)).toEqual(before);
  });
});
