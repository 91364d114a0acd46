/**
 * The problems of two judges of the same values (the browser's engine and the server's edit checks) as one map: a
 * problem both found is listed once (same level, message, rule and values), the rest in the order found.
 */
import type { FieldProblem, FormProblems } from './types';

function sameProblem(a: FieldProblem, b: FieldProblem): boolean {
  return (
    a.level === b.level &&
    a.messageId === b.messageId &&
    a.ruleId === b.ruleId &&
    JSON.stringify(a.values ?? null) === JSON.stringify(b.values ?? null)
  );
}

export function mergeProblems(first: FormProblems, second: FormProblems): FormProblems {
  const out: Record<string, FieldProblem[]> = {};
  for (const source of [first, second]) {
    for (const [variable, list] of Object.entries(source)) {
      const kept = (out[variable] ??= []);
      for (const problem of list) if (!kept.some((p) => sameProblem(p, problem))) kept.push(problem);
    }
  }
  return out;
}

/** Only the warnings of a problem map (variables without any are left out). */
export function warningsOf(problems: FormProblems): FormProblems {
  const out: Record<string, FieldProblem[]> = {};
  for (const [variable, list] of Object.entries(problems)) {
    const warnings = list.filter((p) => p.level === 'warning');
    if (warnings.length > 0) out[variable] = warnings;
  }
  return out;
}
