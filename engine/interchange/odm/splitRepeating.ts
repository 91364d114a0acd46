/** Log-line parts of imported forms: default columns, and a form mixing repeating and non-repeating groups split. */
import type { RawFormRule, RawFormSchema, RawFormSection } from '../../form/types';
import { parseRule, ruleReads } from '../../rules/index';
import { ODM_ISSUE, type OdmIssues } from './issues';

/** Default columns of an imported log-line form: its first 8 items. */
export function defaultColumns(sections: readonly RawFormSection[]): { prop: string }[] {
  return sections
    .flatMap((s) => s.items)
    .filter((i) => i.fieldtype !== 'static')
    .slice(0, 8)
    .map((i) => ({ prop: i.variable }));
}

/**
 * A form with non-repeating and repeating groups: the repeating groups become a log-line form of their own
 * (`<tid>_LOG`, in the same visits, right after the form). Each rule and formula goes with the items it reads; one
 * reading both parts cannot be carried and is reported.
 */
export function splitRepeating(
  form: RawFormSchema,
  repeating: ReadonlySet<RawFormSection>,
  logTid: string,
  at: string,
  issues: OdmIssues,
): RawFormSchema[] {
  const head = form.sections.filter((s) => !repeating.has(s));
  const rows = form.sections.filter((s) => repeating.has(s));
  const variablesOf = (sections: readonly RawFormSection[]) =>
    new Set(sections.flatMap((s) => s.items.map((i) => i.variable)));
  const headVars = variablesOf(head);
  const rowVars = variablesOf(rows);
  const readsOf = (expr: string) => {
    const parsed = parseRule(expr);
    return parsed.ok ? ruleReads(parsed.expr) : [];
  };
  const within = (vars: ReadonlySet<string>, names: readonly string[]) => names.every((n) => vars.has(n));
  for (const item of [...head, ...rows].flatMap((s) => s.items)) {
    if (item.formula === undefined) continue;
    const own = headVars.has(item.variable) ? headVars : rowVars;
    if (within(own, readsOf(item.formula))) continue;
    issues.add('warning', at, ODM_ISSUE.expressionNotTranslated, {
      context: 'split',
      expression: item.formula,
    });
    delete item.formula;
    if (item.fieldtype === 'calculated') item.fieldtype = 'decimal';
  }
  const headRules: RawFormRule[] = [];
  const rowRules: RawFormRule[] = [];
  for (const rule of form.rules ?? []) {
    const names = [rule.target, ...readsOf(rule.expr)];
    if (within(headVars, names)) headRules.push(rule);
    else if (within(rowVars, names)) rowRules.push(rule);
    else
      issues.add('warning', at, ODM_ISSUE.expressionNotTranslated, {
        context: 'split',
        expression: rule.expr,
      });
  }
  const main: RawFormSchema = { ...form, sections: head };
  delete main.rules;
  if (headRules.length > 0) main.rules = headRules;
  const log: RawFormSchema = {
    formid: logTid,
    tid: logTid,
    name: rows[0]?.title ?? logTid,
    version: 1,
    logline: true,
    columns: defaultColumns(rows),
    sections: rows,
  };
  if (rowRules.length > 0) log.rules = rowRules;
  return [main, log];
}
