import type { FieldTypeRegistry } from '../../engine/fieldTypes/types';
import type { SearchFieldDef, SearchValue } from '../../engine/metadata/types';

/** Search values by field `prop` (ListQuery['search']). */
export type SearchValues = Readonly<Record<string, SearchValue>>;

/** The non-empty values of the given fields (what a search sends). */
export function searchValuesOf(
  fields: readonly SearchFieldDef[],
  values: SearchValues,
  fieldTypes: FieldTypeRegistry,
): SearchValues {
  const out: Record<string, SearchValue> = {};
  for (const field of fields) {
    const value = values[field.prop];
    const behaviour = fieldTypes.get(field.fieldtype)?.search;
    if (value !== undefined && value !== null && behaviour && !behaviour.isEmpty(value))
      out[field.prop] = value;
  }
  return out;
}

/** The definitions' initial values of the given fields (Reset). */
export function initialSearchValues(
  fields: readonly SearchFieldDef[],
  fieldTypes: FieldTypeRegistry,
): SearchValues {
  return searchValuesOf(fields, Object.fromEntries(fields.map((f) => [f.prop, f.initial])), fieldTypes);
}
