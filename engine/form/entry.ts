/** Starting values of a new record, and values as audit-trail text. */
import { formIndex } from './formIndex';
import type { CompiledForm, CompiledItem, FormValue, FormValues } from './types';
import { normaliseValue } from './values';

/** Every item that has a value (not static/file/image), with its schema default or null; calculated items null. */
export function defaultValues(form: CompiledForm): FormValues {
  const values: Record<string, FormValue> = {};
  for (const { item, def } of formIndex(form).byVariable.values()) {
    if (def.valueKind === 'none') continue;
    values[item.variable] = def.computed ? null : item.defaultValue;
  }
  return values;
}

/**
 * A value as the audit trail shows it: text as saved, lists joined with ', ' in the item's option order (codes not
 * among the options after, as given); blank → null.
 */
export function toAuditText(item: CompiledItem, value: FormValue): string | null {
  const normal = normaliseValue(value);
  if (normal === null || typeof normal === 'string') return normal;
  const options = item.options ?? [];
  const rank = new Map(options.map((o, i) => [o.value, i]));
  const ordered = normal
    .map((code, i) => ({ code, key: rank.get(code) ?? options.length + i }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.code);
  return ordered.join(', ');
}
