/**
 * The subject list endpoints on the demo seed (90 generated subjects over BJ01, SH01, BOS01): scope by the site
 * chosen at /checkRole, paging, every search type, sorting, refused input, one subject. Every answer is checked against the
 * contract by the harness.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subjectInfo, subjectList, type SubjectRow } from '../../../engine/api/subjects';
import { startHarness, type Harness } from '../../test/harness';

let h: Harness;
let crcLi: string;
let crcSmith: string;
let dm: string;

/** Every subject of the seed, straight from the table. */
let all: {
  subjid: string;
  sitecode: string;
  status: string;
  sex: string;
  age: number;
  initials: string;
  enrolldate: string | null;
}[];

beforeAll(async () => {
  h = await startHarness({ logger: false });
  crcLi = await h.loginAs('crc.li', 'CRC', 'BJ01');
  crcSmith = await h.loginAs('crc.smith', 'CRC', 'BOS01');
  dm = await h.loginAs('dm.chen', 'DM', 'SH01');
  all = await h.db.query(
    `select s.subjid, si.sitecode, s.status, s.sex, s.age, s.initials, to_char(s.enrolldate, 'YYYY-MM-DD') as enrolldate
     from subjects s join sites si on si.id = s.site_id where s.abandoned_at is null order by s.subjid`,
  );
});
afterAll(() => h?.close());

async function list(token: string, params: Record<string, unknown> = {}) {
  const res = await h.call(subjectList, { page: 1, size: 100, ...params }, { token, locale: 'en' });
  return res;
}

async function rows(token: string, params: Record<string, unknown> = {}): Promise<SubjectRow[]> {
  const res = await list(token, params);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  if (!res.body.success) throw new Error(res.body.msg);
  return res.body.data.list;
}

const subjids = (list: readonly { subjid: string }[]) => list.map((r) => r.subjid);
/** crc.li's sessions chose BJ01 (crc.li is CRC at BJ01 and SH01): the scope is BJ01 only. */
const where = (pred: (s: (typeof all)[number]) => boolean, sites = ['BJ01']) =>
  all.filter((s) => sites.includes(s.sitecode) && pred(s)).map((s) => s.subjid);

describe('scope: the site chosen at /checkRole (where the user still holds the role)', () => {
  it('the demo seed has 90 subjects over the three sites, one of them abandoned (out of every list)', async () => {
    const seeded = await h.db.query<{ n: number }>('select count(*)::int as n from subjects');
    expect(seeded[0]?.n).toBe(90);
    expect(all).toHaveLength(89);
    expect(new Set(all.map((s) => s.sitecode))).toEqual(new Set(['BJ01', 'SH01', 'BOS01']));
  });

  it('crc.li (CRC at BJ01 and SH01) who chose BJ01 sees BJ01 only: no SH01 subject, no BOS01 one', async () => {
    const seen = await rows(crcLi);
    expect(subjids(seen)).toEqual(where(() => true, ['BJ01']));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.some((r) => r.sitecode === 'SH01' || r.sitecode === 'BOS01')).toBe(false);
    // the same user choosing SH01 sees SH01 only (one login per user: the new token replaces the old one)
    const atSh01 = await h.loginAs('crc.li', 'CRC', 'SH01');
    expect(subjids(await rows(atSh01))).toEqual(where(() => true, ['SH01']));
    crcLi = await h.loginAs('crc.li', 'CRC', 'BJ01');
  });

  it('crc.smith (CRC at BOS01) sees only BOS01; dm.chen as DM at SH01 sees SH01 only', async () => {
    expect(subjids(await rows(crcSmith))).toEqual(where(() => true, ['BOS01']));
    const dmRows = await rows(dm);
    expect(subjids(dmRows)).toEqual(where(() => true, ['SH01']));
    // the same user as CRA at SH01 only: the scope follows the session's role
    const cra = await h.loginAs('dm.chen', 'CRA', 'SH01');
    expect(subjids(await rows(cra))).toEqual(where(() => true, ['SH01']));
    dm = await h.loginAs('dm.chen', 'DM', 'SH01');
  });

  it('a siteid search outside the scope gives no rows, not the other site', async () => {
    for (const siteid of ['site-bos01', 'site-sh01']) {
      const res = await list(crcLi, { siteid });
      expect(res.body, siteid).toMatchObject({ success: true, data: { list: [], total: 0 } });
    }
    expect(subjids(await rows(crcLi, { siteid: 'site-bj01' }))).toEqual(where(() => true));
  });

  it('roles without the subject page (CODER, SUPPORT) are refused with 403', async () => {
    for (const [user, role] of [
      ['coder.zhou', 'CODER'],
      ['support.admin', 'SUPPORT'],
    ] as const) {
      const token = await h.loginAs(user, role, 'BJ01');
      const res = await list(token);
      expect(res.status, role).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 403 });
      expect((await h.call(subjectInfo, { subjectid: 'subj-bj01-0001' }, { token })).status).toBe(403);
    }
  });
});

