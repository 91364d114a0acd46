/**
 * Static checks of rules that parse and reference known items but would misbehave at runtime — where the engine
 * can tell for sure (no false alarms: whatever is not understood is assumed possible):
 *
 * - a choice item compared with a code it does not offer (`[SEX] = 'X'`, `in([SEX], 'M', 'W')`), in any rule or
 *   formula → `form.codeNotAnOption`;
 * - `=`, `<`, … on a multi-choice item (its value is a list: the comparison is always null) → `form.listCompared`;
 * - a show rule that can never be true: a constant condition (`false`, `1 = 2`) → `form.showNeverTrue`, or
 *   contradictory demands on one item in a conjunction (`[AGE] > 65 and [AGE] < 18`, `[X] = 'A' and [X] = 'B'`, a
 *   number outside the item's hard range, a code outside its options) → `form.showContradiction`.
 *
 * Each finding carries the span of the offending part inside the expression text.
 */
import type { CodeOption } from '../../metadata/types';
import { evaluateRule, isTrue } from '../../rules/index';
import type { BinaryOp, Expr, RuleValue, SourceSpan } from '../../rules/types';
import { equalValues, toNumber } from '../../rules/values';
import { FORM_MSG } from '../messages';
import type { CompiledRange } from '../types';

/** What the checks need to know about an item. */
export interface ItemFacts {
  variable: string;
  /** 'text' (one value), 'list' (checkbox, mselect), 'none'. */
  valueKind: 'text' | 'list' | 'none';
  /** A choice type (radio, select, checkbox, mselect): `options` are all its values. */
  choice: boolean;
  /** Inline options, or the code list's options when known; null when unknown. */
  options: readonly CodeOption[] | null;
  /** An integer item: strict bounds tighten to whole numbers. */
  integer: boolean;
  /** Numeric items: values outside cannot be saved. */
  hardRange: CompiledRange | null;
}

export interface RuleFinding {
  messageId: string;
  values: Record<string, string | number>;
  span: SourceSpan;
}

type Literal = { kind: 'number' | 'string'; value: number | string; span: SourceSpan };

function literalOf(e: Expr): Literal | null {
  if (e.kind === 'number' || e.kind === 'string') return { kind: e.kind, value: e.value, span: e.span };
  if (e.kind === 'unary' && e.op === '-' && e.arg.kind === 'number') {
    return { kind: 'number', value: -e.arg.value, span: e.span };
  }
  return null;
}

function isOffered(options: readonly CodeOption[], literal: RuleValue): boolean {
  return options.some((o) => equalValues(o.value, literal) === true);
}

const COMPARISONS: ReadonlySet<BinaryOp> = new Set(['=', '!=', '<', '<=', '>', '>=']);
const FLIPPED: Readonly<Partial<Record<BinaryOp, BinaryOp>>> = {
  '<': '>',
  '<=': '>=',
  '>': '<',
  '>=': '<=',
  '=': '=',
  '!=': '!=',
};

function children(e: Expr): readonly Expr[] {
  switch (e.kind) {
    case 'unary':
      return [e.arg];
    case 'binary':
      return [e.left, e.right];
    case 'call':
      return e.args;
    default:
      return [];
  }
}

