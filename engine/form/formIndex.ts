/**
 * What validation needs about a compiled form beyond CompiledForm itself, built once per form and kept in a WeakMap:
 * the field types it was compiled with, items in evaluation order, rules by target and kind.
 */
import { ruleReads } from '../rules/index';
import { evaluationOrder, valueGraph } from './compile/graph';
import { DEFAULT_FORM_FIELD_TYPES } from './fieldTypes/registry';
import type { FormFieldTypeDef, FormFieldTypeRegistry } from './fieldTypes/types';
import type { CompiledForm, CompiledItem, CompiledRule } from './types';

export interface IndexedItem {
  item: CompiledItem;
  def: FormFieldTypeDef;
  showRules: readonly CompiledRule[];
  requiredIfRules: readonly CompiledRule[];
  checks: readonly CompiledRule[];
  /** What the item's value and visibility read (formula, show rules). */
  valueReads: readonly string[];
  /** What its required state and checks read (requiredIf, check rules). */
  validationReads: readonly string[];
  /** Position in `ordered`. */
  rank: number;
}

export interface FormIndex {
  registry: FormFieldTypeRegistry;
  /** Items each after the items its formula and show rules read. */
  ordered: readonly IndexedItem[];
  byVariable: ReadonlyMap<string, IndexedItem>;
}

const registries = new WeakMap<CompiledForm, FormFieldTypeRegistry>();
const indexes = new WeakMap<CompiledForm, FormIndex>();

/** Records the registry a form was compiled with (compileForm, withOptions). */
export function rememberRegistry(form: CompiledForm, registry: FormFieldTypeRegistry): void {
  registries.set(form, registry);
}

export function registryOf(form: CompiledForm): FormFieldTypeRegistry {
  return registries.get(form) ?? DEFAULT_FORM_FIELD_TYPES;
}

/** A field type that validates nothing, for an item whose type the registry does not know (hand-built forms). */
function unknownType(name: string): FormFieldTypeDef {
  return {
    name,
    valueKind: 'text',
    needsOptions: false,
    textLike: false,
    numeric: false,
    computed: false,
    ruleValue: (_item, value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null),
    checkValue: () => [],
  };
}

function buildIndex(form: CompiledForm): FormIndex {
  const registry = registryOf(form);
  const byTarget = new Map<string, CompiledRule[]>();
  for (const rule of form.rules) {
    let list = byTarget.get(rule.target);
    if (list === undefined) byTarget.set(rule.target, (list = []));
    list.push(rule);
  }
  const graph = valueGraph(
    [...form.items.values()].map((item) => ({
      variable: item.variable,
      formulaReads: item.formula === null ? [] : ruleReads(item.formula),
    })),
    form.rules,
  );
  const byVariable = new Map<string, IndexedItem>();
  for (const item of form.items.values()) {
    const rules = byTarget.get(item.variable) ?? [];
    const requiredIfRules = rules.filter((r) => r.kind === 'requiredIf');
    const checks = rules.filter((r) => r.kind === 'check');
    byVariable.set(item.variable, {
      item,
      def: registry.get(item.fieldtype) ?? unknownType(item.fieldtype),
      showRules: rules.filter((r) => r.kind === 'show'),
      requiredIfRules,
      checks,
      valueReads: graph.get(item.variable) ?? [],
      validationReads: [...new Set([...requiredIfRules, ...checks].flatMap((r) => r.reads))],
      rank: 0,
    });
  }
  const ordered: IndexedItem[] = [];
  for (const variable of evaluationOrder(graph)) {
    const entry = byVariable.get(variable);
    if (entry !== undefined) ordered.push(entry);
  }
  // a hand-built form with a cycle: its items last, in document order (compileForm refuses cycles)
  if (ordered.length < byVariable.size) {
    const placed = new Set(ordered.map((e) => e.item.variable));
    for (const entry of byVariable.values()) if (!placed.has(entry.item.variable)) ordered.push(entry);
  }
  ordered.forEach((entry, i) => (entry.rank = i));
  return { registry, ordered, byVariable };
}

/**
 * The entries to evaluate for validating `variables` only, in evaluation order: those items, what their checks and
 * requiredIf rules read, and — transitively — what the values and visibility of all of these read.
 */
export function entriesFor(index: FormIndex, variables: ReadonlySet<string>): IndexedItem[] {
  const found = new Map<string, IndexedItem>();
  const stack: string[] = [];
  for (const v of variables) {
    const entry = index.byVariable.get(v);
    if (entry === undefined) continue;
    stack.push(v, ...entry.validationReads);
  }
  while (stack.length > 0) {
    const v = stack.pop()!;
    if (found.has(v)) continue;
    const entry = index.byVariable.get(v);
    if (entry === undefined) continue;
    found.set(v, entry);
    for (const dep of entry.valueReads) if (!found.has(dep)) stack.push(dep);
  }
  return [...found.values()].sort((a, b) => a.rank - b.rank);
}

export function formIndex(form: CompiledForm): FormIndex {
  let index = indexes.get(form);
  if (index === undefined) {
    index = buildIndex(form);
    indexes.set(form, index);
  }
  return index;
}

/** The field type of an item of a compiled form (from the registry the form was compiled with). */
export function fieldTypeOf(form: CompiledForm, variable: string): FormFieldTypeDef | undefined {
  return formIndex(form).byVariable.get(variable)?.def;
}
