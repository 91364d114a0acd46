/**
 * SDV state and the targeted SDV plan in SQL (migration 0011). One definition of "which saved items the plan
 * requires" (planItemsSql) serves the item states of a record, a subject's verification, the worklist and the
 * progress counts, so that they always agree.
 *
 * The plan: an item is required when it is critical (sdv_critical_items: its form and variable, or its form with
 * '*'), or when its subject is sampled at its site — among the plan's first N subjects by subject number, or picked by
 * the reproducible draw: the first 32 bits of md5(plan seed || ':' || subject id), as a fraction of 2^32, below
 * percent / 100 (the same subject is always picked or never, on PostgreSQL and PGlite alike). A study without a plan
 * requires every item (100 % SDV).
 */
import type { Db } from '../../core/db/db';

/**
 * Whether the subject `s` is sampled by its study's plan `p` (null when the study has no plan). The draw first, then
 * the count of the subjects before it at its site, only when the plan samples a first N (an OR and an AND are
 * evaluated in order and stop early): the count reads the site's subjects and grows with them.
 */
const SAMPLED_SQL = `(
  ('x' || lpad(substr(md5(p.seed || ':' || s.id), 1, 8), 16, '0'))::bit(64)::bigint
    < (p.percent::bigint * 4294967296 / 100)
  or (p.first_n > 0 and
      (select count(*) from subjects s2 where s2.study_id = s.study_id and s2.site_id = s.site_id and s2.subjid < s.subjid)
        < p.first_n)
)`;

/**
 * Every entered item (data type 0 or 2: derived and imported values have no source document to verify against) of
 * the records matching `where` (on form_records `r`; parameters from $1), with whether the
 * plan requires it and its SDV row (`x`).
 */
export function planItemsSql(where: string): string {
  return `
  with recs as materialized (
    select r.id, r.study_id, r.subject_id, r.site_id, r.visitnum, r.cycnum, r.svnum, r.tid, r.lineno, r.item_status,
           coalesce((select ${SAMPLED_SQL} from subjects s join sdv_plans p on p.study_id = s.study_id
                     where s.id = r.subject_id), true) as sampled
    from form_records r where ${where}
  )
  select recs.id::text as "recordId", recs.subject_id as "subjectId", recs.site_id as "siteId", recs.visitnum,
         recs.cycnum, recs.svnum, recs.tid, recs.lineno, k.variable,
         (recs.sampled or exists (select 1 from sdv_critical_items c
                                  where c.study_id = recs.study_id and c.tid = recs.tid
                                    and c.variable in (k.variable, '*'))) as required,
         x.status, coalesce(vu.username, x.verified_by) as "verifiedBy", x.verified_at as "verifiedAt",
         coalesce(ru.username, x.reset_by) as "resetBy", x.reset_at as "resetAt", x.reset_old as "resetOld",
         x.reset_new as "resetNew"
  from recs cross join lateral jsonb_object_keys(recs.item_status) as k(variable)
    left join sdv_items x on x.record_id = recs.id and x.variable = k.variable
    left join users vu on vu.id = x.verified_by left join users ru on ru.id = x.reset_by
  where (recs.item_status -> k.variable ->> 'datatype') in ('0', '2')`;
}

export interface PlanItemRow {
  recordId: string;
  subjectId: string;
  siteId: string;
  visitnum: string;
  cycnum: number;
  svnum: number;
  tid: string;
  lineno: number;
  variable: string;
  required: boolean;
  status: 'verified' | 'reset' | null;
  verifiedBy: string | null;
  verifiedAt: Date | null;
  resetBy: string | null;
  resetAt: Date | null;
  resetOld: string | null;
  resetNew: string | null;
}

/**
 * The plan items of one record (`record`: its id as a bigint SQL expression) as ONE json value, an
 * array of PlanItemRow in variable order (times as ISO text): a sub-select for the record hooks' combined item-state
 * read (data/recordHooks.ts itemStateRead).
 */
export function recordPlanItemsSql(record: string): string {
  return `select coalesce(json_agg(to_json(x) order by x.variable), '[]'::json)
    from (${planItemsSql(`r.id = ${record}`)}) x`;
}

export function subjectPlanItems(db: Db, subjectId: string): Promise<PlanItemRow[]> {
  return db.query<PlanItemRow>(`${planItemsSql('r.subject_id = $1')} order by recs.id, k.variable`, [
    subjectId,
  ]);
}

export interface Verification {
  recordId: string;
  variable: string;
}

/**
 * Marks the items verified (a reset one verified again); answers those that were not verified before. Items already
 * verified are left as they are.
 */
