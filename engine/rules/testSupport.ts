/** Test helpers for the rule language (used by the *.test.ts files only). */
import { parseRule } from './parser';
import { evaluateRule } from './evaluate';
import type { EvalEnv, Expr, RuleError, RuleValue } from './types';

/** Parse or fail the test with the error. */
export function parsed(source: string): Expr {
  const r = parseRule(source);
  if (!r.ok) throw new Error(`${source}: ${JSON.stringify(r.error)}`);
  return r.expr;
}

/** The parse error (fails when the source parses). */
export function parseError(source: string): RuleError {
  const r = parseRule(source);
  if (r.ok) throw new Error(`${source} parsed as ${show(r.expr)}`);
  return r.error;
}

/** The AST written back fully parenthesised: `1 + 2 * 3` → `(1 + (2 * 3))`. */
export function show(e: Expr): string {
  switch (e.kind) {
    case 'number':
      return String(e.value);
    case 'string':
      return JSON.stringify(e.value);
    case 'boolean':
      return String(e.value);
    case 'null':
      return 'null';
    case 'ref':
      return `[${e.name}]`;
    case 'unary':
      return e.op === 'not' ? `(not ${show(e.arg)})` : `(-${show(e.arg)})`;
    case 'binary':
      return `(${show(e.left)} ${e.op} ${show(e.right)})`;
    case 'call':
      return `${e.fn}(${e.args.map(show).join(', ')})`;
  }
}

export function envOf(values: Record<string, RuleValue>, today = '2024-06-15'): EvalEnv {
  return { today, value: (name) => (Object.hasOwn(values, name) ? values[name]! : null) };
}

/** Parse and evaluate against `values`. */
export function run(source: string, values: Record<string, RuleValue> = {}, today?: string): RuleValue {
  return evaluateRule(parsed(source), envOf(values, today));
}
