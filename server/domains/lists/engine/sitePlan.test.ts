/**
 * A list page at one site is a statement PostgreSQL plans once per connection, on a study of many sites too: the
 * session's site is a plain equality (listWhere), so the statement's generic plan reads the (study, site, sort key)
 * index and the plan cache keeps it. With `site_id = any(array)` the generic plan estimated the array's sites
 * unknown, joined back over the study's subjects, and every call was planned afresh (docs/load.md, stop 34).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../../test/harness';
import { recordStatement, type SentStatement } from '../../../test/recordStatement';
import { subjectListDeclaration } from '../../subjects/list';
import { listPage, listWhere } from './sql';

let h: Harness;
let studyId: string;

const SITES = 120;
const SUBJECTS_PER_SITE = 50;

beforeAll(async () => {
  h = await startHarness({ logger: false });
  // a study of 120 more sites of 50 subjects each, their numbers after BJ01's; then its statistics, as autovacuum
  // would gather them
  await h.owner.exec(`
    insert into sites (id, study_id, sitecode, sitename, country)
    select 'plan-site-' || n, s.study_id, 'P' || lpad(n::text, 3, '0'), 'Plan site ' || n, s.country
    from sites s, generate_series(1, ${SITES}) as n where s.sitecode = 'BJ01';
    insert into subjects (id, study_id, site_id, subjid, status, created_at, updated_at)
    select 'plan-subject-' || n || '-' || k, t.study_id, t.id, t.sitecode || '-' || lpad(k::text, 3, '0'), '1', now(), now()
    from sites t, generate_series(1, ${SITES}) as n, generate_series(1, ${SUBJECTS_PER_SITE}) as k
    where t.id = 'plan-site-' || n;
    analyze subjects; analyze sites;`);
  studyId = (await h.db.query<{ id: string }>(`select study_id as id from sites where sitecode = 'BJ01'`))[0]!
    .id;
});
afterAll(() => h?.close());

/** The SQL and parameters listPage sends for the first page at `siteId`, sorted by subject number. */
function firstPageStatement(siteId: string): Promise<SentStatement> {
  const list = subjectListDeclaration;
  return recordStatement((db) =>
    listPage(
      db,
      list,
      listWhere(list, { studyId, siteIds: [siteId] }),
      { key: list.sortKeys.subjid!, asc: true },
      { offset: 0, limit: 20, after: null },
    ),
  );
}

const literal = (v: unknown): string =>
  Array.isArray(v)
    ? `array[${v.map(literal).join(', ')}]::text[]`
    : typeof v === 'number'
      ? String(v)
      : `'${String(v).replace(/'/g, "''")}'`;

describe('a list page at one site on a study of many sites', () => {
  it('is the site index’s generic plan after the plan cache’s first custom plans, not planned on every call', async () => {
    const bj01 = (await h.db.query<{ id: string }>(`select id from sites where sitecode = 'BJ01'`))[0]!.id;
    const { sql, params } = await firstPageStatement(bj01);
    const counts = await h.owner.transaction(async (tx) => {
      await tx.exec(`prepare site_page as ${sql}`);
      try {
        // the plan cache tries 5 custom plans, then keeps the generic one when it costs no more than theirs
        for (let i = 0; i < 8; i++) {
          const rows = await tx.query<{ subjid: string }>(
            `execute site_page(${params.map(literal).join(', ')})`,
          );
          expect(rows.length).toBe(20);
        }
        return (
          await tx.query<{ generic: number }>(
            `select generic_plans::int as generic from pg_prepared_statements
             where name = 'site_page'`,
          )
        )[0]!;
      } finally {
        // (in a transaction a failed statement aborted, this fails too: its error is not the one to report)
        await tx.exec('deallocate site_page').catch(() => undefined);
      }
    });
    expect(counts.generic).toBeGreaterThanOrEqual(3);
    expect(sql).toContain('s.site_id = $2::text');
  }, 60_000);

  it('answers the late site’s own subjects in order, its first page only', async () => {
    const { sql, params } = await firstPageStatement(`plan-site-${SITES}`);
    const rows = await h.db.query<{ subjid: string; siteid: string }>(sql, params);
    expect(rows.map((r) => r.subjid)).toEqual(
      Array.from({ length: 20 }, (_, i) => `P${SITES}-${String(i + 1).padStart(3, '0')}`),
    );
    expect(new Set(rows.map((r) => r.siteid))).toEqual(new Set([`plan-site-${SITES}`]));
  });
});
