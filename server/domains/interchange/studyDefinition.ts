/**
 * The study's current definition read from its tables as a `StudyDefinition` (engine/interchange/types.ts): the
 * visit schedule in order, the newest version of every form, and the code lists the forms name. What the ODM
 * metadata export writes, and what a round trip of the whole server compares.
 */
import type { RawFormSchema } from '../../../engine/form/types';
import type { LocalizedText } from '../../../engine/api/localized';
import type { MetaText } from '../../../engine/metadata/types';
import type {
  StudyCodeList,
  StudyDefinition,
  StudyVisit,
  VisitKind,
} from '../../../engine/interchange/types';
import { queryOne, type Db } from '../../core/db/db';

/** A text in both locales (a plain text is the same in both). */
export function localized(text: MetaText | null | undefined): LocalizedText {
  if (text === null || text === undefined) return { zh_CN: '', en: '' };
  return typeof text === 'string' ? { zh_CN: text, en: text } : { zh_CN: text.zh_CN, en: text.en };
}

/** Every `codelisttype` a schema names, in the order met. */
export function codeListNamesOf(schema: unknown, into: Set<string> = new Set()): Set<string> {
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) {
      for (const x of v) walk(x);
      return;
    }
    if (v === null || typeof v !== 'object') return;
    for (const [key, value] of Object.entries(v)) {
      if (key === 'codelisttype' && typeof value === 'string' && value !== '') into.add(value);
      else walk(value);
    }
  };
  walk(schema);
  return into;
}

/** The code lists by name, in their order (SITE is not stored: it is the role's sites, never exported). */
export async function codeListsNamed(
  db: Db,
  studyId: string,
  names: readonly string[],
): Promise<StudyCodeList[]> {
  const rows = await db.query<{ codelisttype: string; codevalue: string; zh: string; en: string }>(
    `select codelisttype, codevalue, codedesp_zh as zh, codedesp_en as en from codelist_items
     where study_id = $1 and codelisttype = any($2::text[]) order by codelisttype, sort, codevalue`,
    [studyId, [...names]],
  );
  const lists = new Map<string, StudyCodeList>();
  for (const r of rows) {
    const list = lists.get(r.codelisttype) ?? { name: r.codelisttype, dataType: 'text', items: [] };
    list.items.push({ codevalue: r.codevalue, codedesp: { zh_CN: r.zh, en: r.en } });
    lists.set(r.codelisttype, list);
  }
  return names.map((n) => lists.get(n)).filter((l): l is StudyCodeList => l !== undefined);
}

export async function studyDefinitionOf(db: Db, studyId: string): Promise<StudyDefinition> {
  const study = await queryOne<{ studycode: string; studyname: string; crfver: string | null }>(
    db,
    `select s.studycode, s.studyname,
       (select c.id from crf_versions c where c.study_id = s.id and c.current) as crfver
     from studies s where s.id = $1`,
    [studyId],
  );
  if (!study) throw new Error(`no study ${studyId}`);
  const visitRows = await db.query<{
    visitnum: string;
    name_zh: string;
    name_en: string;
    kind: VisitKind;
    day: number | null;
    tids: string[];
    optional_tids: string[];
  }>(
    `select visitnum, name_zh, name_en, kind, day, tids, optional_tids from visit_schedule
     where study_id = $1 order by sort, visitnum`,
    [studyId],
  );
  const visits: StudyVisit[] = visitRows.map((v) => ({
    visitnum: v.visitnum,
    name: { zh_CN: v.name_zh, en: v.name_en },
    kind: v.kind,
    day: v.day,
    tids: v.tids,
    optionalTids: v.optional_tids,
  }));
  const formRows = await db.query<{ tid: string; schema: RawFormSchema }>(
    `select distinct on (tid) tid, schema from form_schemas where study_id = $1 order by tid, version desc`,
    [studyId],
  );
  // forms in schedule order first, then any form no visit names
  const order = new Map<string, number>();
  for (const v of visits)
    for (const tid of [...v.tids, ...v.optionalTids]) if (!order.has(tid)) order.set(tid, order.size);
  const forms = formRows
    .map((r) => r.schema)
    .sort(
      (a, b) => (order.get(a.tid) ?? Infinity) - (order.get(b.tid) ?? Infinity) || a.tid.localeCompare(b.tid),
    );
  const names = new Set<string>();
  for (const f of forms) codeListNamesOf(f, names);
  names.delete('SITE');
  return {
    studycode: study.studycode,
    name: { zh_CN: study.studyname, en: study.studyname },
    description: null,
    version: study.crfver ?? '1',
    visits,
    forms,
    codeLists: await codeListsNamed(db, studyId, [...names]),
  };
}
