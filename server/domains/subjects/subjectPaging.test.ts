/**
 * The generator behind `npm run seed -- --subjects N` (small N here), deep pages read from bookmarks (the same rows
 * as plain offsets, for every sort), and the cached totals and bookmarks retired by any write to subjects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subjectList } from '../../../engine/api/subjects';
import type { SearchValue } from '../../../engine/metadata/types';
import { parseListMetadata } from '../lists/engine/metadata';
import { searchConditions } from '../lists/engine/searchSql';
import { SqlParams } from '../lists/engine/sqlParams';
import { subjectListDeclaration as subjects } from './list';
import { subjectsDataVersion } from './repository';
import { replaceSubjects, subjectsOption, vacuumSubjects } from '../../seed/subjects';
import { loadListsSeed } from '../../seed/lists';
import { createListPager } from '../lists/engine/pager';
import { startHarness, type Harness } from '../../test/harness';

const STUDY = 'study-demo-001';
const N = 500;
let h: Harness;

/** A digest of every generated column, in subject-number order. */
async function digest(): Promise<string> {
  const rows = await h.db.query<{ d: string }>(
    `select md5(string_agg(concat_ws('|', id, site_id, subjid, initials, sex, birthdate, age, status, enrolldate,
       visitcount, lastvisitdate, created_at, updated_at), ',' order by subjid)) as d from subjects`,
  );
  return rows[0]?.d ?? '';
}

beforeAll(async () => {
  h = await startHarness({ logger: false });
  await replaceSubjects(h.owner, STUDY, N);
  await vacuumSubjects(h.owner);
});
afterAll(() => h?.close());

describe('generated subjects (--subjects N)', () => {
  it('makes N subjects over every site of the study, with numbers per site and every status', async () => {
    const perSite = await h.db.query<{ sitecode: string; n: number; first: string }>(
      `select si.sitecode, count(*)::int as n, min(s.subjid) as first
       from subjects s join sites si on si.id = s.site_id group by si.sitecode order by si.sitecode`,
    );
    expect(perSite.map((r) => r.sitecode)).toEqual(['BJ01', 'BOS01', 'SH01']);
    expect(perSite.reduce((sum, r) => sum + r.n, 0)).toBe(N);
    expect(perSite.map((r) => r.first)).toEqual(['BJ01-0001', 'BOS01-0001', 'SH01-0001']);
    const statuses = await h.db.query<{ status: string }>(
      'select distinct status from subjects order by status',
    );
    expect(statuses.map((r) => r.status)).toEqual(['1', '2', '3', '4', '5']);
    const [dates] = await h.db.query<{ bad: number }>(
      `select count(*)::int as bad from subjects
       where (status in ('2', '3', '4')) <> (enrolldate is not null) or lastvisitdate < coalesce(enrolldate, lastvisitdate)
          or updated_at >= timestamptz '2026-03-01'`,
    );
    expect(dates?.bad).toBe(0);
  });

  it('is deterministic: the same N gives the same subjects', async () => {
    const first = await digest();
    await replaceSubjects(h.owner, STUDY, N);
    expect(await digest()).toBe(first);
  });

  it('reads N from --subjects N or --subjects=N', () => {
    expect(subjectsOption([])).toBeUndefined();
    expect(subjectsOption(['--reset', '--subjects', '100000'])).toBe(100000);
    expect(subjectsOption(['--subjects=100_000'])).toBe(100000);
    expect(() => subjectsOption(['--subjects'])).toThrow(/--subjects/);
    expect(() => subjectsOption(['--subjects', '-5'])).toThrow(/--subjects/);
  });
});

