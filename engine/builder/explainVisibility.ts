/**
 * Trying a form: which items are hidden and by which rule (explainVisibility), and everything the preview shows for
 * a set of values at once (tryForm: state, problems, why hidden, the values that would be saved).
 */
import { formIndex } from '../form/formIndex';
import { prepareForSave } from '../form/save';
import { evaluateForm } from '../form/state';
import type { CompiledForm, FormContext, FormProblems, FormState, FormValues } from '../form/types';
import { validateForm } from '../form/validate';
import { evaluateRule, isTrue } from '../rules/index';
import type { RuleValue } from '../rules/types';

/** A variable a rule reads, with what the rule saw (null: blank, invalid, partial, or the item is hidden). */
export interface ReadValue {
  variable: string;
  value: RuleValue;
  /** The item read is hidden itself (so the rule sees null). */
  hidden: boolean;
}

/** A show rule that is not true now: false, or null (unknown — typically a blank input). */
export interface HidingRule {
  id: string;
  /** The expression as written. */
  expr: string;
  result: RuleValue;
  reads: readonly ReadValue[];
}

export interface HiddenItem {
  variable: string;
  /** `sections[1].items[3]` */
  path: string;
  /** `schema`: the item says `hidden: true` (always hidden); `rule`: one or more show rules are not true. */
  reason: 'schema' | 'rule';
  /** The show rules hiding it (empty for `schema` unless rules also hide it). */
  rules: readonly HidingRule[];
}

/** Every hidden item, in document order, with the rules that hide it and what they read. */
export function explainVisibility(form: CompiledForm, values: FormValues, ctx: FormContext): HiddenItem[] {
  const { state, env } = evaluateForm(form, values, ctx);
  const index = formIndex(form);
  const hidden: HiddenItem[] = [];
  for (const item of form.items.values()) {
    if (!state.hidden.has(item.variable)) continue;
    const showRules = index.byVariable.get(item.variable)?.showRules ?? [];
    const rules: HidingRule[] = [];
    for (const rule of showRules) {
      const result = evaluateRule(rule.expr, env);
      if (isTrue(result)) continue;
      rules.push({
        id: rule.id,
        expr: rule.source,
        result,
        reads: rule.reads.map((variable) => ({
          variable,
          value: env.value(variable),
          hidden: state.hidden.has(variable),
        })),
      });
    }
    hidden.push({ variable: item.variable, path: item.path, reason: item.hidden ? 'schema' : 'rule', rules });
  }
  return hidden;
}

export interface TryResult {
  /** Hidden and required items, calculated values. */
  state: FormState;
  /** What validation says (errors and warnings by variable; checks that fire carry their rule id). */
  problems: FormProblems;
  /** Why each hidden item is hidden. */
  hidden: readonly HiddenItem[];
  /** The values a save would store (prepareForSave: trimmed, calculated, hidden items blank). */
  saved: FormValues;
}

/** Everything the preview's "try the form" panel shows for these values. */
export function tryForm(form: CompiledForm, values: FormValues, ctx: FormContext): TryResult {
  const { state } = evaluateForm(form, values, ctx);
  return {
    state,
    problems: validateForm(form, values, ctx),
    hidden: explainVisibility(form, values, ctx),
    saved: prepareForSave(form, values, ctx),
  };
}
