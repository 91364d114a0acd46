/**
 * Form schemas by version, the visit schedule, each subject's visits and the reasons-for-change dictionary.
 */
import { queryOne, type Db } from '../../core/db/db';

export interface FormSchemaRow {
  tid: string;
  formid: string;
  version: number;
  reftype: string;
  logline: boolean;
  schema: Record<string, unknown>;
}

const SCHEMA_COLUMNS = 'tid, formid, version, reftype, logline, schema';

/** The latest version of a form, or null. */
export function latestFormSchema(db: Db, studyId: string, tid: string): Promise<FormSchemaRow | null> {
  return queryOne<FormSchemaRow>(
    db,
    `select ${SCHEMA_COLUMNS} from form_schemas where study_id = $1 and tid = $2 order by version desc limit 1`,
    [studyId, tid],
  );
}

/** The number of the latest version of a form, or null (no such form). */
export async function latestFormVersion(db: Db, studyId: string, tid: string): Promise<number | null> {
  const row = await queryOne<{ version: number | null }>(
    db,
    'select max(version) as version from form_schemas where study_id = $1 and tid = $2',
    [studyId, tid],
  );
  return row?.version ?? null;
}

/** One version of a form, or null. */
export function formSchemaVersion(
  db: Db,
  studyId: string,
  tid: string,
  version: number,
): Promise<FormSchemaRow | null> {
  return queryOne<FormSchemaRow>(
    db,
    `select ${SCHEMA_COLUMNS} from form_schemas where study_id = $1 and tid = $2 and version = $3`,
    [studyId, tid, version],
  );
}

/** The latest version of each of the forms (summary columns only), by tid. */
export async function latestFormSummaries(
  db: Db,
  studyId: string,
  tids: readonly string[],
): Promise<Map<string, Omit<FormSchemaRow, 'schema'> & { name: unknown }>> {
  const rows = await db.query<Omit<FormSchemaRow, 'schema'> & { name: unknown }>(
    `select distinct on (tid) tid, formid, version, reftype, logline, schema -> 'name' as name
     from form_schemas where study_id = $1 and tid = any($2::text[])
     order by tid, version desc`,
    [studyId, [...tids]],
  );
  return new Map(rows.map((r) => [r.tid, r]));
}

export async function putFormSchema(db: Db, studyId: string, row: FormSchemaRow, at: Date): Promise<void> {
  await db.query(
    `insert into form_schemas (study_id, tid, formid, version, reftype, logline, schema, created_at)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)
     on conflict (study_id, tid, version) do nothing`,
    [
      studyId,
      row.tid,
      row.formid,
      row.version,
      row.reftype,
      row.logline,
      JSON.stringify(row.schema),
      at.toISOString(),
    ],
  );
}

export interface ScheduledVisit {
  visitnum: string;
  name_zh: string;
  name_en: string;
  sort: number;
  day: number | null;
  tids: string[];
}

export function visitSchedule(db: Db, studyId: string): Promise<ScheduledVisit[]> {
  return db.query<ScheduledVisit>(
    `select visitnum, name_zh, name_en, sort, day, tids from visit_schedule where study_id = $1 order by sort, visitnum`,
    [studyId],
  );
}

export async function putScheduledVisit(db: Db, studyId: string, v: ScheduledVisit): Promise<void> {
  await db.query(
    `insert into visit_schedule (study_id, visitnum, name_zh, name_en, sort, day, tids)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (study_id, visitnum) do update set name_zh = excluded.name_zh, name_en = excluded.name_en,
       sort = excluded.sort, day = excluded.day, tids = excluded.tids`,
    [studyId, v.visitnum, v.name_zh, v.name_en, v.sort, v.day, v.tids],
  );
}

export interface SubjectVisitRow extends ScheduledVisit {
  cycnum: number;
  svnum: number;
  /** yyyy-MM-dd or null. */
  visitdate: string | null;
  /** visit_schedule.kind (migration 0008): scheduled, hidden, unscheduled, repeating. */
  kind: string;
  /** Whether a user added the visit (savevisit, addNextVisit). */
  added: boolean;
  /** The optional forms added to this visit of the subject (they are in `tids` too, after the schedule's). */
  extra_tids: string[];
  /** The optional forms the schedule allows in the visit. */
  optional_tids: string[];
}

/** A subject's visit: the schedule's forms and then the optional ones added to it. */
export const SUBJECT_VISIT_COLUMNS = `sv.visitnum, sv.cycnum, sv.svnum, to_char(sv.visitdate, 'YYYY-MM-DD') as visitdate,
  vs.name_zh, vs.name_en, vs.sort, vs.day, vs.tids || sv.extra_tids as tids, vs.kind, sv.added, sv.extra_tids,
  vs.optional_tids`;

