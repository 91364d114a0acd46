/**
 * bench:load `--volume <subjects>`: the database of a study under way rather than the demo seed's few dozen records.
 * Adds `subjects` subjects in sites of SUBJECTS_PER_SITE (new sites of the template site's study), each a copy of one
 * of the template site's seeded subjects that have data (in turn) with its visits and every record of it (its log
 * forms' lines LOG_COPIES times): the records' values and item states, their data audit rows, their coding terms and
 * coding history, and the save request that wrote each record (save_requests keeps every idempotency key). The
 * database's own row images (clinical_audit) are written by its triggers, as for any insert. Then VACUUM (ANALYZE) of
 * those tables, as autovacuum would have left them.
 *
 * Why: autovacuum and the planner work by proportions. On the seed's tables (24 records) the load's ~350 saves a second
 * made autovacuum analyse and vacuum the growing tables every few seconds (docs/load.md, stop 33); on a study's tables
 * the same load takes minutes to reach those thresholds, and the statements run on a study's indexes and statistics.
 *
 * Set-based SQL as the owner (the schema's `search_path`), in one transaction. A copy has its own ids, subject, site
 * and subject number, and its log lines are numbered after the template's (+1000 per copy); values, dates and users
 * are the template's.
 */
import type { Db } from '../../server/core/db/db';

export const SUBJECTS_PER_SITE = 50;
/** How many times over a template's log-form lines are copied per subject. */
export const LOG_COPIES = 10;

export interface StudyVolume {
  /** What was added. */
  sites: number;
  subjects: number;
  records: number;
  /** What the database holds afterwards (the seed's and the copies). */
  studySubjects: number;
  studyRecords: number;
  auditRows: number;
  codingTerms: number;
  seconds: number;
}

/** The tables the copies are written to (and then vacuumed and analysed). */
const TABLES = [
  'sites',
  'subjects',
  'subject_visits',
  'form_records',
  'data_audit',
  'coding_terms',
  'coding_history',
  'save_requests',
  'clinical_audit',
];

async function count(tx: Db, sql: string): Promise<number> {
  return (await tx.query<{ n: number }>(sql))[0]?.n ?? 0;
}

