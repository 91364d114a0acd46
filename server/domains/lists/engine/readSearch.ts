/**
 * Search values of a list request, read with the engine's fromRequestParams from the params the contract does not
 * name (the open params) after parsing the stored definitions with the engine's parseSearchFields: the client's
 * toRequestParams and this reading are one rule, one implementation. Refused (→ HTTP 400): a param that does not
 * read as a value of its field's type (a date that is not yyyy-MM-dd, a number with letters), and values the field
 * type's validate() calls errors (a range whose end precedes its start), and a range field's own name (`enrolldate`
 * instead of `enrolldateStart`/`enrolldateEnd`), which would otherwise filter nothing without a word.
 */
import { rangeParamNames } from '../../../../engine/fieldTypes/dateTypes';
import { searchBehaviour } from '../../../../engine/fieldTypes/registry';
import type { FieldTypeRegistry } from '../../../../engine/fieldTypes/types';
import { fromRequestParams, hasErrors, validateSearch } from '../../../../engine/list/listQuery';
import { DEFAULT_PAGE_SIZE } from '../../../../engine/list/types';
import type { SearchFieldDef, SearchValue } from '../../../../engine/metadata/types';
import type { OpenParams } from '../../../core/http/route';

export type SearchReading =
  { ok: true; search: Readonly<Record<string, SearchValue>> } | { ok: false; errors: string[] };

function given(value: string | readonly string[] | undefined): boolean {
  if (value === undefined) return false;
  return typeof value === 'string' ? value.trim() !== '' : value.some((v) => v.trim() !== '');
}

function paramNames(field: SearchFieldDef): string[] {
  if (!field.range) return [field.prop];
  const { start, end } = rangeParamNames(field.prop);
  return [start, end];
}

export function readSearch(
  open: OpenParams,
  fields: readonly SearchFieldDef[],
  registry: FieldTypeRegistry,
): SearchReading {
  const { search } = fromRequestParams(open, fields, registry, DEFAULT_PAGE_SIZE);
  const errors: string[] = [];
  for (const field of fields) {
    const behaviour = searchBehaviour(registry, field.fieldtype);
    if (!behaviour) continue;
    const value = search[field.prop];
    const kept = value === undefined ? {} : behaviour.toParams(field, value);
    const names = paramNames(field);
    for (const name of names) {
      if (given(open[name]) && !Object.hasOwn(kept, name)) {
        errors.push(`${name}: not a valid ${field.fieldtype} value`);
      }
    }
    // a range field's own name is not one of its params: a filter sent under it would be silently ignored
    if (!names.includes(field.prop) && given(open[field.prop])) {
      errors.push(`${field.prop}: a ${field.fieldtype} range is sent as ${names.join(' and ')}`);
    }
  }
  const problems = validateSearch(fields, search, registry);
  if (hasErrors(problems)) {
    for (const [prop, list] of Object.entries(problems)) {
      for (const p of list) if (p.level === 'error') errors.push(`${prop}: ${p.messageId}`);
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, search };
}
