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
    byVariable.set(item.variable, {
      item,
      def: registry.get(item.fieldtype) ?? unknownType(item.fieldtype),
      showRules: rules.filter((r) => r.kind === 'show'),
      requiredIfRules: rules.filter((r) => r.kind === 'requiredIf'),
      checks: rules.filter((r) => r.kind === 'check'),
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
  return { registry, ordered, byVariable };
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