export async function markVerified(
  tx: Db,
  items: readonly Verification[],
  who: { studyId: string; userId: string; at: Date },
): Promise<Verification[]> {
  if (items.length === 0) return [];
  return tx.query<Verification>(
    `insert into sdv_items (record_id, variable, study_id, subject_id, site_id, status, verified_by, verified_at)
     select t.record_id, t.variable, r.study_id, r.subject_id, r.site_id, 'verified', $3, $4
     from unnest($1::bigint[], $2::text[]) as t(record_id, variable) join form_records r on r.id = t.record_id
     on conflict (record_id, variable) do update
       set status = 'verified', verified_by = excluded.verified_by, verified_at = excluded.verified_at,
           reset_by = null, reset_at = null, reset_old = null, reset_new = null
       where sdv_items.status <> 'verified'
     returning record_id::text as "recordId", variable`,
    [items.map((i) => i.recordId), items.map((i) => i.variable), who.userId, who.at.toISOString()],
  );
}

export interface SdvAuditEntry {
  recordId: string;
  variable: string;
  action: 'verify' | 'reset';
  scope: string | null;
  oldvalue: string | null;
  newvalue: string | null;
}

/** Appends SDV audit rows (in the caller's transaction); study, subject, site and form from the records. */
export async function appendSdvAudit(
  tx: Db,
  entries: readonly SdvAuditEntry[],
  who: { userId: string; roleId: string; at: Date },
): Promise<void> {
  if (entries.length === 0) return;
  const col = <K extends keyof SdvAuditEntry>(k: K) => entries.map((e) => e[k]);
  await tx.query(
    `insert into sdv_audit (study_id, subject_id, site_id, record_id, tid, variable, action, scope, oldvalue, newvalue,
       user_id, role_id, at)
     select r.study_id, r.subject_id, r.site_id, r.id, r.tid, t.variable, t.action, t.scope, t.oldvalue, t.newvalue,
            $7, $8, $9
     from unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
            with ordinality as t(record_id, variable, action, scope, oldvalue, newvalue, n)
       join form_records r on r.id = t.record_id
     order by t.n`,
    [
      col('recordId'),
      col('variable'),
      col('action'),
      col('scope'),
      col('oldvalue'),
      col('newvalue'),
      who.userId,
      who.roleId,
      who.at.toISOString(),
    ],
  );
}

/** The verified items among `variables` of a record, reset by a change (by whom, when, old → new). */
export async function resetVerified(
  tx: Db,
  recordId: string,
  changes: readonly { variable: string; from: string | null; to: string | null }[],
  who: { userId: string; at: Date },
): Promise<string[]> {
  if (changes.length === 0) return [];
  const rows = await tx.query<{ variable: string }>(
    `update sdv_items x set status = 'reset', reset_by = $5, reset_at = $6, reset_old = t.old, reset_new = t.new
     from unnest($2::text[], $3::text[], $4::text[]) as t(variable, old, new)
     where x.record_id = $1::bigint and x.variable = t.variable and x.status = 'verified'
     returning x.variable`,
    [
      recordId,
      changes.map((c) => c.variable),
      changes.map((c) => c.from),
      changes.map((c) => c.to),
      who.userId,
      who.at.toISOString(),
    ],
  );
  return rows.map((r) => r.variable);
}

export interface WorkRowDb {
  recordid: string;
  subjectid: string;
  subjid: string;
  visitnum: string;
  cycnum: number;
  svnum: number;
  tid: string;
  lineno: number;
  pending: number;
  reset: number;
}

/** The site's pages with items the plan requires that are not verified, one page of them, and their total. */
export async function siteWorklist(
  db: Db,
  studyId: string,
  siteId: string,
  limit: number,
  offset: number,
): Promise<{ rows: WorkRowDb[]; total: number }> {
  const rows = await db.query<WorkRowDb & { total: number }>(
    `with items as (${planItemsSql('r.study_id = $1 and r.site_id = $2')}),
     pages as (
       select i."recordId" as recordid, i."subjectId" as subjectid, i.visitnum, i.cycnum, i.svnum, i.tid, i.lineno,
              count(*)::int as pending, count(*) filter (where i.status = 'reset')::int as reset
       from items i where i.required and (i.status is null or i.status = 'reset')
       group by 1, 2, 3, 4, 5, 6, 7
     )
     select p.*, s.subjid, count(*) over ()::int as total
     from pages p join subjects s on s.id = p.subjectid
     left join visit_schedule v on v.study_id = $1 and v.visitnum = p.visitnum
     order by s.subjid, v.sort nulls last, p.visitnum, p.cycnum, p.svnum, p.tid, p.lineno
     limit $3 offset $4`,
    [studyId, siteId, limit, offset],
  );
  return { rows: rows.map(({ total: _t, ...r }) => r), total: rows[0]?.total ?? 0 };
}

/** Progress at a site against the plan: required items, verified of them, reset ones (to verify again). */
export async function siteProgress(
  db: Db,
  studyId: string,
  siteId: string,
): Promise<{ required: number; verified: number; reset: number }> {
  const rows = await db.query<{ required: number; verified: number; reset: number }>(
    `with items as (${planItemsSql('r.study_id = $1 and r.site_id = $2')})
     select count(*) filter (where required)::int as required,
            count(*) filter (where required and status = 'verified')::int as verified,
            count(*) filter (where required and status = 'reset')::int as reset
     from items`,
    [studyId, siteId],
  );
  return rows[0] ?? { required: 0, verified: 0, reset: 0 };
}
