/**
 * validateForm and validateItems: every problem with the values of a form, by variable.
 *
 * Per item, in this order: required (schema, or a requiredIf rule true) when blank; the field type's checks (type,
 * format, length, pattern, options) when not blank; ranges when the value is a valid number (hard → error, soft →
 * warning); then the check rules targeting it (hard → error, soft → warning, with the rule's message and id). A check
 * whose result is null (blank or unknown inputs) does not fire, and a check reading an item whose value has a type
 * error is skipped (that item already shows the error). Hidden items and items without a value are skipped.
 */
import { evaluateRule } from '../rules/index';
import { error, warning } from './fieldTypes/problems';
import { entriesFor, formIndex, type IndexedItem } from './formIndex';
import { FORM_MSG } from './messages';
import { evaluateForm, type Evaluation } from './state';
import type {
  CompiledForm,
  CompiledRange,
  FieldProblem,
  FormContext,
  FormProblems,
  FormValue,
  FormValues,
} from './types';
import { isBlankValue, numberOf, valueIn } from './values';

interface RangeMessages {
  between: string;
  below: string;
  above: string;
}

const HARD: RangeMessages = {
  between: FORM_MSG.outOfRange,
  below: FORM_MSG.belowMin,
  above: FORM_MSG.aboveMax,
};
const SOFT: RangeMessages = {
  between: FORM_MSG.outOfSoftRange,
  below: FORM_MSG.belowSoftMin,
  above: FORM_MSG.aboveSoftMax,
};

/** The problem of a number outside a range (null when inside). */
function rangeProblem(n: number, range: CompiledRange, soft: boolean): FieldProblem | null {
  const low = range.min !== null && n < range.min;
  const high = range.max !== null && n > range.max;
  if (!low && !high) return null;
  const messages = soft ? SOFT : HARD;
  const make = soft ? warning : error;
  if (range.min !== null && range.max !== null) {
    return make(messages.between, { min: range.min, max: range.max });
  }
  return low ? make(messages.below, { min: range.min ?? 0 }) : make(messages.above, { max: range.max ?? 0 });
}

class Validation {
  private readonly typeProblems = new Map<string, FieldProblem[]>();

  constructor(
    private readonly form: CompiledForm,
    private readonly values: FormValues,
    private readonly ctx: FormContext,
    private readonly ev: Evaluation,
  ) {}

  private valueOf(entry: IndexedItem): FormValue {
    const { item, def } = entry;
    return def.computed
      ? (this.ev.state.calculated[item.variable] ?? null)
      : valueIn(this.values, item.variable);
  }

  /** The field type's problems with a (non-blank, visible) value, computed once. */
  private typeProblemsOf(entry: IndexedItem): FieldProblem[] {
    const variable = entry.item.variable;
    let problems = this.typeProblems.get(variable);
    if (problems === undefined) {
      const value = this.valueOf(entry);
      problems =
        this.ev.state.hidden.has(variable) || isBlankValue(value)
          ? []
          : entry.def.checkValue(entry.item, value, this.ctx);
      this.typeProblems.set(variable, problems);
    }
    return problems;
  }

  private hasTypeError(variable: string): boolean {
    const entry = formIndex(this.form).byVariable.get(variable);
    return entry !== undefined && this.typeProblemsOf(entry).some((p) => p.level === 'error');
  }

  /** Every problem of one item ([] when hidden or without a value). */
  item(entry: IndexedItem): FieldProblem[] {
    const { item, def } = entry;
    if (def.valueKind === 'none' || this.ev.state.hidden.has(item.variable)) return [];
    const value = this.valueOf(entry);
    const problems: FieldProblem[] = [];
    if (isBlankValue(value)) {
      if (this.ev.state.required.has(item.variable)) problems.push(error(FORM_MSG.required));
    } else {
      const typeProblems = this.typeProblemsOf(entry);
      problems.push(...typeProblems);
      const n =
        (def.numeric || def.computed) && !typeProblems.some((p) => p.level === 'error')
          ? numberOf(value)
          : null;
      if (n !== null) {
        const hard = item.hardRange === null ? null : rangeProblem(n, item.hardRange, false);
        const soft = hard !== null || item.softRange === null ? null : rangeProblem(n, item.softRange, true);
        if (hard !== null) problems.push(hard);
        if (soft !== null) problems.push(soft);
      }
    }
    for (const rule of entry.checks) {
      if (rule.reads.some((v) => this.hasTypeError(v))) continue;
      if (evaluateRule(rule.expr, this.ev.env) !== false) continue;
      const problem: FieldProblem = {
        level: rule.severity === 'hard' ? 'error' : 'warning',
        messageId: FORM_MSG.checkFailed,
        values: { rule: rule.id },
        ruleId: rule.id,
      };
      if (rule.message !== null) problem.text = rule.message;
      problems.push(problem);
    }
    return problems;
  }
}

const order = (form: CompiledForm, variable: string): number => form.items.get(variable)?.order ?? 0;

function validateSome(
  form: CompiledForm,
  values: FormValues,
  ctx: FormContext,
  only: ReadonlySet<string> | null,
): FormProblems {
  const index = formIndex(form);
  // live validation evaluates only what the asked items need, not the whole form
  const evaluated = only === null ? index.ordered : entriesFor(index, only);
  const validation = new Validation(form, values, ctx, evaluateForm(form, values, ctx, evaluated));
  const checked =
    only === null
      ? [...form.items.keys()]
      : [...only].filter((v) => index.byVariable.has(v)).sort((a, b) => order(form, a) - order(form, b));
  const problems: Record<string, readonly FieldProblem[]> = {};
  for (const variable of checked) {
    const entry = index.byVariable.get(variable);
    if (entry === undefined) continue;
    const list = validation.item(entry);
    if (list.length > 0) problems[variable] = list;
  }
  return problems;
}

/** Every problem of the whole form, by variable (document order; only variables with problems appear). */
export function validateForm(form: CompiledForm, values: FormValues, ctx: FormContext): FormProblems {
  return validateSome(form, values, ctx, null);
}

/**
 * The problems of these variables only (live validation: the changed item and `form.dependents.get(changed)`).
 * Only what these items need is evaluated (their show, requiredIf, formula and check inputs, transitively), not the
 * whole form, so a keystroke costs the size of the changed item's neighbourhood.
 */
export function validateItems(
  form: CompiledForm,
  values: FormValues,
  ctx: FormContext,
  variables: Iterable<string>,
): FormProblems {
  return validateSome(form, values, ctx, new Set(variables));
}

/** Any problem of level `error`. */
export function hasErrors(problems: FormProblems): boolean {
  return Object.values(problems).some((list) => list.some((p) => p.level === 'error'));
}

/** Any problem of level `warning`. */
export function hasWarnings(problems: FormProblems): boolean {
  return Object.values(problems).some((list) => list.some((p) => p.level === 'warning'));
}
