/**
 * Saving: the values as they are stored (prepareForSave), what changed against the saved record
 * (changedVariables), and the plan of a save (planSave) — the browser and the reference server both run these on
 * the same values, so they agree on what is saved and why a save is refused.
 */
import { formIndex } from './formIndex';
import { evaluateFormState } from './state';
import type { CompiledForm, FormContext, FormProblems, FormValue, FormValues } from './types';
import { hasErrors, hasWarnings, validateForm } from './validate';
import { isBlankValue, sameValue, valueIn } from './values';

/**
 * The values to store: one entry for every item that has a value (not static/file/image), in document order;
 * text trimmed and blank → null; calculated items computed; hidden items blank; variables not in the form dropped.
 */
export function prepareForSave(form: CompiledForm, values: FormValues, ctx: FormContext): FormValues {
  const index = formIndex(form);
  const normalised: Record<string, FormValue> = {};
  for (const entry of index.byVariable.values()) {
    if (entry.def.valueKind === 'none') continue;
    normalised[entry.item.variable] = entry.def.computed ? null : valueIn(values, entry.item.variable);
  }
  const state = evaluateFormState(form, normalised, ctx);
  for (const variable of Object.keys(normalised)) {
    if (state.hidden.has(variable)) normalised[variable] = null;
    else if (Object.hasOwn(state.calculated, variable))
      normalised[variable] = state.calculated[variable] ?? null;
  }
  return normalised;
}

/** Variables (document order, items with a value) whose normalised values differ; lists compare order-insensitively. */
export function changedVariables(form: CompiledForm, saved: FormValues, next: FormValues): string[] {
  const changed: string[] = [];
  for (const entry of formIndex(form).byVariable.values()) {
    if (entry.def.valueKind === 'none') continue;
    const variable = entry.item.variable;
    if (!sameValue(valueIn(saved, variable), valueIn(next, variable))) changed.push(variable);
  }
  return changed;
}

export interface SavePlanInput {
  form: CompiledForm;
  ctx: FormContext;
  /** The stored values of the record, or null for a new record. */
  saved: FormValues | null;
  /** The values entered (as typed). */
  values: FormValues;
  /** The user confirmed the warnings shown to them. */
  confirmedWarnings: boolean;
  /** Reasons for change by variable: a ChangeReason `{code, text}` or a text; a reason needs non-blank text. */
  reasons: Readonly<Record<string, unknown>>;
}

/**
 * - `empty`: a new record with nothing entered (please enter);
 * - `unchanged`: a saved record and the same values (no need to save);
 * - `invalid`: errors (please check);
 * - `confirm`: only warnings, not confirmed yet;
 * - `reasons`: a saved record and changed entered variables without a reason for change;
 * - `ready`: save `values` (prepared); `changed` = the variables written to the audit trail (a new record: the
 *   non-blank ones); `problems` = the warnings that remain.
 */
export type SavePlan =
  | { kind: 'empty' }
  | { kind: 'unchanged' }
  | { kind: 'invalid'; problems: FormProblems }
  | { kind: 'confirm'; problems: FormProblems }
  | { kind: 'reasons'; variables: string[] }
  | { kind: 'ready'; values: FormValues; changed: string[]; problems: FormProblems };

/** A reason for change with text: a non-blank string, or an object whose `text` is a non-blank string. */
export function hasReasonText(reason: unknown): boolean {
  if (typeof reason === 'string') return reason.trim() !== '';
  if (typeof reason !== 'object' || reason === null) return false;
  const text = (reason as { text?: unknown }).text;
  return typeof text === 'string' && text.trim() !== '';
}

export function planSave(input: SavePlanInput): SavePlan {
  const { form, ctx, saved, confirmedWarnings, reasons } = input;
  const index = formIndex(form);
  const values = prepareForSave(form, input.values, ctx);
  let changed: string[];
  if (saved === null) {
    const entered = [...index.byVariable.values()].some(
      (e) => e.def.valueKind !== 'none' && !e.def.computed && !isBlankValue(values[e.item.variable]),
    );
    if (!entered) return { kind: 'empty' };
    changed = Object.keys(values).filter((v) => !isBlankValue(values[v]));
  } else {
    changed = changedVariables(form, saved, values);
    if (changed.length === 0) return { kind: 'unchanged' };
  }
  const problems = validateForm(form, values, ctx);
  if (hasErrors(problems)) return { kind: 'invalid', problems };
  if (hasWarnings(problems) && !confirmedWarnings) return { kind: 'confirm', problems };
  if (saved !== null) {
    const missing = changed.filter(
      (v) => !index.byVariable.get(v)?.def.computed && !hasReasonText(reasons[v]),
    );
    if (missing.length > 0) return { kind: 'reasons', variables: missing };
  }
  return { kind: 'ready', values, changed, problems };
}
