/**
 * ODM `FormalExpression`s → the engine's rule language (docs/rule-language.md). Known contexts:
 * - this product's own (`EDCWeb-Rule`): taken as written;
 * - REDCap logic (`REDCap`, and `redcap:BranchingLogic` / `redcap:Calculation`): through the REDCap translator
 *   given as an option (engine/interchange/redcap/translateLogic.ts, wired by the caller);
 * - XPath-like / OpenClinica-style conditions (`XPath`, `OpenClinica`, `OC`, `ODM`): item OIDs or names (an OID path
 *   `SE.F.IG.I_AGE` ends in the item), `eq ne gt ge lt le and or not` and `= != <> < <= > >= + - * /`, quoted
 *   strings and numbers.
 * Anything else, or a text that does not parse once translated, is reported (the caller keeps the expression in
 * the issue) and the rule is left out.
 */
import { parseRule } from '../../rules/index';
import { RULE_CONTEXT } from './vocabulary';

/** The form a piece of REDCap logic belongs to: its fields by REDCap name, and the engine variable of a name. */
export interface RedcapLogicForm {
  tid: string;
  /** Every name a field is known by (ODM `Name`, `redcap:Variable`, OID) → the engine field type it imported as. */
  fields: ReadonlyMap<string, string>;
  variableOf(name: string): string | null;
}

/** Translates REDCap logic of a form into the rule language, or null when it cannot. */
export type RedcapLogicTranslator = (logic: string, form: RedcapLogicForm) => string | null;

export interface ExpressionContext {
  /** The variable an item OID or name refers to, or null. */
  resolve: (name: string) => string | null;
  /** REDCap logic of this form → the rule language (the form is already bound). */
  translateRedcapLogic?: (logic: string) => string | null;
}

const WORD_OPS: Readonly<Record<string, string>> = {
  eq: '=',
  ne: '!=',
  gt: '>',
  ge: '>=',
  lt: '<',
  le: '<=',
  and: 'and',
  or: 'or',
  not: 'not',
  true: 'true',
  false: 'false',
  null: 'null',
};

const TOKEN =
  /\s+|'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|\d+(?:\.\d+)?|[A-Za-z_@$][\w.\-@$]*|!=|<>|<=|>=|==|&&|\|\||[=<>()+\-*/!%,]/y;

/** XPath-like / OpenClinica condition → rule text, or null. */
export function translateXPathLike(source: string, resolve: (name: string) => string | null): string | null {
  const out: string[] = [];
  TOKEN.lastIndex = 0;
  let pos = 0;
  while (pos < source.length) {
    TOKEN.lastIndex = pos;
    const m = TOKEN.exec(source);
    if (m === null) return null;
    pos = TOKEN.lastIndex;
    const tok = m[0];
    if (/^\s+$/.test(tok)) continue;
    if (/^[A-Za-z_@$]/.test(tok)) {
      const op = WORD_OPS[tok.toLowerCase()];
      if (op !== undefined) {
        out.push(op);
        continue;
      }
      const lastSegment =
        tok
          .split(/[./]/)
          .filter((s) => s !== '')
          .pop() ?? tok;
      const variable = resolve(tok) ?? resolve(lastSegment);
      if (variable === null) return null;
      out.push(`[${variable}]`);
      continue;
    }
    out.push(tok === '==' ? '=' : tok);
  }
  const text = out.join(' ').replace(/\( /g, '(').replace(/ \)/g, ')');
  return parseRule(text).ok ? text : null;
}

const XPATH_CONTEXTS = /^(xpath|openclinica|oc|odm)\b/i;

/** The rule text of a FormalExpression, or null when its context is unknown or it does not translate. */
export function translateExpression(
  source: string,
  context: string | undefined,
  ctx: ExpressionContext,
): string | null {
  const c = (context ?? '').trim();
  if (c === RULE_CONTEXT) return parseRule(source).ok ? source : null;
  if (/^redcap/i.test(c)) {
    const rule = ctx.translateRedcapLogic?.(source) ?? null;
    return rule !== null && parseRule(rule).ok ? rule : null;
  }
  if (XPATH_CONTEXTS.test(c)) return translateXPathLike(source, ctx.resolve);
  return null;
}

/** `not (E)` ↔ `E`: a show rule is an ODM collection-exception condition, its negation. */
export function negate(expr: string): string {
  return `not (${expr})`;
}

export function unnegate(expr: string): string {
  const m = /^\s*not\s*\(([\s\S]*)\)\s*$/i.exec(expr);
  if (m !== null && m[1] !== undefined && balanced(m[1])) return m[1];
  return negate(expr);
}

function balanced(text: string): boolean {
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote !== null) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
      continue;
    }
    if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')' && --depth < 0) return false;
  }
  return depth === 0;
}