describe('deep pages start from bookmarks', () => {
  it('give the same rows as plain offsets, for every sortable column in both directions, with and without a search', async () => {
    const seed = await loadListsSeed();
    const list = seed.lists[0]!;
    const meta = parseListMetadata(list.searchFields, list.columns);
    // crc.li's scope: the chosen site, BJ01
    const scope = { userId: 'user-crc.li', roleId: 'role-crc', studyId: STUDY, siteId: 'site-bj01' };
    // a bookmark every 7 rows against none at all
    const bookmarked = createListPager(h.db, subjects, { stride: 7 });
    const plain = createListPager(h.db, subjects, { stride: Number.MAX_SAFE_INTEGER });
    const searches: Record<string, SearchValue>[] = [
      {},
      { status: ['2', '3'] },
      { enrolldate: { start: '2024-06-01', end: null } },
    ];
    for (const search of searches) {
      for (const [prop, key] of Object.entries(subjects.sortKeys)) {
        for (const asc of [true, false]) {
          const req = { scope, fields: meta.fields, search, sort: { prop, key, asc }, size: 20 };
          const first = await plain.page({ ...req, page: 1 });
          const pages = Math.ceil(first.total / 20);
          expect(pages).toBeGreaterThan(3);
          for (let page = 1; page <= pages; page++) {
            const a = await bookmarked.page({ ...req, page });
            const b = await plain.page({ ...req, page });
            expect(
              a.list.map((r) => r.subjid),
              `${prop} ${asc} page ${page}`,
            ).toEqual(b.list.map((r) => r.subjid));
          }
        }
      }
    }
  });

  it('writes search values into SQL as parameters only', () => {
    const { fields } = parseListMetadata([{ prop: 'subjid', fieldname: 'No.', fieldtype: 'string' }], []);
    const params = new SqlParams();
    const text = "x'; drop table subjects; --";
    expect(searchConditions(fields, { subjid: text }, subjects.searchColumns, params)).toEqual([
      's.subjid ilike $1',
    ]);
    expect(params.values).toEqual([`%${text}%`]);
  });
});

describe('search on a nullable sorted column', () => {
  it('is written on its index expression, never takes its empty values, and finds the rows the column would', async () => {
    const { fields } = parseListMetadata(
      [
        { prop: 'enrolldate', fieldname: 'E', fieldtype: 'date', endValue: { type: 'range' } },
        { prop: 'age', fieldname: 'A', fieldtype: 'num' },
      ],
      [],
    );
    const cases: [Record<string, SearchValue>, string][] = [
      // a start alone: coalesce(enrolldate, 'infinity') >= start would take every subject not enrolled yet
      [{ enrolldate: { start: '2024-06-01', end: null } }, "s.enrolldate >= '2024-06-01'"],
      [
        { enrolldate: { start: '2024-01-01', end: '2024-12-31' } },
        "s.enrolldate between '2024-01-01' and '2024-12-31'",
      ],
      // the value the index puts for an empty age
      [{ age: '2147483647' }, 's.age = 2147483647'],
      [{ age: '40' }, 's.age = 40'],
    ];
    const notEnrolled = await h.db.query('select 1 from subjects where enrolldate is null limit 1');
    expect(notEnrolled.length).toBe(1);
    for (const [search, plainSql] of cases) {
      const params = new SqlParams();
      const conditions = searchConditions(fields, search, subjects.searchColumns, params);
      expect(conditions[0], plainSql).toMatch(/^s\.\w+ is not null$/);
      expect(conditions.slice(1).every((c) => c.startsWith('coalesce('))).toBe(true);
      const found = await h.db.query<{ subjid: string }>(
        `select subjid from subjects s where ${conditions.join(' and ')} order by subjid`,
        params.values,
      );
      const expected = await h.db.query<{ subjid: string }>(
        `select subjid from subjects s where ${plainSql} order by subjid`,
      );
      expect(found, plainSql).toEqual(expected);
    }
  });
});

describe('cached totals and bookmarks', () => {
  it('follow every write to subjects (the data version moves)', async () => {
    const token = await h.loginAs('crc.li', 'CRC', 'BJ01');
    const total = async (params: Record<string, unknown> = {}) => {
      const res = await h.call(subjectList, { page: 1, size: 20, ...params }, { token });
      return res.body.success ? res.body.data.total : -1;
    };
    const before = await total();
    const deep = await h.call(subjectList, { page: 5, size: 20 }, { token });
    const v1 = await subjectsDataVersion(h.db);

    // a BOS01 subject moved to BJ01 (the chosen site), numbered before every BJ01 one
    await h.db.query(
      `update subjects set site_id = 'site-bj01', subjid = 'BJ01-0000' where subjid = 'BOS01-0001'`,
    );
    expect(await subjectsDataVersion(h.db)).not.toBe(v1);
    expect(await total()).toBe(before + 1);
    // it shifts the deep page by one
    const after = await h.call(subjectList, { page: 5, size: 20 }, { token });
    const ids = (r: typeof deep) => (r.body.success ? r.body.data.list.map((s) => s.subjid) : []);
    expect(ids(deep)).toHaveLength(20);
    expect(ids(after).slice(1)).toEqual(ids(deep).slice(0, -1));

    await h.db.query(`delete from subjects where subjid like 'BJ01-%' and status = '5'`);
    const left = await h.db.query<{ n: number }>(
      `select count(*)::int as n from subjects where site_id = 'site-bj01'`,
    );
    expect(await total()).toBe(left[0]?.n);
  });
});
