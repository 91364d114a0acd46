/**
 * The functions a rule may call (names are case-insensitive; the parser checks the name and the number of
 * arguments, so evaluation never meets an unknown function). Every function takes evaluated values and returns a
 * value; none throws — what cannot be computed is null.
 */
import {
  dateDiff,
  ELAPSED_UNIT_SECONDS,
  instantSeconds,
  parseDateParts,
  parseFullDate,
  type DateUnit,
} from './dates';
import type { EvalEnv, RuleValue } from './types';
import { arithmeticResult, finite, isBlank, isList, membershipKey, toLogic, toNumber } from './values';

export interface RuleFunction {
  minArgs: number;
  /** Infinity when the function takes any number of arguments. */
  maxArgs: number;
  call(args: readonly RuleValue[], env: EvalEnv): RuleValue;
}

/** Number × 10^n without the binary error of multiplying (1.005 × 100 = 100.49999…). */
function shift(x: number, n: number): number {
  const [mantissa, exponent] = String(x).split('e');
  return Number(`${mantissa}e${Number(exponent ?? 0) + n}`);
}

/** Round to n decimals (n may be negative), half away from zero: round(2.5) = 3, round(-2.5) = -3, round(1.005, 2) = 1.01. */
export function roundHalfAwayFromZero(x: number, n: number): number {
  const sign = x < 0 ? -1 : 1;
  const rounded = shift(Math.round(shift(Math.abs(x), n)), -n);
  return rounded === 0 ? 0 : sign * rounded;
}

/** Numbers of the arguments, lists flattened; null when one is neither blank nor a number. */
function numbersOf(args: readonly RuleValue[]): number[] | null {
  const out: number[] = [];
  for (const a of args.flatMap((v): RuleValue[] => (isList(v) ? [...v] : [v]))) {
    if (a === null) continue;
    const n = toNumber(a);
    if (n === null) return null;
    out.push(n);
  }
  return out;
}

/** Round to n decimals towards −∞ (`floor`) or +∞ (`ceil`), without binary error (rounddown(1.15, 2) = 1.15). */
function roundDirected(x: number, n: number, direction: (v: number) => number): number {
  const rounded = shift(direction(Number(shift(x, n).toPrecision(15))), -n);
  return rounded === 0 ? 0 : rounded;
}

/** round/rounddown/roundup's shared argument check: x and n numbers, n an integer of at most 15 either way. */
function rounding(apply: (x: number, n: number) => number): RuleFunction {
  return fn(1, 2, ([x = null, n = 0]) => {
    const value = toNumber(x);
    const digits = toNumber(n);
    if (value === null || digits === null || !Number.isInteger(digits) || Math.abs(digits) > 15) return null;
    return finite(apply(value, digits));
  });
}

function extreme(args: readonly RuleValue[], pick: (a: number, b: number) => number): RuleValue {
  const ns = numbersOf(args);
  if (ns === null || ns.length === 0) return null;
  return ns.reduce(pick);
}

/** The values a membership test looks in: lists flattened, blanks left out. */
function keysOf(values: readonly RuleValue[]): Set<string> {
  const keys = new Set<string>();
  for (const v of values) {
    for (const item of isList(v) ? v : [v]) {
      const k = membershipKey(item);
      if (k !== null) keys.add(k);
    }
  }
  return keys;
}

const DATE_UNITS: Readonly<Record<string, DateUnit>> = { y: 'y', m: 'm', d: 'd' };

function fn(minArgs: number, maxArgs: number, call: RuleFunction['call']): RuleFunction {
  return { minArgs, maxArgs, call };
}

const dateNumberPart = (key: 'year' | 'month' | 'day') =>
  fn(1, 1, ([d]) => parseDateParts(d ?? null)?.[key] ?? null);

