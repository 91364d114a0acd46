/**
 * The input assistance's earlier values (dataInputasst) read the form's records at the session's site, not the
 * form's records of the whole study: on a study of many sites the statement goes by the (study, form, site) index of
 * migration 0027. With the (study, form) index alone it read every record of the form in the study (docs/load.md,
 * stop 34).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../test/harness';
import { recordStatement, type SentStatement } from '../../test/recordStatement';
import { earlierValues } from './recordsRepository';

let h: Harness;
let studyId: string;
let bj01: string;

const SITES = 40;
const RECORDS_PER_SITE = 150;

beforeAll(async () => {
  h = await startHarness({ logger: false });
  const site = (
    await h.db.query<{ id: string; study: string }>(
      `select id, study_id as study from sites where sitecode = 'BJ01'`,
    )
  )[0]!;
  bj01 = site.id;
  studyId = site.study;
  // 40 more sites, each with a subject and 150 AE lines copied from one of BJ01's; then the statistics, as autovacuum
  // would gather them
  await h.owner.exec(`
    insert into sites (id, study_id, sitecode, sitename, country)
    select 'ev-site-' || n, s.study_id, 'E' || lpad(n::text, 3, '0'), 'Site ' || n, s.country
    from sites s, generate_series(1, ${SITES}) as n where s.id = '${bj01}';
    insert into subjects (id, study_id, site_id, subjid, status, created_at, updated_at)
    select 'ev-subject-' || n, '${studyId}', 'ev-site-' || n, 'E' || lpad(n::text, 3, '0') || '-001', '1', now(), now()
    from generate_series(1, ${SITES}) as n;
    insert into form_records (study_id, subject_id, site_id, visitnum, cycnum, svnum, tid, lineno, schema_version,
                              status, form_values, item_status, created_at, created_by, updated_at, updated_by)
    select r.study_id, 'ev-subject-' || n, 'ev-site-' || n, r.visitnum, r.cycnum, r.svnum, r.tid, k, r.schema_version,
           r.status, r.form_values, r.item_status, r.created_at, r.created_by, r.updated_at, r.updated_by
    from generate_series(1, ${SITES}) as n, generate_series(1, ${RECORDS_PER_SITE}) as k,
         (select * from form_records where tid = 'AE' and site_id = '${bj01}' order by id limit 1) r;
    analyze form_records; analyze sites; analyze subjects;`);
});
afterAll(() => h?.close());

/** The statement earlierValues sends for a prefix at BJ01's AE lines, and its parameters. */
function statement(): Promise<SentStatement> {
  return recordStatement((db) =>
    earlierValues(db, { studyId, siteIds: [bj01], tid: 'AE', variable: 'AETERM', prefix: 'h', limit: 20 }),
  );
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

describe('earlier values on a study of many sites', () => {
  it('read the site’s records of the form by the (study, form, site) index, not the study’s', async () => {
    const { sql, params } = await statement();
    const explained = await h.owner.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${sql}`, params);
    const raw = explained[0]!['QUERY PLAN'];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
    const reads = nodes(plan[0]!.Plan).filter((n) => n['Relation Name'] === 'form_records');
    expect(reads.length).toBe(1);
    expect(reads[0]!['Node Type']).not.toMatch(/Seq Scan/);
    expect(reads[0]!['Index Name']).toBe('form_records_study_tid_site');
  });

  it('answer the site’s own earlier values only', async () => {
    const { sql, params } = await statement();
    const mine = await h.db.query<{ value: string }>(sql, params);
    const elsewhere = await h.db.query<{ value: string }>(sql, [params[0], 'ev-site-1', ...params.slice(2)]);
    const atBj01 = await h.db.query<{ value: string }>(
      `select distinct form_values ->> 'AETERM' as value from form_records
       where site_id = $1 and tid = 'AE' and form_values ->> 'AETERM' ilike 'h%' order by value`,
      [bj01],
    );
    expect(mine).toEqual(atBj01.slice(0, 20));
    expect(mine.length).toBeGreaterThan(0);
    expect(elsewhere.length).toBeLessThanOrEqual(1);
  });
});
