/**
 * What the server adds to an importer's report before a definition may be published: every form compiles with the
 * imported code lists (each schema problem is an error naming the form and the place), each form appears once,
 * every visit names forms of the file or of the study, and no imported code list clashes with a study code list of
 * the same name and other options (code lists are shared by name: docs/interchange.md).
 */
import { compileForm } from '../../../engine/form/index';
import type { CodeListCatalog } from '../../../engine/form/types';
import type { ImportIssue, StudyCodeList, StudyDefinition } from '../../../engine/interchange/types';
import type { Db } from '../../core/db/db';
import { codeListsNamed, localized } from './studyDefinition';

/** Code lists the server answers itself (`SITE`: the sites the role covers): an import may not define one. */
const RESERVED_CODE_LISTS: ReadonlySet<string> = new Set(['SITE']);
/** A planned study day is a whole number of days that fits visit_schedule.day (integer). */
const MAX_VISIT_DAY = 100_000;

function sameItems(a: StudyCodeList, b: StudyCodeList): boolean {
  if (a.items.length !== b.items.length) return false;
  return a.items.every((x, i) => {
    const y = b.items[i];
    return (
      y !== undefined &&
      x.codevalue === y.codevalue &&
      localized(x.codedesp).zh_CN === localized(y.codedesp).zh_CN &&
      localized(x.codedesp).en === localized(y.codedesp).en
    );
  });
}

/** Imported code lists whose name the study already uses with other options. */
export async function codeListConflicts(
  db: Db,
  studyId: string,
  definition: StudyDefinition,
): Promise<string[]> {
  const existing = new Map(
    (
      await codeListsNamed(
        db,
        studyId,
        definition.codeLists.map((l) => l.name),
      )
    ).map((l) => [l.name, l]),
  );
  return definition.codeLists
    .filter((l) => {
      const there = existing.get(l.name);
      return there !== undefined && !sameItems(there, l);
    })
    .map((l) => l.name);
}

/** The code lists a form compiles with: the study's (SITE and the others it names) overlaid by the imported ones. */
async function catalogOf(db: Db, studyId: string, definition: StudyDefinition): Promise<CodeListCatalog> {
  const named = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if (k === 'codelisttype' && typeof x === 'string') named.add(x);
        else walk(x);
      }
  };
  walk(definition.forms);
  const catalog: Record<string, { value: string; label: { zh_CN: string; en: string } }[] | null> = {};
  for (const l of await codeListsNamed(db, studyId, [...named]))
    catalog[l.name] = l.items.map((i) => ({ value: i.codevalue, label: localized(i.codedesp) }));
  catalog.SITE = null;
  for (const l of definition.codeLists)
    catalog[l.name] = l.items.map((i) => ({ value: i.codevalue, label: localized(i.codedesp) }));
  return catalog;
}

export interface CheckedForm {
  tid: string;
  compiles: boolean;
  items: number;
}

export async function checkDefinition(
  db: Db,
  studyId: string,
  definition: StudyDefinition,
): Promise<{ issues: ImportIssue[]; forms: CheckedForm[] }> {
  const issues: ImportIssue[] = [];
  const catalog = await catalogOf(db, studyId, definition);
  const seen = new Set<string>();
  const forms: CheckedForm[] = [];
  for (const form of definition.forms) {
    if (seen.has(form.tid)) {
      issues.push({
        severity: 'error',
        at: `form ${form.tid}`,
        messageId: 'interchange.issue.duplicateForm',
        values: { tid: form.tid },
      });
    }
    seen.add(form.tid);
    const compiled = compileForm(form, { codeLists: catalog });
    if (!compiled.ok) {
      for (const problem of compiled.issues)
        issues.push({
          severity: 'error',
          at: `form ${form.tid}${problem.path ? `: ${problem.path}` : ''}`,
          messageId: problem.messageId,
          values: problem.values,
        });
    }
    forms.push({ tid: form.tid, compiles: compiled.ok, items: compiled.ok ? compiled.form.items.size : 0 });
  }
  const studyForms = new Set(
    (
      await db.query<{ tid: string }>('select distinct tid from form_schemas where study_id = $1', [studyId])
    ).map((r) => r.tid),
  );
  for (const visit of definition.visits)
    for (const tid of [...visit.tids, ...visit.optionalTids])
      if (!seen.has(tid) && !studyForms.has(tid))
        issues.push({
          severity: 'error',
          at: `visit ${visit.visitnum}`,
          messageId: 'interchange.issue.visitUnknownForm',
          values: { visitnum: visit.visitnum, tid },
        });
  for (const visit of definition.visits)
    if (visit.day !== null && !(Number.isInteger(visit.day) && Math.abs(visit.day) <= MAX_VISIT_DAY))
      issues.push({
        severity: 'error',
        at: `visit ${visit.visitnum}`,
        messageId: 'interchange.issue.badVisitDay',
        values: { visitnum: visit.visitnum, day: String(visit.day) },
      });
  for (const list of definition.codeLists)
    if (RESERVED_CODE_LISTS.has(list.name))
      issues.push({
        severity: 'error',
        at: `code list ${list.name}`,
        messageId: 'interchange.issue.reservedCodeList',
        values: { name: list.name },
      });
  for (const name of await codeListConflicts(db, studyId, definition))
    issues.push({
      severity: 'error',
      at: `code list ${name}`,
      messageId: 'interchange.issue.codeListConflict',
      values: { name },
    });
  return { issues, forms };
}
