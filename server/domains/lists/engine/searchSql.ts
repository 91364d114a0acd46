/**
 * Search values → SQL conditions, by field type: the server's half of the search-field metadata. The values were
 * read with the engine's fromRequestParams and checked with validateSearch (readSearch.ts), so each builder gets a
 * well-formed value of its type. New field types get a builder here, by name, not a branch in a switch.
 */
import { isDateRangeValue } from '../../../../engine/fieldTypes/dateTypes';
import type { SearchFieldDef, SearchValue } from '../../../../engine/metadata/types';
import type { SqlParams } from './sqlParams';

/** The column a search prop filters on, and the SQL type its values are cast to. */
export interface SearchColumn {
  sql: string;
  type: 'text' | 'int' | 'numeric' | 'date';
  /**
   * An indexed expression equal to the column wherever the column is not null (the sort key of a nullable column,
   * `coalesce(col, <largest>)`). A condition is then written on it, with `col is not null` — the same rows, since
   * every condition rejects null — so that PostgreSQL can read a filtered, sorted page from that index.
   */
  indexed?: string;
}

export type SearchFilterSql = (
  column: SearchColumn,
  value: SearchValue,
  params: SqlParams,
  field: SearchFieldDef,
) => string[];

/** `%`, `_` and `\` taken literally in a LIKE pattern (backslash is LIKE's default escape). */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function text(value: SearchValue): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function list(value: SearchValue): string[] {
  // sorted: the same choice in another order is the same filter (and the same cached total)
  return Array.isArray(value) ? [...(value as readonly string[])].sort() : [];
}

function asText(column: SearchColumn): string {
  return column.type === 'text' ? column.sql : `${column.sql}::text`;
}

/** Built-in field types: text contains (case-insensitive), number and code equal, code lists IN, date ranges inclusive. */
export const SEARCH_FILTERS: Readonly<Record<string, SearchFilterSql>> = {
  string: (column, value, params) => {
    const t = text(value);
    return t === null ? [] : [`${asText(column)} ilike ${params.add(`%${likeLiteral(t)}%`)}`];
  },
  num: (column, value, params) => {
    const t = text(value);
    if (t === null) return [];
    if (column.type === 'int') {
      // compared as int (the index's type); a number no int equals matches nothing
      const n = Number(t);
      return Number.isInteger(n) && Math.abs(n) <= 2147483647
        ? [`${column.sql} = ${params.add(n)}::int`]
        : ['false'];
    }
    return [`${column.sql} = ${params.add(t)}::numeric`];
  },
  // codes compared as text: a code that is not of the column's type matches nothing (never a cast error)
  select: (column, value, params) => {
    const t = text(value);
    return t === null ? [] : [`${asText(column)} = ${params.add(t)}`];
  },
  mselect: (column, value, params) => {
    const codes = list(value);
    return codes.length === 0 ? [] : [`${asText(column)} = any(${params.add(codes)}::text[])`];
  },
  date: (column, value, params) => {
    if (isDateRangeValue(value)) {
      const out: string[] = [];
      if (value.start) out.push(`${column.sql} >= ${params.add(value.start)}::date`);
      if (value.end) out.push(`${column.sql} <= ${params.add(value.end)}::date`);
      return out;
    }
    const t = text(value);
    return t === null ? [] : [`${column.sql} = ${params.add(t)}::date`];
  },
};

/** A list's search props that have no column, or whose field type has no SQL builder: a server configuration error. */
export function unboundSearchFields(
  fields: readonly SearchFieldDef[],
  columns: Readonly<Record<string, SearchColumn>>,
  filters: Readonly<Record<string, SearchFilterSql>> = SEARCH_FILTERS,
): string[] {
  return fields
    .filter((f) => !Object.hasOwn(columns, f.prop) || !Object.hasOwn(filters, f.fieldtype))
    .map((f) => `${f.path} (${f.prop}, ${f.fieldtype})`);
}

/** The conditions of every field with a value, in the order of the definitions. */
export function searchConditions(
  fields: readonly SearchFieldDef[],
  search: Readonly<Record<string, SearchValue>>,
  columns: Readonly<Record<string, SearchColumn>>,
  params: SqlParams,
  filters: Readonly<Record<string, SearchFilterSql>> = SEARCH_FILTERS,
): string[] {
  const out: string[] = [];
  for (const field of fields) {
    const value = search[field.prop];
    if (value === undefined || value === null) continue;
    const column = Object.hasOwn(columns, field.prop) ? columns[field.prop] : undefined;
    const filter = Object.hasOwn(filters, field.fieldtype) ? filters[field.fieldtype] : undefined;
    if (!column || !filter) {
      throw new Error(`search field ${field.path} (${field.prop}, ${field.fieldtype}) has no SQL binding`);
    }
    if (!column.indexed) {
      out.push(...filter(column, value, params, field));
      continue;
    }
    // on the indexed expression only, with the column not null (then the two are equal): the same rows. Written on
    // both, the planner multiplied the two conditions' selectivities, took a year of enrolment dates for a few rows
    // and read the whole table instead of the index (docs/perf-list-page-change.md)
    const onIndexed = filter({ ...column, sql: column.indexed }, value, params, field);
    if (onIndexed.length > 0) out.push(`${column.sql} is not null`, ...onIndexed);
  }
  return out;
}
