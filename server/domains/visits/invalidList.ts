/**
 * The invalid-record table (`/index/invalidTable`, engine/api/invalidRecords.ts), declared for the list engine: the
 * marks `invalid` of casebook_marks (alias `m`; pages, or whole visits when `tid` is '') of the chosen site's
 * subjects. The marks table carries neither study nor site, so scope, search and sort read them from the subject by
 * sub-select (declaration.ts: filtering runs on `casebook_marks m` alone); the joins only fill in the columns shown.
 */
import {
  INVALID_LIST_KEY,
  INVALID_TABLE_PAGE,
  invalidTableList,
  type InvalidRecordRow,
} from '../../../engine/api/invalidRecords';
import type { ListDeclaration } from '../lists/engine/declaration';

const SUBJECT_OF_MARK = (column: string) =>
  `(select s0.${column} from subjects s0 where s0.id = m.subject_id)`;

/** The mark's key, unique (the table's primary key as one text). */
const MARK_KEY = `m.subject_id || '|' || m.visitnum || '|' || m.cycnum || '|' || m.svnum || '|' || m.tid`;

const NAME_OF = (lang: 'zh_CN' | 'en') =>
  `case jsonb_typeof(f.schema->'name') when 'string' then f.schema->>'name' else f.schema->'name'->>'${lang}' end`;

const INVALID_ROW_COLUMNS = `
  ${MARK_KEY} as markid, m.subject_id as subjectid, s.subjid, si.sitecode, m.visitnum, m.cycnum, m.svnum, m.tid,
  jsonb_build_object(
    'zh_CN', coalesce(vs.name_zh, m.visitnum) || coalesce(' / ' || fn.zh, ''),
    'en', coalesce(vs.name_en, m.visitnum) || coalesce(' / ' || fn.en, '')) as "visitTname",
  jsonb_build_object('zh_CN', coalesce(ir.text_zh, m.reason_code), 'en', coalesce(ir.text_en, m.reason_code)) as reason,
  m.reason_text as reasontext,
  coalesce(cv.name, s.crfver) as "ecrfVersionName",
  case when r.schema_version is null then null else 'v' || r.schema_version end as "unActvieVersionName",
  coalesce(u.username, m.marked_by) as "operaUserName",
  to_char(m.marked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "operaTime"`;

const INVALID_JOINS = `join subjects s on s.id = m.subject_id
  join sites si on si.id = s.site_id
  left join users u on u.id = m.marked_by
  left join visit_schedule vs on vs.study_id = s.study_id and vs.visitnum = m.visitnum
  left join invalidation_reasons ir on ir.study_id = s.study_id and ir.code = m.reason_code
  left join crf_versions cv on cv.study_id = s.study_id
    and cv.id = coalesce(s.crfver, (select c0.id from crf_versions c0 where c0.study_id = s.study_id and c0.current))
  left join lateral (
    select ${NAME_OF('zh_CN')} as zh, ${NAME_OF('en')} as en from form_schemas f
     where f.study_id = s.study_id and f.tid = m.tid and m.tid <> '' order by f.version desc limit 1
  ) fn on true
  left join form_records r on r.subject_id = m.subject_id and r.visitnum = m.visitnum and r.cycnum = m.cycnum
    and r.svnum = m.svnum and r.tid = m.tid and r.lineno = 1`;

export const invalidListDeclaration: ListDeclaration<InvalidRecordRow> = {
  key: INVALID_LIST_KEY,
  page: INVALID_TABLE_PAGE,
  endpoint: invalidTableList,
  source: { table: 'casebook_marks', alias: 'm', joins: INVALID_JOINS, where: "m.mark = 'invalid'" },
  rowKey: { sql: MARK_KEY, type: 'text' },
  studyColumn: SUBJECT_OF_MARK('study_id'),
  siteColumn: SUBJECT_OF_MARK('site_id'),
  searchColumns: {
    subjid: { sql: SUBJECT_OF_MARK('subjid'), type: 'text' },
    visitnum: { sql: 'm.visitnum', type: 'text' },
    tid: { sql: 'm.tid', type: 'text' },
    reason: { sql: 'm.reason_code', type: 'text' },
    operaTime: { sql: 'm.marked_at::date', type: 'date' },
  },
  sortKeys: {
    operaTime: { expr: 'm.marked_at', type: 'timestamptz' },
    subjid: { expr: SUBJECT_OF_MARK('subjid'), type: 'text' },
  },
  defaultSort: { prop: 'operaTime', asc: false },
  select: INVALID_ROW_COLUMNS,
};