/** Codes and list comparisons, anywhere in an expression (rules of every kind, formulas). */
export function codeFindings(expr: Expr, rule: string, items: ReadonlyMap<string, ItemFacts>): RuleFinding[] {
  const findings: RuleFinding[] = [];
  const choiceOf = (e: Expr): ItemFacts | null => {
    if (e.kind !== 'ref') return null;
    const facts = items.get(e.name);
    return facts !== undefined && facts.choice ? facts : null;
  };
  const checkCode = (facts: ItemFacts, arg: Expr) => {
    const literal = literalOf(arg);
    if (literal === null || facts.options === null || isOffered(facts.options, literal.value)) return;
    findings.push({
      messageId: FORM_MSG.codeNotAnOption,
      values: { rule, variable: facts.variable, code: String(literal.value) },
      span: literal.span,
    });
  };
  const stack: Expr[] = [expr];
  while (stack.length > 0) {
    const e = stack.pop()!;
    if (e.kind === 'binary' && COMPARISONS.has(e.op)) {
      for (const [side, other] of [
        [e.left, e.right],
        [e.right, e.left],
      ] as const) {
        const facts = side.kind === 'ref' ? items.get(side.name) : undefined;
        if (facts?.valueKind === 'list') {
          findings.push({
            messageId: FORM_MSG.listCompared,
            values: { rule, variable: facts.variable },
            span: e.span,
          });
          break;
        }
        const choice = choiceOf(side);
        if (choice !== null && (e.op === '=' || e.op === '!=')) checkCode(choice, other);
      }
    } else if (e.kind === 'call' && (e.fn === 'in' || e.fn === 'contains')) {
      const choice = e.args[0] === undefined ? null : choiceOf(e.args[0]);
      if (choice !== null) for (const arg of e.args.slice(1)) checkCode(choice, arg);
    }
    const next = children(e);
    for (let i = next.length - 1; i >= 0; i--) stack.push(next[i]!);
  }
  return findings;
}

// ---------------------------------------------------------------------------------------------------------------
// Show rules that can never be true

/** No reference and no today(): the same value whatever is entered. */
function isConstant(e: Expr): boolean {
  if (e.kind === 'ref') return false;
  if (e.kind === 'call' && e.fn === 'today') return false;
  return children(e).every(isConstant);
}

const CONSTANT_ENV = { value: () => null, today: '2000-01-01' };

function flattenAnd(e: Expr, out: Expr[] = []): Expr[] {
  if (e.kind === 'binary' && e.op === 'and') {
    flattenAnd(e.left, out);
    flattenAnd(e.right, out);
  } else out.push(e);
  return out;
}

/** What a conjunction demands of one variable. */
class Demand {
  lo = -Infinity;
  loStrict = false;
  hi = Infinity;
  hiStrict = false;
  /** A numeric comparison was made (a non-numeric code can then never satisfy it). */
  numeric = false;
  /** Allowed membership keys (text codes / numbers as text), or null for any. */
  keys: Set<string> | null = null;

  constructor(readonly facts: ItemFacts) {
    const range = facts.hardRange;
    if (range !== null) {
      if (range.min !== null) this.lo = range.min;
      if (range.max !== null) this.hi = range.max;
    }
    if (facts.choice && facts.options !== null) this.keys = new Set(facts.options.map((o) => keyOf(o.value)));
  }

  bound(op: BinaryOp, n: number): void {
    this.numeric = true;
    if (op === '>' || op === '>=' || op === '=') {
      const strict = op === '>';
      if (n > this.lo || (n === this.lo && strict)) [this.lo, this.loStrict] = [n, strict];
    }
    if (op === '<' || op === '<=' || op === '=') {
      const strict = op === '<';
      if (n < this.hi || (n === this.hi && strict)) [this.hi, this.hiStrict] = [n, strict];
    }
  }

  allow(keys: readonly string[]): void {
    const wanted = new Set(keys);
    this.keys = this.keys === null ? wanted : new Set([...this.keys].filter((k) => wanted.has(k)));
  }

  private inInterval(n: number): boolean {
    const lowOk = this.loStrict ? n > this.lo : n >= this.lo;
    const highOk = this.hiStrict ? n < this.hi : n <= this.hi;
    return lowOk && highOk;
  }

  empty(): boolean {
    let { lo, hi } = this;
    let loStrict = this.loStrict;
    let hiStrict = this.hiStrict;
    if (this.facts.integer) {
      lo = loStrict ? Math.floor(lo) + 1 : Math.ceil(lo);
      hi = hiStrict ? Math.ceil(hi) - 1 : Math.floor(hi);
      loStrict = hiStrict = false;
    }
    if (lo > hi || (lo === hi && (loStrict || hiStrict))) return true;
    if (this.keys === null) return false;
    for (const key of this.keys) {
      const n = toNumber(key);
      if (n === null ? !this.numeric : this.inInterval(n)) return false;
    }
    return true;
  }
}

/** Membership key as in() compares: numbers canonical (`'1.0'` → `'1'`), other text as written. */
function keyOf(value: string | number): string {
  const n = toNumber(value);
  return n !== null ? String(n) : String(value);
}

