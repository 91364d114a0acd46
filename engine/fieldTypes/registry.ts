/**
 * The field-type registry. New field types are added by registering a FieldTypeDef (a screen may also replace a
 * built-in by registering the same name); nothing in the engine switches on field-type names.
 */
import { createNamedRegistry } from '../registry/namedRegistry';
import type { SearchFieldDef } from '../metadata/types';
import { mselectFieldType, selectFieldType } from './choiceTypes';
import { dateFieldType, datetimeFieldType } from './dateTypes';
import { numFieldType, stringFieldType } from './textTypes';
import type { FieldTypeDef, FieldTypeRegistry, SearchBehaviour } from './types';

export { SEARCH_TEXT_MAX_LENGTH } from './textTypes';

/** string, num, date, select, mselect (search + cell format) and datetime (cell format only). */
export const builtinFieldTypes: readonly FieldTypeDef[] = [
  stringFieldType,
  numFieldType,
  dateFieldType,
  selectFieldType,
  mselectFieldType,
  datetimeFieldType,
];

export function createFieldTypeRegistry(defs: readonly FieldTypeDef[] = []): FieldTypeRegistry {
  return createNamedRegistry(defs);
}

/** A fresh registry with the built-in types (register more on it freely). */
export function defaultFieldTypes(): FieldTypeRegistry {
  return createFieldTypeRegistry(builtinFieldTypes);
}

/** The search behaviour of a field's type; undefined when the type is unknown or cannot be searched. */
export function searchBehaviour(registry: FieldTypeRegistry, fieldtype: string): SearchBehaviour | undefined {
  return registry.get(fieldtype)?.search;
}

/**
 * The widget a search bar renders for a field: its type's `widget`, with `Range` appended for a range
 * (`date` → `dateRange`); null when the type has no search behaviour.
 */
export function searchWidget(
  field: Pick<SearchFieldDef, 'fieldtype' | 'range'>,
  registry: FieldTypeRegistry,
): string | null {
  const widget = searchBehaviour(registry, field.fieldtype)?.widget;
  if (widget === undefined) return null;
  return field.range ? `${widget}Range` : widget;
}
