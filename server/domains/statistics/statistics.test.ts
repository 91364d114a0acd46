/**
 * The home page's figures on the demo seed: the to-dos follow the work (a page entered is one fewer to enter), each
 * role sees only the kinds it can act on, a workflow adds its own kind by registration, and the statistics cover
 * exactly the sites the user holds the role at.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveData } from '../../../engine/api/data';
import { myTaskInfo, siteStatistics, type TaskRow } from '../../../engine/api/statistics';
import { DEMO_SUBJECTS } from '../../seed/forms';
import { startHarness, type Harness } from '../../test/harness';

let h: Harness;
let crc: string;
let cra: string;
let smith: string;

beforeAll(async () => {
  h = await startHarness({ logger: false });
  crc = await h.loginAs('crc.li', 'CRC', 'BJ01');
  cra = await h.loginAs('cra.zhao', 'CRA', 'BJ01');
  smith = await h.loginAs('crc.smith', 'CRC', 'BOS01');
}, 120_000);
afterAll(() => h?.close());

async function tasks(token: string): Promise<TaskRow[]> {
  const res = await h.call(myTaskInfo, {}, { token });
  if (!res.body.success) throw new Error(res.body.msg);
  return res.body.data;
}
const countOf = (rows: TaskRow[], id: string) => rows.find((r) => r.id === id)?.count;

describe('my to-dos (visit/myTaskInfo.do)', () => {
  it('counts the pages to enter at the chosen site; entering one leaves one fewer', async () => {
    const before = countOf(await tasks(crc), 'pagesToEnter');
    expect(before).toBeGreaterThan(0);
    const saved = await h.call(
      saveData,
      {
        subjectid: DEMO_SUBJECTS.entry,
        visitnum: 'V1',
        cycnum: 1,
        svnum: 1,
        tid: 'VS',
        version: 1,
        values: {
          VSDAT: '2026-03-01',
          VSPOS: 'SITTING',
          SYSBP: '120',
          DIABP: '80',
          PULSE: '70',
          TEMP: '36.5',
          WEIGHT: '70',
          HEIGHT: '175',
        },
        idempotencyKey: randomUUID(),
      },
      { token: crc },
    );
    expect(saved.body.success && saved.body.data.outcome).toBe('saved');
    expect(countOf(await tasks(crc), 'pagesToEnter')).toBe((before ?? 0) - 1);
  });

  it('links each kind to the page that lists it', async () => {
    for (const row of await tasks(crc)) expect(row.link).toMatch(/^\/index\//);
  });

  it('shows a monitor none of the data-entry kinds', async () => {
    const ids = (await tasks(cra)).map((r) => r.id);
    expect(ids).not.toContain('pagesToEnter');
    expect(ids).not.toContain('pagesWithWarnings');
  });

  it('adds the kinds a workflow registers, for the roles it answers', async () => {
    h.app.taskCounters.register({
      id: 'probeToReview',
      count: async (_db, session, rolecode) =>
        rolecode === 'CRA'
          ? { count: session.siteId === 'site-bj01' ? 3 : 0, link: '/index/queryManage' }
          : null,
    });
    expect(await tasks(cra)).toContainEqual({ id: 'probeToReview', count: 3, link: '/index/queryManage' });
    expect(countOf(await tasks(crc), 'probeToReview')).toBeUndefined();
    expect(() => h.app.taskCounters.register({ id: 'probeToReview', count: async () => null })).toThrow(
      /registered twice/,
    );
  });

  it('refuses a call without a session (401)', async () => {
    expect((await h.call(myTaskInfo, {})).status).toBe(401);
  });
});

describe('site statistics (statistics/siteStatistics.do)', () => {
  it('covers the sites the user holds the role at, and the subjects there by state', async () => {
    const res = await h.call(siteStatistics, {}, { token: crc });
    if (!res.body.success) throw new Error(res.body.msg);
    const { sites, enrolment, pages } = res.body.data;
    expect(sites.map((s) => s.sitecode)).toEqual(['BJ01', 'SH01']);
    const counted = await h.db.query<{ sitecode: string; n: number }>(
      `select si.sitecode, count(*)::int as n from subjects s join sites si on si.id = s.site_id
       where si.sitecode in ('BJ01', 'SH01') group by si.sitecode order by 1`,
    );
    expect(sites.map((s) => s.total)).toEqual(counted.map((c) => c.n));
    for (const s of sites) {
      expect(s.screening + s.enrolled + s.completed + s.withdrawn + s.screenFailure).toBe(s.total);
    }
    expect(
      enrolment.every((e) => ['BJ01', 'SH01'].includes(e.sitecode) && /^\d{4}-\d{2}$/.test(e.month)),
    ).toBe(true);
    expect(pages.length).toBeGreaterThan(0);
    expect(pages[0]?.name).toMatchObject({ zh_CN: expect.any(String), en: expect.any(String) });
  });

  it('shows a user of another site nothing of BJ01 or SH01', async () => {
    const res = await h.call(siteStatistics, {}, { token: smith });
    if (!res.body.success) throw new Error(res.body.msg);
    expect(res.body.data.sites.map((s) => s.sitecode)).toEqual(['BOS01']);
    expect(res.body.data.enrolment.every((e) => e.sitecode === 'BOS01')).toBe(true);
  });
});
