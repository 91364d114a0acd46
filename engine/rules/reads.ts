/** ruleReads: which variables a rule reads — the edges of a form's dependency graph. */
import type { Expr } from './types';

/** Distinct variable names referenced by the rule, in order of first appearance (left to right). */
export function ruleReads(expr: Expr): string[] {
  const names = new Set<string>();
  const stack: Expr[] = [expr];
  while (stack.length > 0) {
    const e = stack.pop()!;
    switch (e.kind) {
      case 'ref':
        names.add(e.name);
        break;
      case 'unary':
        stack.push(e.arg);
        break;
      case 'binary':
        stack.push(e.right, e.left);
        break;
      case 'call':
        for (let i = e.args.length - 1; i >= 0; i--) stack.push(e.args[i]!);
        break;
      default:
        break;
    }
  }
  return [...names];
}
