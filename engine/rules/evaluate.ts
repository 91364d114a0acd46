/**
 * evaluateRule: the value of a parsed rule against the current values. Three-valued logic — null is blank/unknown
 * and propagates (docs/form-schema.md#rule-semantics). Never throws: what cannot be computed is null.
 */
import { lookupRuleFunction } from './functions';
import type { BinaryOp, EvalEnv, Expr, RuleValue } from './types';
import { arithmeticResult, compareValues, equalValues, finite, toLogic, toNumber } from './values';

/** The rule holds (exactly true; null and anything else do not). */
export function isTrue(v: RuleValue): boolean {
  return v === true;
}

/** The rule is definitely false (null — unknown — is not). */
export function isFalse(v: RuleValue): boolean {
  return v === false;
}

function and(a: boolean | null, b: boolean | null): boolean | null {
  if (a === false || b === false) return false;
  if (a === null || b === null) return null;
  return true;
}

function or(a: boolean | null, b: boolean | null): boolean | null {
  if (a === true || b === true) return true;
  if (a === null || b === null) return null;
  return false;
}

function arithmetic(op: BinaryOp, a: number, b: number): number | null {
  switch (op) {
    case '+':
      return arithmeticResult(a + b);
    case '-':
      return arithmeticResult(a - b);
    case '*':
      return arithmeticResult(a * b);
    case '/':
      return b === 0 ? null : arithmeticResult(a / b);
    case '%':
      return b === 0 ? null : arithmeticResult(a % b);
    case '^':
      return arithmeticResult(a ** b);
    default:
      return null;
  }
}

function comparison(op: BinaryOp, a: RuleValue, b: RuleValue): boolean | null {
  if (op === '=' || op === '!=') {
    const eq = equalValues(a, b);
    return eq === null ? null : op === '=' ? eq : !eq;
  }
  const order = compareValues(a, b);
  if (order === null) return null;
  switch (op) {
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    case '>=':
      return order >= 0;
    default:
      return null;
  }
}

function evaluate(expr: Expr, env: EvalEnv): RuleValue {
  switch (expr.kind) {
    case 'number':
    case 'string':
    case 'boolean':
      return expr.value;
    case 'null':
      return null;
    case 'ref':
      return env.value(expr.name);
    case 'unary': {
      const v = evaluate(expr.arg, env);
      if (expr.op === 'not') {
        const b = toLogic(v);
        return b === null ? null : !b;
      }
      const n = toNumber(v);
      return n === null ? null : finite(-n);
    }
    case 'binary': {
      const { op } = expr;
      if (op === 'and' || op === 'or') {
        const left = toLogic(evaluate(expr.left, env));
        // short cut: the right side cannot change a false `and` or a true `or`
        if (op === 'and' && left === false) return false;
        if (op === 'or' && left === true) return true;
        const right = toLogic(evaluate(expr.right, env));
        return op === 'and' ? and(left, right) : or(left, right);
      }
      const left = evaluate(expr.left, env);
      const right = evaluate(expr.right, env);
      if (op === '=' || op === '!=' || op === '<' || op === '<=' || op === '>' || op === '>=') {
        return comparison(op, left, right);
      }
      const a = toNumber(left);
      const b = toNumber(right);
      return a === null || b === null ? null : arithmetic(op, a, b);
    }
    case 'call': {
      const fn = lookupRuleFunction(expr.fn);
      if (fn === undefined || expr.args.length < fn.minArgs || expr.args.length > fn.maxArgs) return null;
      return fn.call(
        expr.args.map((a) => evaluate(a, env)),
        env,
      );
    }
  }
}

/** The value of a rule; null when unknown or when anything goes wrong (never throws). */
export function evaluateRule(expr: Expr, env: EvalEnv): RuleValue {
  try {
    return evaluate(expr, env);
  } catch {
    return null;
  }
}
