/**
 * A yup adapter over the engine's own checks (for react-hook-form's yupResolver on save): one `.test()` per item
 * that reports that item's ERRORS from validateForm — the same checks, never a second rule set. Warnings do not fail
 * a yup schema (they ask for confirmation, see planSave). The whole-form validation is run once per values object and
 * shared by the item tests.
 */
import * as yup from 'yup';
import { formIndex } from './formIndex';
import type { CompiledForm, FieldProblem, FormContext, FormProblems, FormValue, FormValues } from './types';
import { validateForm } from './validate';

export type FormYupSchema = yup.ObjectSchema<Record<string, FormValue | undefined>>;

/** The problem a yup error carries as `params.problem` (its message is the problem's message id). */
export interface YupProblemParams {
  problem: FieldProblem;
}

export function buildYupSchema(form: CompiledForm, ctx: FormContext): FormYupSchema {
  const memo = new WeakMap<object, FormProblems>();
  const problemsOf = (values: FormValues): FormProblems => {
    let problems = memo.get(values);
    if (problems === undefined) {
      problems = validateForm(form, values, ctx);
      memo.set(values, problems);
    }
    return problems;
  };

  const shape: Record<string, yup.Schema<FormValue | undefined>> = {};
  for (const { item, def } of formIndex(form).byVariable.values()) {
    if (def.valueKind === 'none') continue;
    const variable = item.variable;
    shape[variable] = yup
      .mixed<string | readonly string[]>()
      .nullable()
      .test(`form-${variable}`, 'form', function check() {
        const parent: unknown = this.parent;
        const values = (typeof parent === 'object' && parent !== null ? parent : {}) as FormValues;
        const first = (problemsOf(values)[variable] ?? []).find((p) => p.level === 'error');
        if (first === undefined) return true;
        return this.createError({ path: variable, message: first.messageId, params: { problem: first } });
      });
  }
  return yup.object(shape) as unknown as FormYupSchema;
}
