/**
 * evaluateFormState: which items are hidden and required now, and the calculated items' values — evaluated in
 * evaluation order (each item after the items its formula and show rules read), so one pass is enough.
 *
 * Rules see each item's value through its field type (`ruleValue`: numbers as numbers, invalid or partial values as
 * null), a hidden item as null (it is blanked on save), a calculated item as its computed value.
 */
import { evaluateRule, isTrue, roundHalfAwayFromZero } from '../rules/index';
import type { EvalEnv, RuleValue } from '../rules/types';
import { entriesFor, formIndex, type IndexedItem } from './formIndex';
import type { CompiledForm, CompiledItem, FormContext, FormState, FormValue, FormValues } from './types';
import { valueIn } from './values';

/** A formula's result as an item value: numbers rounded to the item's precision, booleans as 'true'/'false'. */
export function calculatedValue(item: CompiledItem, result: RuleValue): FormValue {
  if (result === null) return null;
  if (typeof result === 'number') {
    if (!Number.isFinite(result)) return null;
    const rounded = roundHalfAwayFromZero(result, item.precision ?? 2);
    return String(Object.is(rounded, -0) ? 0 : rounded);
  }
  if (typeof result === 'boolean') return result ? 'true' : 'false';
  if (typeof result === 'string') return result === '' ? null : result;
  return result.length === 0 ? null : [...result];
}

/** The state and what rules see for each variable (for validation). */
export interface Evaluation {
  state: FormState;
  ruleValues: ReadonlyMap<string, RuleValue>;
  env: EvalEnv;
}

/**
 * Evaluates `entries` (default: every item, in evaluation order; a subset must be closed over what it reads and in
 * evaluation order — formIndex's entriesFor). Values are read normalised (trimmed, blank → null, own keys only).
 */
export function evaluateForm(
  form: CompiledForm,
  values: FormValues,
  ctx: FormContext,
  entries: readonly IndexedItem[] = formIndex(form).ordered,
): Evaluation {
  const ruleValues = new Map<string, RuleValue>();
  const env: EvalEnv = { value: (name) => ruleValues.get(name) ?? null, today: ctx.today };
  const hidden = new Set<string>();
  const calculated: Record<string, FormValue> = {};

  for (const { item, def, showRules } of entries) {
    const isHidden = item.hidden || showRules.some((rule) => !isTrue(evaluateRule(rule.expr, env)));
    if (isHidden) hidden.add(item.variable);
    if (def.computed) {
      const value =
        isHidden || item.formula === null ? null : calculatedValue(item, evaluateRule(item.formula, env));
      calculated[item.variable] = value;
      ruleValues.set(item.variable, def.ruleValue(item, value));
    } else {
      ruleValues.set(item.variable, isHidden ? null : def.ruleValue(item, valueIn(values, item.variable)));
    }
  }

  const required = new Set<string>();
  for (const { item, def, requiredIfRules } of entries) {
    if (hidden.has(item.variable) || def.computed || def.valueKind === 'none') continue;
    if (item.required || requiredIfRules.some((rule) => isTrue(evaluateRule(rule.expr, env)))) {
      required.add(item.variable);
    }
  }
  return { state: { hidden, required, calculated }, ruleValues, env };
}

export function evaluateFormState(form: CompiledForm, values: FormValues, ctx: FormContext): FormState {
  return evaluateForm(form, values, ctx).state;
}

/**
 * The state of `variables` only — after a change, the changed item and its dependents (`form.dependents`) — evaluating
 * just what they read, never the whole form: `hidden`, `required` and `calculated` speak of those variables only.
 */
export function evaluateFormStateOf(
  form: CompiledForm,
  values: FormValues,
  ctx: FormContext,
  variables: Iterable<string>,
): FormState {
  const asked = new Set(variables);
  const { state } = evaluateForm(form, values, ctx, entriesFor(formIndex(form), asked));
  const calculated: Record<string, FormValue> = {};
  for (const [variable, value] of Object.entries(state.calculated)) {
    if (asked.has(variable)) calculated[variable] = value;
  }
  return {
    hidden: new Set([...state.hidden].filter((v) => asked.has(v))),
    required: new Set([...state.required].filter((v) => asked.has(v))),
    calculated,
  };
}