/** name (lower case) → function. Look names up with lookupRuleFunction (case-insensitive, own names only). */
export const RULE_FUNCTIONS: Readonly<Record<string, RuleFunction>> = Object.freeze({
  /** true for null, blank text, an empty list; never null. */
  isblank: fn(1, 1, ([x]) => isBlank(x ?? null)),
  notblank: fn(1, 1, ([x]) => !isBlank(x ?? null)),
  /** in(x, v1, v2, …): x equals one of the values (as text, numbers normalised); a list x: any of its elements. */
  in: fn(2, Infinity, ([x = null, ...values]) => {
    if (isBlank(x)) return null;
    const keys = keysOf(values);
    const candidates = isList(x) ? x : [x];
    return candidates.some((c) => {
      const k = membershipKey(c);
      return k !== null && keys.has(k);
    });
  }),
  /**
   * contains(list, v): v is an element of the list (a single value counts as a list of one); a list v: all of it.
   * A blank list or v (null, '', []) → null, as in().
   */
  contains: fn(2, 2, ([list = null, v = null]) => {
    if (isBlank(list) || isBlank(v)) return null;
    const keys = keysOf([list]);
    const wanted = isList(v) ? v : [v];
    return wanted.every((w) => {
      const k = membershipKey(w);
      return k !== null && keys.has(k);
    });
  }),
  /** datediff(a, b, 'y' | 'm' | 'd'): b − a in completed years, completed months, or days. */
  datediff: fn(3, 3, ([a = null, b = null, unit = null]) => {
    const from = parseFullDate(a);
    const to = parseFullDate(b);
    const key = typeof unit === 'string' ? unit.trim().toLowerCase() : '';
    const u = Object.hasOwn(DATE_UNITS, key) ? DATE_UNITS[key] : undefined;
    if (!from || !to || !u) return null;
    return dateDiff(from, to, u);
  }),
  /** The date of evaluation, `yyyy-MM-dd`. */
  today: fn(0, 0, (_args, env) => env.today),
  /** round(x, n = 0): half away from zero. */
  round: rounding(roundHalfAwayFromZero),
  /** rounddown(x, n = 0): towards −∞ to n decimals (REDCap's rounddown). */
  rounddown: rounding((x, n) => roundDirected(x, n, Math.floor)),
  /** roundup(x, n = 0): towards +∞ to n decimals (REDCap's roundup). */
  roundup: rounding((x, n) => roundDirected(x, n, Math.ceil)),
  /** sqrt(x): null for a negative or blank x. */
  sqrt: fn(1, 1, ([x = null]) => {
    const n = toNumber(x);
    return n === null || n < 0 ? null : arithmeticResult(Math.sqrt(n));
  }),
  /** Sum of the numbers (lists flattened); blanks ignored; all blank → null; a non-number → null. */
  sum: fn(1, Infinity, (args) => {
    const ns = numbersOf(args);
    return ns === null || ns.length === 0 ? null : arithmeticResult(ns.reduce((a, b) => a + b, 0));
  }),
  /** Mean of the numbers (lists flattened); blanks ignored; all blank → null; a non-number → null. */
  mean: fn(1, Infinity, (args) => {
    const ns = numbersOf(args);
    return ns === null || ns.length === 0
      ? null
      : arithmeticResult(ns.reduce((a, b) => a + b, 0) / ns.length);
  }),
  /**
   * elapsed(a, b, unit): b − a as a decimal number of `'y'` (365.2425 days), `'M'` (30.44 days), `'d'`, `'h'`, `'m'`
   * (minutes) or `'s'` — REDCap's datediff, case-sensitive. Dates or date-times (time 00:00 when absent).
   */
  elapsed: fn(3, 3, ([a = null, b = null, unit = null]) => {
    const from = instantSeconds(a);
    const to = instantSeconds(b);
    const seconds =
      typeof unit === 'string' && Object.hasOwn(ELAPSED_UNIT_SECONDS, unit)
        ? ELAPSED_UNIT_SECONDS[unit]
        : undefined;
    if (from === null || to === null || seconds === undefined) return null;
    return arithmeticResult((to - from) / seconds);
  }),
  abs: fn(1, 1, ([x = null]) => {
    const n = toNumber(x);
    return n === null ? null : Math.abs(n);
  }),
  /** Smallest of the numbers (lists flattened); blanks ignored; all blank → null; a non-number → null. */
  min: fn(1, Infinity, (args) => extreme(args, (a, b) => Math.min(a, b))),
  max: fn(1, Infinity, (args) => extreme(args, (a, b) => Math.max(a, b))),
  /** Length of a text (in characters), size of a list; blank → null. */
  len: fn(1, 1, ([x = null]) => {
    if (x === null) return null;
    if (isList(x)) return x.length;
    return [...String(x)].length;
  }),
  number: fn(1, 1, ([x = null]) => toNumber(x)),
  /** if(c, a, b): a when c is true, b when false, null when c is unknown. */
  if: fn(3, 3, ([c = null, a = null, b = null]) => {
    const cond = toLogic(c);
    return cond === null ? null : cond ? a : b;
  }),
  year: dateNumberPart('year'),
  month: dateNumberPart('month'),
  day: dateNumberPart('day'),
});

/** The function of that name (any case), or undefined — never an Object.prototype member. */
export function lookupRuleFunction(name: string): RuleFunction | undefined {
  const key = name.toLowerCase();
  return Object.hasOwn(RULE_FUNCTIONS, key) ? RULE_FUNCTIONS[key] : undefined;
}
