/**
 * The last step of an import: every form must compile with zero issues (compileForm with the study's code lists).
 * What the compiler refuses is left out, reported (`interchange.issue.redcapLeftOut`, with the compiler's message id
 * and path), and the form compiled again: a rule is dropped, an item property removed, a formula's item turned into a
 * read-only text, and an item the compiler cannot take at all removed. Repeats until the form compiles (each round
 * removes something, so it ends).
 */
import { compileForm } from '../../form/compile/compileForm';
import type { CodeListCatalog, RawFormItem, RawFormSchema } from '../../form/types';
import type { StudyCodeList } from '../types';
import { REDCAP_MSG, type IssueCollector } from './issues';

const ITEM_PATH = /^sections\[(\d+)\]\.items\[(\d+)\](?:\.(\w+))?/;
const RULE_PATH = /^rules\[(\d+)\]/;

export function codeListCatalog(lists: readonly StudyCodeList[]): CodeListCatalog {
  return Object.fromEntries(
    lists.map((l) => [l.name, l.items.map((i) => ({ value: i.codevalue, label: i.codedesp }))]),
  );
}

function asText(item: RawFormItem): void {
  delete item.formula;
  item.fieldtype = 'text';
  item.readonly = true;
}

/** Fix one form in place until it compiles; returns it (or null when nothing compilable is left). */
export function ensureCompiles(
  form: RawFormSchema,
  codeLists: CodeListCatalog,
  issues: IssueCollector,
  /** Where a finding about a variable or rule id (`SHOW_x`, `RANGE_x`) and a compile path is in the source file. */
  locate: (subject: string | null, path: string) => string = () => `form ${form.tid}`,
): RawFormSchema | null {
  for (let round = 0; round < 1000; round++) {
    const result = compileForm(form, { codeLists });
    if (result.ok) return form;
    const dropRules = new Set<number>();
    const dropItems = new Set<string>();
    let changed = false;
    for (const issue of result.issues) {
      const report = () =>
        issues.add('warning', locate(issue.subject, issue.path), REDCAP_MSG.leftOut, {
          variable: issue.subject ?? '',
          issue: issue.messageId,
          path: issue.path,
        });
      const rule = RULE_PATH.exec(issue.path);
      if (rule) {
        dropRules.add(Number(rule[1]));
        report();
        continue;
      }
      const m = ITEM_PATH.exec(issue.path);
      const item = m ? form.sections[Number(m[1])]?.items[Number(m[2])] : undefined;
      if (!m || !item) continue;
      const field = m[3];
      report();
      changed = true;
      if (issue.messageId === 'form.cycle') {
        // Break the loop at this item: its formula and its show rules go.
        if (item.formula !== undefined) asText(item);
        form.rules?.forEach((r, i) => {
          if (r.kind === 'show' && r.target === item.variable) dropRules.add(i);
        });
      } else if (field === 'formula' || issue.messageId === 'form.noFormula') {
        asText(item);
      } else if (
        field !== undefined &&
        field !== 'variable' &&
        field !== 'fieldtype' &&
        field !== 'label' &&
        Object.hasOwn(item, field)
      ) {
        delete (item as unknown as Record<string, unknown>)[field];
      } else {
        dropItems.add(item.variable);
      }
    }
    if (dropRules.size > 0 && form.rules) {
      form.rules = form.rules.filter((_, i) => !dropRules.has(i));
      changed = true;
    }
    if (dropItems.size > 0) {
      for (const section of form.sections)
        section.items = section.items.filter((i) => !dropItems.has(i.variable));
      form.rules = form.rules?.filter((r) => !dropItems.has(r.target));
    }
    if (!changed) {
      // Nothing we know how to fix (a form-level issue): the rules go, then the form.
      if (form.rules && form.rules.length > 0) {
        form.rules = [];
        continue;
      }
      for (const issue of result.issues) {
        issues.add('error', locate(issue.subject, issue.path), REDCAP_MSG.leftOut, {
          variable: issue.subject ?? '',
          issue: issue.messageId,
          path: issue.path,
        });
      }
      return null;
    }
  }
  return null;
}