describe('paging', () => {
  it('answers the total over all pages and the page asked for, in subject-number order', async () => {
    const expected = where(() => true);
    const first = await list(crcLi, { page: 1, size: 20 });
    expect(first.body).toMatchObject({ success: true, data: { total: expected.length, page: 1, size: 20 } });
    const pages: string[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / 20); page++) {
      pages.push(...subjids(await rows(crcLi, { page, size: 20 })));
    }
    expect(pages).toEqual(expected);
  });

  it('a page beyond the last is empty, with the total', async () => {
    const res = await list(crcLi, { page: 99, size: 50 });
    expect(res.body).toMatchObject({
      success: true,
      data: { list: [], total: where(() => true).length, page: 99 },
    });
  });

  it('refuses sizes other than 20, 50, 100 and pages below 1 with 400', async () => {
    expect((await list(crcLi, { size: 30 })).status).toBe(400);
    expect((await list(crcLi, { page: 0 })).status).toBe(400);
  });
});

describe('search (values read with the engine from the stored definitions)', () => {
  it('subjid and initials: contains, case-insensitive', async () => {
    expect(subjids(await rows(crcLi, { subjid: 'bj01-00' }))).toEqual(
      where((s) => s.subjid.startsWith('BJ01-00')),
    );
    const initials = all.find((s) => s.sitecode === 'BJ01')!.initials.slice(0, 2);
    expect(subjids(await rows(crcLi, { initials: initials.toLowerCase() }))).toEqual(
      where((s) => s.initials.includes(initials)),
    );
  });

  it('takes % and _ literally', async () => {
    expect(await rows(crcLi, { subjid: '%' })).toEqual([]);
    expect(await rows(crcLi, { subjid: '_' })).toEqual([]);
  });

  it('select (sex) is equal, mselect (status) is one of', async () => {
    expect(subjids(await rows(crcLi, { sex: 'F' }))).toEqual(where((s) => s.sex === 'F'));
    expect(subjids(await rows(crcLi, { status: ['1', '5'] }))).toEqual(
      where((s) => ['1', '5'].includes(s.status)),
    );
    expect(subjids(await rows(crcLi, { status: '2' }))).toEqual(where((s) => s.status === '2'));
  });

  it('num (age) is equal', async () => {
    const age = all.find((s) => s.sitecode === 'BJ01')!.age;
    const found = await rows(crcLi, { age: String(age) });
    expect(subjids(found)).toEqual(where((s) => s.age === age));
    expect(found.length).toBeGreaterThan(0);
    expect(await rows(crcLi, { age: '30.5' })).toEqual([]);
  });

  it('date range (enrolldate) is inclusive at both ends, and either end alone works', async () => {
    const dates = where((s) => s.enrolldate !== null).map(
      (id) => all.find((s) => s.subjid === id)!.enrolldate!,
    );
    const sorted = [...new Set(dates)].sort();
    const start = sorted[2]!;
    const end = sorted[sorted.length - 3]!;
    const inRange = (s: (typeof all)[number]) =>
      s.enrolldate !== null && s.enrolldate >= start && s.enrolldate <= end;
    expect(subjids(await rows(crcLi, { enrolldateStart: start, enrolldateEnd: end }))).toEqual(
      where(inRange),
    );
    expect(subjids(await rows(crcLi, { enrolldateStart: end }))).toEqual(
      where((s) => s.enrolldate !== null && s.enrolldate >= end),
    );
    expect(subjids(await rows(crcLi, { enrolldateEnd: start }))).toEqual(
      where((s) => s.enrolldate !== null && s.enrolldate <= start),
    );
  });

  it('combines conditions (and)', async () => {
    expect(subjids(await rows(crcLi, { sex: 'M', status: ['2', '3'] }))).toEqual(
      where((s) => s.sex === 'M' && ['2', '3'].includes(s.status)),
    );
  });

  it('ignores params no search field names', async () => {
    expect(subjids(await rows(crcLi, { nosuchfield: 'x' }))).toEqual(where(() => true));
  });

  it('refuses malformed values with 400 naming the param: bad date, range end before start, non-numeric num', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ enrolldateStart: '2025-13-40' }, 'enrolldateStart'],
      [{ enrolldateStart: 'yesterday' }, 'enrolldateStart'],
      [{ enrolldateStart: '2025-06-01', enrolldateEnd: '2025-05-31' }, 'enrolldate'],
      [{ age: 'forty' }, 'age'],
      [{ age: '-3' }, 'age'],
      [{ sex: { nested: true } }, 'sex'],
    ];
    for (const [params, name] of cases) {
      const res = await list(crcLi, params);
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(res.body).toMatchObject({ success: false, msg: `parameter error: ${name}` });
      expect(res.body.errors?.join(' ')).toContain(name);
    }
  });
});

