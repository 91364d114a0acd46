/**
 * ODM `RangeCheck`s of an item: `GE`/`LE` (and `GT`/`LT`, exact on integers) → hard and soft ranges; `EQ`, `NE`,
 * `IN`, `NOTIN` and bounds on non-numeric items → check rules; a `FormalExpression` → a check rule to translate.
 */
import type { RawFormItem, RawRange, Severity } from '../../form/types';
import type { PendingExpression } from './importContext';
import { ODM_ISSUE, type OdmIssues } from './issues';
import { childOf, childrenOf, type XmlElement } from './parseXml';
import { firstFormalExpression, metaTextOf } from './readDefs';

export function numberOf(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

function quoteRule(value: string, numeric: boolean): string {
  if (numeric && numberOf(value) !== null) return String(Number(value));
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

export function readRanges(
  def: XmlElement,
  item: RawFormItem,
  at: string,
  issues: OdmIssues,
  pending: PendingExpression[],
): void {
  const numeric =
    item.fieldtype === 'integer' || item.fieldtype === 'decimal' || item.fieldtype === 'calculated';
  const hard: RawRange = {};
  const soft: RawRange = {};
  let n = 0;
  for (const rc of childrenOf(def, 'RangeCheck')) {
    n += 1;
    const rcAt = `${at}/RangeCheck[${n}]`;
    const severity: Severity = rc.attrs.SoftHard === 'Soft' ? 'soft' : 'hard';
    const range = severity === 'soft' ? soft : hard;
    const message = metaTextOf(childOf(rc, 'ErrorMessage')) ?? undefined;
    const expr = firstFormalExpression(rc);
    if (expr !== null) {
      pending.push({
        kind: 'check',
        target: item.variable,
        text: expr.text,
        context: expr.context,
        at: rcAt,
        severity,
        ...(message ? { message } : {}),
      });
      continue;
    }
    const comparator = rc.attrs.Comparator ?? '';
    const values = childrenOf(rc, 'CheckValue').map((c) => c.text);
    const first = values[0];
    if (['GE', 'LE', 'GT', 'LT'].includes(comparator) && numeric) {
      const value = numberOf(first);
      if (value === null) {
        issues.add('warning', rcAt, ODM_ISSUE.badCheckValue, { value: first ?? '' });
        continue;
      }
      let bound = value;
      if (comparator === 'GT' || comparator === 'LT') {
        const step = comparator === 'GT' ? 1 : -1;
        if (item.fieldtype === 'integer' && Number.isInteger(value)) bound = value + step;
        else issues.add('info', rcAt, ODM_ISSUE.strictBound, { comparator, value });
      }
      if (comparator === 'GE' || comparator === 'GT') range.min = bound;
      else range.max = bound;
      continue;
    }
    // EQ NE IN NOTIN (and bounds on non-numeric items, dates…): a check rule
    const ref = `[${item.variable}]`;
    const quoted = values.map((v) => quoteRule(v, numeric));
    const op: Readonly<Record<string, string>> = { GE: '>=', LE: '<=', GT: '>', LT: '<', EQ: '=', NE: '!=' };
    let rule: string | null = null;
    if (op[comparator] !== undefined && quoted[0] !== undefined)
      rule = `${ref} ${op[comparator]} ${quoted[0]}`;
    else if ((comparator === 'IN' || comparator === 'NOTIN' || comparator === 'NIN') && quoted.length > 0) {
      const any = quoted.map((q) => `${ref} = ${q}`).join(' or ');
      rule = comparator === 'IN' ? `(${any})` : `not (${any})`;
    }
    if (rule === null) {
      issues.add('warning', rcAt, ODM_ISSUE.expressionNotTranslated, {
        context: comparator,
        expression: values.join(' '),
      });
      continue;
    }
    issues.add('info', rcAt, ODM_ISSUE.rangeCheckAsRule, { comparator });
    pending.push({
      kind: 'check',
      target: item.variable,
      text: rule,
      context: 'EDCWeb-Rule',
      at: rcAt,
      severity,
      ...(message ? { message } : {}),
    });
  }
  if (hard.min !== undefined || hard.max !== undefined) item.hardRange = hard;
  if (soft.min !== undefined || soft.max !== undefined) item.softRange = soft;
}
