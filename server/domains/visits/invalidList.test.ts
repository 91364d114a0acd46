/**
 * The invalid-record table (/index/invalidTable, invalidtablelist.do): the pages made invalid at the chosen site,
 * with the spec's columns (reason, eCRF version, inactive version, operator, time); a management page, so roles
 * without it get 403; a new deactivation shows up at once; another site's marks never do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidTableList } from '../../../engine/api/invalidRecords';
import { activeData } from '../../../engine/api/visits';
import { DEMO_SUBJECTS } from '../../seed/forms';
import { startHarness, type Harness } from '../../test/harness';

let h: Harness;
let dm: string;

beforeAll(async () => {
  h = await startHarness({ logger: false });
  dm = await h.loginAs('dm.chen', 'DM', 'BJ01');
}, 120_000);
afterAll(() => h?.close());

describe('the invalid-record table', () => {
  it("lists the seed's invalid page with the spec's columns, in the chosen site's scope", async () => {
    const res = await h.call(invalidTableList, { page: 1, size: 20 }, { token: dm, locale: 'en' });
    expect(res.body.success).toBe(true);
    if (!res.body.success) return;
    const [seeded] = await h.db.query<{ subject_id: string }>(
      `select subject_id from casebook_marks where mark = 'invalid' and tid = 'LB' and reason_code = 'ENTERED_IN_ERROR'`,
    );
    const rich = seeded!.subject_id;
    const row = res.body.data.list.find((r) => r.subjectid === rich && r.tid === 'LB');
    expect(row).toMatchObject({
      sitecode: 'BJ01',
      visitnum: 'V1',
      reason: { en: 'Entered in error: the data is not valid' },
      unActvieVersionName: 'v1',
      operaUserName: 'crc.li',
    });
    expect(row!.ecrfVersionName).not.toBeNull();
    expect((row!.visitTname as { en: string }).en).toMatch(/ \/ /);
    expect(res.body.data.list.every((r) => r.sitecode === 'BJ01')).toBe(true);
    const elsewhere = await h.call(
      invalidTableList,
      { page: 1, size: 20 },
      { token: await h.loginAs('dm.chen', 'DM', 'SH01') },
    );
    expect(elsewhere.body.success, JSON.stringify(elsewhere.body)).toBe(true);
    expect(elsewhere.body.success && elsewhere.body.data.list.some((r) => r.subjectid === rich)).toBe(false);
    // one session per user: back at BJ01 for the tests below
    dm = await h.loginAs('dm.chen', 'DM', 'BJ01');
  });

  it('is a management page: a CRC gets 403 and nothing', async () => {
    const crc = await h.loginAs('crc.li', 'CRC', 'BJ01');
    const res = await h.call(invalidTableList, { page: 1, size: 20 }, { token: crc });
    expect(res.status).toBe(403);
  });

  it('shows a page made invalid now, first (newest first), and filters by subject number', async () => {
    const crc = await h.loginAs('crc.li', 'CRC', 'BJ01');
    h.clock.advance(60_000);
    const marked = await h.call(
      activeData,
      {
        subjectid: DEMO_SUBJECTS.entry,
        visitnum: 'V1',
        cycnum: 1,
        svnum: 1,
        tid: 'LB',
        action: 'deactivate',
        reasoncode: 'OTHER',
        reasontext: 'Sample from another patient',
      },
      { token: crc, locale: 'en' },
    );
    expect(marked.body.success, JSON.stringify(marked.body)).toBe(true);
    const res = await h.call(invalidTableList, { page: 1, size: 20 }, { token: dm, locale: 'en' });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    expect(res.body.success && res.body.data.list[0]).toMatchObject({
      subjectid: DEMO_SUBJECTS.entry,
      tid: 'LB',
      reasontext: 'Sample from another patient',
      unActvieVersionName: null,
    });
    const subjid = res.body.success ? res.body.data.list[0]!.subjid : '';
    const filtered = await h.call(invalidTableList, { page: 1, size: 20, subjid }, { token: dm });
    expect(filtered.body.success && filtered.body.data.list.map((r) => r.subjid)).toEqual([subjid]);
  });
});