/** Applies one conjunct to the demands: the variable it constrains, or null when not understood (no constraint). */
function demand(e: Expr, items: ReadonlyMap<string, ItemFacts>, demands: Map<string, Demand>): string | null {
  const demandOf = (ref: Expr): Demand | null => {
    if (ref.kind !== 'ref') return null;
    const facts = items.get(ref.name);
    if (facts === undefined || facts.valueKind !== 'text') return null;
    let d = demands.get(ref.name);
    if (d === undefined) demands.set(ref.name, (d = new Demand(facts)));
    return d;
  };
  if (e.kind === 'binary' && COMPARISONS.has(e.op) && e.op !== '!=') {
    let op: BinaryOp = e.op;
    let ref = e.left;
    let literal = literalOf(e.right);
    if (literal === null) {
      ref = e.right;
      literal = literalOf(e.left);
      op = FLIPPED[e.op] ?? e.op;
    }
    if (literal === null) return null;
    const d = demandOf(ref);
    if (d === null) return null;
    const n = toNumber(literal.value);
    if (n !== null) d.bound(op, n);
    else if (op === '=') d.allow([String(literal.value)]);
    else return null;
    return d.facts.variable;
  }
  if (e.kind === 'call' && e.fn === 'in' && e.args.length >= 2) {
    const literals = e.args.slice(1).map(literalOf);
    if (literals.some((l) => l === null)) return null;
    const d = demandOf(e.args[0]!);
    if (d === null) return null;
    d.allow(literals.map((l) => keyOf(l!.value)));
    return d.facts.variable;
  }
  return null;
}

/** Why a condition can never be true, or null when it may be (or the engine cannot tell). */
function neverTrue(
  e: Expr,
  items: ReadonlyMap<string, ItemFacts>,
): { kind: 'constant' | 'contradiction'; variable?: string; span: SourceSpan } | null {
  if (isConstant(e)) return isTrue(evaluateRule(e, CONSTANT_ENV)) ? null : { kind: 'constant', span: e.span };
  if (e.kind === 'binary' && e.op === 'or') {
    const left = neverTrue(e.left, items);
    return left !== null && neverTrue(e.right, items) !== null ? { ...left, span: e.span } : null;
  }
  if (e.kind === 'binary' && e.op === 'and') {
    const conjuncts = flattenAnd(e);
    for (const c of conjuncts) {
      const never = c.kind === 'binary' && c.op === 'and' ? null : neverTrue(c, items);
      if (never !== null) return never;
    }
    const demands = new Map<string, Demand>();
    for (const c of conjuncts) {
      const variable = demand(c, items, demands);
      if (variable !== null && demands.get(variable)!.empty())
        return { kind: 'contradiction', variable, span: c.span };
    }
    return null;
  }
  // a single comparison against the item's own hard range or options
  const demands = new Map<string, Demand>();
  const variable = demand(e, items, demands);
  if (variable !== null && demands.get(variable)!.empty())
    return { kind: 'contradiction', variable, span: e.span };
  return null;
}

/** A show rule whose condition can never be true: its target would never be shown. */
export function showFinding(
  expr: Expr,
  rule: string,
  target: string,
  items: ReadonlyMap<string, ItemFacts>,
): RuleFinding | null {
  const never = neverTrue(expr, items);
  if (never === null) return null;
  if (never.kind === 'constant') {
    return { messageId: FORM_MSG.showNeverTrue, values: { rule, target }, span: never.span };
  }
  return {
    messageId: FORM_MSG.showContradiction,
    values: { rule, target, variable: never.variable ?? '' },
    span: never.span,
  };
}

/** The span of the first reference to `name` in an expression (for unknown references), or undefined. */
export function refSpan(expr: Expr, name: string): SourceSpan | undefined {
  const stack: Expr[] = [expr];
  while (stack.length > 0) {
    const e = stack.pop()!;
    if (e.kind === 'ref' && e.name === name) return e.span;
    const next = children(e);
    for (let i = next.length - 1; i >= 0; i--) stack.push(next[i]!);
  }
  return undefined;
}