/** The subject's visits in schedule order, with the schedule's name and forms. */
export function subjectVisits(db: Db, studyId: string, subjectId: string): Promise<SubjectVisitRow[]> {
  return db.query<SubjectVisitRow>(
    `select ${SUBJECT_VISIT_COLUMNS}
     from subject_visits sv join visit_schedule vs on vs.study_id = $1 and vs.visitnum = sv.visitnum
     where sv.subject_id = $2
     order by vs.sort, sv.visitnum, sv.cycnum, sv.svnum`,
    [studyId, subjectId],
  );
}

/** One visit of the subject, or null. */
export function subjectVisit(
  db: Db,
  studyId: string,
  subjectId: string,
  keys: { visitnum: string; cycnum: number; svnum: number },
): Promise<SubjectVisitRow | null> {
  return queryOne<SubjectVisitRow>(
    db,
    `select ${SUBJECT_VISIT_COLUMNS}
     from subject_visits sv join visit_schedule vs on vs.study_id = $1 and vs.visitnum = sv.visitnum
     where sv.subject_id = $2 and sv.visitnum = $3 and sv.cycnum = $4 and sv.svnum = $5`,
    [studyId, subjectId, keys.visitnum, keys.cycnum, keys.svnum],
  );
}

/**
 * The names a query or a coding term keeps of where it was raised, as a FROM item of one row (a part of the statement
 * that needs them: queries/service.ts visitTnameSql), with the parameters named by the caller: `v.visitnum` (null
 * when the subject has no such visit), `v.name_zh` and `v.name_en` (the visit's names), and `f.name` (jsonb, the
 * `name` of the form's latest version; null when there is no such form).
 */
/** SQL expressions (parameters, columns) naming a study, a subject and the form of one of its visits. */
export interface VisitFormRefsSql {
  study: string;
  subject: string;
  visitnum: string;
  cycnum: string;
  svnum: string;
  tid: string;
}

export function visitAndFormNamesSql(p: VisitFormRefsSql): string {
  return `(select 1) one
     left join lateral (
       select sv.visitnum, vs.name_zh, vs.name_en
       from subject_visits sv join visit_schedule vs on vs.study_id = ${p.study} and vs.visitnum = sv.visitnum
       where sv.subject_id = ${p.subject} and sv.visitnum = ${p.visitnum} and sv.cycnum = ${p.cycnum}
         and sv.svnum = ${p.svnum}
       limit 1) v on true
     left join lateral (
       select schema->'name' as name from form_schemas where study_id = ${p.study} and tid = ${p.tid}
       order by version desc limit 1) f on true`;
}

export interface EditReasonRow {
  code: string;
  text_zh: string;
  text_en: string;
}

export function editReasonRows(db: Db, studyId: string): Promise<EditReasonRow[]> {
  return db.query<EditReasonRow>(
    'select code, text_zh, text_en from edit_reasons where study_id = $1 order by sort, code',
    [studyId],
  );
}

export async function putEditReason(
  db: Db,
  studyId: string,
  r: EditReasonRow & { sort: number },
): Promise<void> {
  await db.query(
    `insert into edit_reasons (study_id, code, text_zh, text_en, sort) values ($1, $2, $3, $4, $5)
     on conflict (study_id, code) do update
       set text_zh = excluded.text_zh, text_en = excluded.text_en, sort = excluded.sort`,
    [studyId, r.code, r.text_zh, r.text_en, r.sort],
  );
}

/** The options of several code lists and their version signature (for caches of forms compiled with them). */
export async function codeListOptions(
  db: Db,
  studyId: string,
  types: readonly string[],
): Promise<{ options: Map<string, { codevalue: string; zh_CN: string; en: string }[]>; signature: string }> {
  const rows = await db.query<{
    codelisttype: string;
    codevalue: string;
    codedesp_zh: string;
    codedesp_en: string;
    version: number;
  }>(
    `select codelisttype, codevalue, codedesp_zh, codedesp_en, version from codelist_items
     where study_id = $1 and codelisttype = any($2::text[]) order by codelisttype, sort, codevalue`,
    [studyId, [...types]],
  );
  const options = new Map<string, { codevalue: string; zh_CN: string; en: string }[]>();
  const parts: string[] = [];
  for (const r of rows) {
    const list = options.get(r.codelisttype) ?? [];
    list.push({ codevalue: r.codevalue, zh_CN: r.codedesp_zh, en: r.codedesp_en });
    options.set(r.codelisttype, list);
    parts.push(`${r.codelisttype}:${r.codevalue}:${r.version}`);
  }
  return { options, signature: parts.join('|') };
}