/** Adds `subjects` subjects' worth of data to the study of `templateSite`'s subjects (see above). */
export async function addStudyVolume(
  owner: Db,
  subjects: number,
  templateSite: string,
  log: (line: string) => void,
): Promise<StudyVolume> {
  if (!Number.isSafeInteger(subjects) || subjects < 1)
    throw new Error(`--volume: a whole number of subjects from 1 (got ${subjects})`);
  const started = Date.now();
  const sites = Math.ceil(subjects / SUBJECTS_PER_SITE);
  // site numbers as wide as the largest (V001 … V120, V0001 … V1000): codes and subject numbers stay unique
  const width = Math.max(3, String(sites).length);
  const template = literal(templateSite);
  const result = await owner.transaction(async (tx) => {
    // the seeded subjects of the site that have records, in a fixed order: the templates (one site of that code: the
    // first, should two studies have one)
    await tx.exec(`create temporary table volume_subjects on commit drop as
      with templates as (
        select s.id, row_number() over (order by s.id) - 1 as n, count(*) over () as total
        from subjects s join sites t on t.id = s.site_id
        where t.id = (select id from sites where sitecode = ${template} order by id limit 1)
          and exists (select 1 from form_records r where r.subject_id = s.id))
      select 'volume-subject-' || k as id, t.id as template, 'volume-site-' || site as site_id,
             'V' || lpad(site::text, ${width}, '0') || '-' || lpad((k % ${SUBJECTS_PER_SITE} + 1)::text, 3, '0') as subjid
      from generate_series(0, ${subjects - 1}) as k
      cross join lateral (select k / ${SUBJECTS_PER_SITE} + 1 as site) as at
      join templates t on t.n = k % t.total`);
    const copied = await count(tx, 'select count(*)::int as n from volume_subjects');
    if (copied === 0) throw new Error(`--volume: no subject of ${templateSite} has records to copy`);
    log(`  ${sites} sites, ${copied} subjects …`);
    await tx.exec(`insert into sites (id, study_id, sitecode, sitename, country)
      select 'volume-site-' || n, s.study_id, 'V' || lpad(n::text, ${width}, '0'), 'Volume site ' || n, s.country
      from sites s, generate_series(1, ${sites}) as n
      where s.id = (select site_id from subjects
                    where id = (select template from volume_subjects limit 1))`);
    await tx.exec(`insert into subjects (id, study_id, site_id, subjid, initials, sex, birthdate, age, status, enrolldate,
                                         visitcount, lastvisitdate, created_at, updated_at, protover, crfver)
      select v.id, s.study_id, v.site_id, v.subjid, s.initials, s.sex, s.birthdate, s.age, s.status, s.enrolldate,
             s.visitcount, s.lastvisitdate, s.created_at, s.updated_at, s.protover, s.crfver
      from volume_subjects v join subjects s on s.id = v.template`);
    await tx.exec(`insert into subject_visits (subject_id, visitnum, cycnum, svnum, visitdate, extra_tids, added)
      select v.id, sv.visitnum, sv.cycnum, sv.svnum, sv.visitdate, sv.extra_tids, sv.added
      from volume_subjects v join subject_visits sv on sv.subject_id = v.template`);
    // each copied record's id drawn beforehand: its audit rows, terms and save request refer to it
    // a log form's lines (AE, CM) LOG_COPIES times over, numbered after the template's (a subject under way has
    // more of them than the seed's one or two); a visit's form once
    await tx.exec(`create temporary table volume_records on commit drop as
      select r.id as old_id, nextval(pg_get_serial_sequence('form_records', 'id')) as new_id, v.id as subject_id,
             v.site_id, r.lineno + j * 1000 as lineno
      from volume_subjects v join form_records r on r.subject_id = v.template
      cross join lateral generate_series(0, case when exists (
          select 1 from form_schemas f where f.study_id = r.study_id and f.tid = r.tid and f.version = r.schema_version
            and f.logline) then ${LOG_COPIES - 1} else 0 end) as j`);
    const records = await count(tx, 'select count(*)::int as n from volume_records');
    log(`  ${records} records with their audit rows, coding terms and save requests …`);
    await tx.exec(`insert into form_records (id, study_id, subject_id, site_id, visitnum, cycnum, svnum, tid, lineno,
                                             schema_version, status, form_values, item_status, rowversion, created_at,
                                             created_by, updated_at, updated_by)
      overriding system value
      select m.new_id, r.study_id, m.subject_id, m.site_id, r.visitnum, r.cycnum, r.svnum, r.tid, m.lineno,
             r.schema_version, r.status, r.form_values, r.item_status, r.rowversion, r.created_at, r.created_by,
             r.updated_at, r.updated_by
      from volume_records m join form_records r on r.id = m.old_id`);
    await tx.exec(`insert into data_audit (record_id, study_id, subject_id, tid, lineno, action, variable, oldvalue,
                                           newvalue, reason_code, reason_text, user_id, role_id, site_id, at)
      select m.new_id, a.study_id, m.subject_id, a.tid, m.lineno, a.action, a.variable, a.oldvalue, a.newvalue,
             a.reason_code, a.reason_text, a.user_id, a.role_id, m.site_id, a.at
      from volume_records m join data_audit a on a.record_id = m.old_id
      order by m.new_id, a.id`);
    await tx.exec(`create temporary table volume_terms on commit drop as
      select t.id as old_id, nextval(pg_get_serial_sequence('coding_terms', 'id')) as new_id, m.new_id as record_id,
             m.subject_id, m.site_id
      from volume_records m join coding_terms t on t.record_id = m.old_id`);
    await tx.exec(`insert into coding_terms (id, study_id, record_id, variable, subject_id, site_id, tid, visit_tname,
                                             dictionary, verbatim, status, auto, code, name, path, coded_by, coded_at,
                                             updated_at)
      overriding system value
      select n.new_id, t.study_id, n.record_id, t.variable, n.subject_id, n.site_id, t.tid, t.visit_tname, t.dictionary,
             t.verbatim, t.status, t.auto, t.code, t.name, t.path, t.coded_by, t.coded_at, t.updated_at
      from volume_terms n join coding_terms t on t.id = n.old_id`);
    await tx.exec(`insert into coding_history (term_id, study_id, site_id, record_id, variable, action, verbatim,
                                               from_code, from_name, to_code, to_name, reason, user_id, role_id, at)
      select n.new_id, h.study_id, n.site_id, n.record_id, h.variable, h.action, h.verbatim, h.from_code, h.from_name,
             h.to_code, h.to_name, h.reason, h.user_id, h.role_id, h.at
      from volume_terms n join coding_history h on h.term_id = n.old_id
      order by n.new_id, h.id`);
    // the save that wrote each record, kept under its idempotency key with its answer (saveRequests.ts)
    await tx.exec(`insert into save_requests (user_id, idem_key, endpoint, fingerprint, response, at)
      select r.created_by, 'volume-' || m.new_id, 'savedata.do', md5(m.new_id::text) || md5(r.form_values::text),
             jsonb_build_object('outcome', 'saved',
               'record', jsonb_build_object('recordid', m.new_id::text, 'lineno', r.lineno, 'rowversion', 1,
                                            'status', r.status, 'updatedat', r.created_at, 'updatedby', r.created_by),
               'problems', '{}'::jsonb, 'items', r.item_status),
             r.created_at
      from volume_records m join form_records r on r.id = m.new_id`);
    return {
      sites,
      subjects: copied,
      records,
      studySubjects: await count(tx, 'select count(*)::int as n from subjects'),
      studyRecords: await count(tx, 'select count(*)::int as n from form_records'),
      auditRows: await count(tx, 'select count(*)::int as n from data_audit'),
      codingTerms: await count(tx, 'select count(*)::int as n from coding_terms'),
    };
  });
  log('  VACUUM (ANALYZE) …');
  for (const table of TABLES) await owner.exec(`vacuum (analyze) ${table}`);
  return { ...result, seconds: (Date.now() - started) / 1000 };
}

function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}
