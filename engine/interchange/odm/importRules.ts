/**
 * A form's rules from ODM: this product's own ConditionDefs (`edcweb:rule` alias) in file order, and the expressions
 * read with the items (collection exceptions → show rules, methods → formulas, range checks → check rules, REDCap
 * branching logic and calculations), translated once every variable of the form is known.
 */
import type { MetaText } from '../../metadata/types';
import type { RawFormItem, RawFormRule } from '../../form/types';
import { translateExpression, unnegate } from './expressions';
import type { FormReadContext, PendingExpression } from './importContext';
import { ODM_ISSUE, defPath } from './issues';
import { childOf } from './parseXml';
import { productAliases } from './readDefs';
import { RULE_CONTEXT, stripPrefix } from './vocabulary';

/** Rules this product exported (ConditionDef with an `edcweb:rule` alias naming the form), in file order. */
export function collectOwnRules(
  tid: string,
  ctx: FormReadContext,
  resolve: (n: string) => string | null,
): RawFormRule[] {
  const out: RawFormRule[] = [];
  for (const [oid, def] of ctx.conditions) {
    const at = defPath('ConditionDef', oid);
    const info = productAliases(def, at, ctx.issues).get('rule');
    if (typeof info !== 'object' || info === null) continue;
    const r = info as Record<string, unknown>;
    if (r.form !== tid) continue;
    ctx.usedConditions.add(oid);
    const f = childOf(def, 'FormalExpression');
    const kind = r.kind;
    if (
      (kind !== 'show' && kind !== 'requiredIf' && kind !== 'check') ||
      typeof r.target !== 'string' ||
      f === undefined
    ) {
      ctx.issues.add('warning', at, ODM_ISSUE.badAlias, { context: 'edcweb:rule' });
      continue;
    }
    const text =
      f.attrs.Context === RULE_CONTEXT ? f.text : translateExpression(f.text, f.attrs.Context, { resolve });
    if (text === null) {
      ctx.issues.add('warning', at, ODM_ISSUE.expressionNotTranslated, {
        context: f.attrs.Context ?? '',
        expression: f.text,
      });
      continue;
    }
    const rule: RawFormRule = {
      id: def.attrs.Name ?? stripPrefix(oid, `C.${tid}.`),
      kind,
      expr: kind === 'show' ? unnegate(text) : text,
      target: r.target,
    };
    if (r.severity === 'hard' || r.severity === 'soft') rule.severity = r.severity;
    if (r.message !== undefined) rule.message = r.message as MetaText;
    out.push(rule);
  }
  return out;
}

export function handlePending(
  p: PendingExpression,
  item: RawFormItem,
  exprCtx: Parameters<typeof translateExpression>[2],
  ctx: FormReadContext,
  rules: RawFormRule[],
  ruleId: (base: string) => string,
): void {
  const { issues } = ctx;
  if (p.kind === 'show') {
    const oid = p.oid ?? '';
    if (ctx.usedConditions.has(oid)) return; // one of ours, already read with its alias
    const def = ctx.conditions.get(oid);
    if (def === undefined) {
      issues.add('error', p.at, ODM_ISSUE.missingDef, { kind: 'ConditionDef', oid });
      return;
    }
    ctx.usedConditions.add(oid);
    const f = childOf(def, 'FormalExpression');
    const text = f === undefined ? null : translateExpression(f.text, f.attrs.Context, exprCtx);
    if (text === null) {
      issues.add('warning', defPath('ConditionDef', oid), ODM_ISSUE.expressionNotTranslated, {
        context: f?.attrs.Context ?? '',
        expression: f?.text ?? '',
      });
      return;
    }
    rules.push({ id: ruleId(`show_${p.target}`), kind: 'show', expr: unnegate(text), target: p.target });
    return;
  }
  const text = translateExpression(p.text, p.context, exprCtx);
  if (text === null) {
    issues.add('warning', p.at, ODM_ISSUE.expressionNotTranslated, {
      context: p.context ?? '',
      expression: p.text,
    });
    if (p.kind === 'formula' || p.kind === 'redcapCalc') {
      if (item.fieldtype === 'calculated') item.fieldtype = 'decimal';
    }
    return;
  }
  if (p.kind === 'formula' || p.kind === 'redcapCalc') {
    item.formula = text;
    return;
  }
  if (p.kind === 'redcapShow') {
    rules.push({ id: ruleId(`show_${p.target}`), kind: 'show', expr: text, target: p.target });
    return;
  }
  const rule: RawFormRule = { id: ruleId(`check_${p.target}`), kind: 'check', expr: text, target: p.target };
  if (p.severity !== undefined) rule.severity = p.severity;
  // a check shows a message; ODM's ErrorMessage is optional: the check's own text then
  rule.message = p.message ?? { zh_CN: `不满足检查：${p.text}`, en: `Fails the check: ${p.text}` };
  rules.push(rule);
}
