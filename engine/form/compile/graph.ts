/**
 * The dependency graphs of a form. The VALUE graph (item → the variables its formula and its show rules read)
 * decides evaluation order and must have no cycle; the FULL graph (also requiredIf and checks) decides what to
 * re-validate when a variable changes (`CompiledForm.dependents`).
 */
import { topologicalOrder } from '../../rules/index';
import type { CompiledRule } from '../types';

function pushDistinct(list: string[], names: readonly string[], except?: string): void {
  for (const n of names) if (n !== except && !list.includes(n)) list.push(n);
}

/** item → variables its value or visibility depends on (formula, show rules); every item is a node. */
export function valueGraph(
  items: Iterable<{ variable: string; formulaReads: readonly string[] }>,
  rules: readonly CompiledRule[],
): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const { variable, formulaReads } of items) graph.set(variable, [...formulaReads]);
  for (const rule of rules) {
    if (rule.kind !== 'show') continue;
    const deps = graph.get(rule.target);
    if (deps !== undefined) pushDistinct(deps, rule.reads);
  }
  return graph;
}

/**
 * item → every OTHER variable its rules read (formula, show, requiredIf, checks targeting it), in first appearance
 * order (a check of an item reading the item itself adds nothing: the item is re-validated when it changes anyway).
 */
export function fullDependsOn(
  items: Iterable<{ variable: string; formulaReads: readonly string[] }>,
  rules: readonly CompiledRule[],
): Map<string, string[]> {
  const deps = new Map<string, string[]>();
  for (const { variable, formulaReads } of items) deps.set(variable, [...formulaReads]);
  for (const rule of rules) {
    const list = deps.get(rule.target);
    if (list !== undefined) pushDistinct(list, rule.reads, rule.target);
  }
  return deps;
}

/** Items in evaluation order: each after the items its formula and show rules read (the graph has no cycle). */
export function evaluationOrder(graph: ReadonlyMap<string, readonly string[]>): string[] {
  return topologicalOrder(graph);
}

const NONE: readonly string[] = Object.freeze([]);

/**
 * For each variable, every variable to re-evaluate when it changes — transitively over the full graph — ordered by
 * evaluation order, without the variable itself.
 */
export function dependentsOf(
  dependsOn: ReadonlyMap<string, readonly string[]>,
  order: readonly string[],
): Map<string, readonly string[]> {
  const readers = new Map<string, string[]>();
  for (const [variable, deps] of dependsOn) {
    for (const dep of deps) {
      let list = readers.get(dep);
      if (list === undefined) readers.set(dep, (list = []));
      list.push(variable);
    }
  }
  const rank = new Map(order.map((v, i) => [v, i]));
  const result = new Map<string, readonly string[]>();
  for (const variable of dependsOn.keys()) {
    const direct = readers.get(variable);
    if (direct === undefined) {
      result.set(variable, NONE);
      continue;
    }
    const seen = new Set<string>([variable]);
    const queue = [...direct];
    const found: string[] = [];
    while (queue.length > 0) {
      const next = queue.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      found.push(next);
      for (const r of readers.get(next) ?? []) if (!seen.has(r)) queue.push(r);
    }
    found.sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0));
    result.set(variable, found);
  }
  return result;
}
