/**
 * Plausible values for every item of a compiled form (benchmarks): in range, one of the options, a real date …,
 * then every item the engine still finds a problem with is left blank, so that the values validate cleanly.
 */
import {
  validateForm,
  type CompiledForm,
  type CompiledItem,
  type FormContext,
  type FormValue,
  type FormValues,
} from '../../engine/form';

function numberIn(item: CompiledItem, decimals: number): string {
  const range = item.softRange ?? item.hardRange;
  const min = range?.min ?? 1;
  const max = range?.max ?? min + 100;
  const mid = (min + max) / 2;
  return decimals > 0 ? mid.toFixed(Math.min(decimals, item.precision ?? decimals)) : String(Math.round(mid));
}

function plausibleValue(item: CompiledItem, index: number): FormValue {
  const first = item.options?.[0]?.value ?? null;
  switch (item.fieldtype) {
    case 'text':
      return `text ${index}`;
    case 'textarea':
      return `longer text of item ${index}`;
    case 'integer':
      return numberIn(item, 0);
    case 'decimal':
      return numberIn(item, 1);
    case 'date':
      return `2026-01-${String((index % 28) + 1).padStart(2, '0')}`;
    case 'time':
      return '09:30';
    case 'datetime':
      return '2026-01-12 09:30';
    case 'radio':
    case 'select':
      return first;
    case 'checkbox':
    case 'mselect':
      return first === null ? null : [first];
    default:
      return null;
  }
}

export function plausibleValues(form: CompiledForm, ctx: FormContext): FormValues {
  const values: Record<string, FormValue> = {};
  let i = 0;
  for (const item of form.items.values()) values[item.variable] = plausibleValue(item, i++);
  // blank what still has a problem (a check across items, a pattern), twice: blanking can uncover a required-if
  for (let pass = 0; pass < 2; pass++) {
    const problems = validateForm(form, values, ctx);
    for (const variable of Object.keys(problems)) values[variable] = null;
  }
  return values;
}
