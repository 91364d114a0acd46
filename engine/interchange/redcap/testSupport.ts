/** Test helpers: a one-form REDCap dictionary built from rows, imported and compiled. */
import { compileForm } from '../../form/compile/compileForm';
import { evaluateFormState } from '../../form/state';
import type { CompiledForm, FormContext, FormValue, FormValues } from '../../form/types';
import type { ImportResult } from '../types';
import { codeListCatalog } from './ensureCompiles';
import { dictionaryCsv, type FieldSpec } from './dictionaryCsv';
import { importRedcapDictionary } from './importDictionary';

export { dictionaryCsv, HEADER, type FieldSpec } from './dictionaryCsv';

export const CTX: FormContext = { textLimit: 2000, numUnknownAllowed: false, today: '2026-03-15' };

/** Every form of an import, compiled with its code lists (throws when one does not compile: a test failure). */
export function compiledForms(result: ImportResult): CompiledForm[] {
  const definition = result.definition;
  if (!definition) throw new Error(`not imported: ${JSON.stringify(result.issues)}`);
  const codeLists = codeListCatalog(definition.codeLists);
  return definition.forms.map((raw) => {
    const compiled = compileForm(raw, { codeLists });
    if (!compiled.ok) throw new Error(`${raw.tid}: ${JSON.stringify(compiled.issues)}`);
    return compiled.form;
  });
}

/** Fields every translation test can read. */
export const BASE_FIELDS: readonly FieldSpec[] = [
  { variable: 'n1', type: 'text', validation: 'integer' },
  { variable: 'n2', type: 'text', validation: 'number' },
  { variable: 'n3', type: 'text', validation: 'number' },
  { variable: 't', type: 'text' },
  { variable: 'r', type: 'radio', choices: '1, One | 2, Two | 3, Three' },
  { variable: 'c', type: 'checkbox', choices: '1, Asian | 2, Black | 98, Other' },
  { variable: 'yn', type: 'yesno' },
  { variable: 'd1', type: 'text', validation: 'date_ymd' },
  { variable: 'd2', type: 'text', validation: 'date_dmy' },
  { variable: 'dt1', type: 'text', validation: 'datetime_ymd' },
  { variable: 'dt2', type: 'text', validation: 'datetime_mdy' },
];

/** The imported BASE_FIELDS form with one more field. */
export function formWith(extra: FieldSpec): { form: CompiledForm; result: ImportResult } {
  const result = importRedcapDictionary(dictionaryCsv([...BASE_FIELDS, extra]));
  return { form: compiledForms(result)[0]!, result };
}

/** Is a field with this REDCap branching logic shown for these values? (null: the logic was not imported) */
export function shownBy(logic: string, values: FormValues): boolean | null {
  const { form, result } = formWith({ variable: 'target', type: 'text', branching: logic });
  if (!form.rules.some((r) => r.target === 'target')) {
    if (result.issues.some((i) => i.messageId.includes('Logic'))) return null;
  }
  return !evaluateFormState(form, values, CTX).hidden.has('target');
}

/** The value of a calc field with this REDCap calculation for these values. */
export function calcOf(calculation: string, values: FormValues): FormValue | undefined {
  const { form } = formWith({ variable: 'result', type: 'calc', choices: calculation });
  if (form.items.get('result')?.fieldtype !== 'calculated') return undefined;
  return evaluateFormState(form, values, CTX).calculated.result;
}