describe('sort', () => {
  const byKey = <T>(key: (s: (typeof all)[number]) => T, asc: boolean) =>
    where(() => true)
      .map((id) => all.find((s) => s.subjid === id)!)
      .sort((a, b) => {
        const ka = key(a);
        const kb = key(b);
        const c = ka === kb ? (a.subjid < b.subjid ? -1 : 1) : ka < kb ? -1 : 1;
        return asc ? c : -c;
      })
      .map((s) => s.subjid);

  it('by a sortable column, ascending and descending, ties broken by subject number', async () => {
    for (const asc of [true, false]) {
      expect(subjids(await rows(crcLi, { orderByField: 'age', asc }))).toEqual(byKey((s) => s.age, asc));
      expect(subjids(await rows(crcLi, { orderByField: 'status', asc }))).toEqual(
        byKey((s) => s.status, asc),
      );
      expect(subjids(await rows(crcLi, { orderByField: 'subjid', asc }))).toEqual(
        byKey((s) => s.subjid, asc),
      );
      // empty dates last when ascending, first when descending
      expect(subjids(await rows(crcLi, { orderByField: 'enrolldate', asc }))).toEqual(
        byKey((s) => s.enrolldate ?? '9999-99-99', asc),
      );
    }
  });

  it('asc defaults to ascending; sorting keeps the search', async () => {
    const sorted = await rows(crcLi, { orderByField: 'age', status: ['2'] });
    expect(subjids(sorted)).toEqual(
      byKey((s) => s.age, true).filter((id) => where((s) => s.status === '2').includes(id)),
    );
  });

  it('refuses an orderByField that is not a sortable column with 400', async () => {
    for (const field of ['sitename', 'initials', 'nosuch', 'subjid; drop table subjects']) {
      const res = await list(crcLi, { orderByField: field });
      expect(res.status, field).toBe(400);
      expect(res.body.errors?.[0]).toContain('orderByField');
    }
  });
});

describe('subject/info.do', () => {
  it('answers a subject at the chosen site', async () => {
    const res = await h.call(subjectInfo, { subjectid: 'subj-bj01-0001' }, { token: crcLi });
    expect(res.body).toMatchObject({ success: true, data: { subjid: 'BJ01-0001', sitecode: 'BJ01' } });
  });

  it('refuses a subject of another site where the user holds the same role (crc.li chose BJ01: SH01 refused)', async () => {
    const res = await h.call(subjectInfo, { subjectid: 'subj-sh01-0001' }, { token: crcLi, locale: 'en' });
    expect(res.body).toEqual({
      success: false,
      msg: 'No such subject at the sites of your role',
      data: null,
    });
  });

  it('answers success:false for a subject of another site, as for an unknown id', async () => {
    const other = await h.call(subjectInfo, { subjectid: 'subj-bos01-0001' }, { token: crcLi, locale: 'en' });
    const unknown = await h.call(subjectInfo, { subjectid: 'subj-nope' }, { token: crcLi, locale: 'en' });
    expect(other.status).toBe(200);
    expect(other.body).toEqual({
      success: false,
      msg: 'No such subject at the sites of your role',
      data: null,
    });
    expect(unknown.body).toEqual(other.body);
    const smith = await h.call(subjectInfo, { subjectid: 'subj-bos01-0001' }, { token: crcSmith });
    expect(smith.body.success).toBe(true);
  });
});
