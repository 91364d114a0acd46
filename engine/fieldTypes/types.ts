/**
 * The field-type registry's shapes. A field type says how its values are decoded from metadata, written to and read
 * from request parameters, which input rules apply in a search bar, and how a grid cell shows its value.
 * New field types are added by registering one of these (registry.ts), never by editing a switch.
 */
import type { Locale } from '../api/localized';
import type { NamedRegistry } from '../registry/namedRegistry';
import type { SearchFieldDef, SearchValue } from '../metadata/types';

/** Request parameters as they go out (GET: query; POST/PUT: JSON body) or come back from a URL. */
export type ParamValue = string | number | boolean | readonly string[];
export type RequestParams = Record<string, ParamValue>;
/**
 * Parameters read back from a URL query (strings, repeated keys as arrays) or from a server request (a JSON body may
 * also hold numbers, booleans and null). RequestParams are IncomingParams, so a round trip needs no conversion.
 */
export type IncomingParams = Readonly<Record<string, ParamValue | null | undefined>>;

/** A problem with a value the user entered; `level: 'warning'` does not block the search. */
export interface ValueProblem {
  level: 'error' | 'warning';
  messageId: string;
  values?: Record<string, string | number>;
}

/**
 * How a search bar renders and serialises one field type. `widget` names the renderer's widget
 * (renderers/search/widgets): `text`, `number`, `date`, `dateRange`, `select`, `mselect`, or one registered there.
 */
export interface SearchBehaviour {
  widget: string;
  /** The field needs options (inline `selector` or `codelisttype`); parsing refuses one without. */
  needsOptions: boolean;
  /** Whether `endValue.type: 'range'` is allowed for this type. */
  allowsRange: boolean;
  /** Value of `value` / `endValue.value` from metadata → SearchValue; a bad initial value is an issue message id. */
  decode(
    field: Pick<SearchFieldDef, 'range'>,
    value: unknown,
    endValue: unknown,
  ): SearchValue | { problem: string };
  empty(field: Pick<SearchFieldDef, 'range'>): SearchValue;
  isEmpty(value: SearchValue): boolean;
  /** Non-empty value → request params (`prop`, or `<prop>Start`/`<prop>End` for a range; mselect → list). */
  toParams(field: Pick<SearchFieldDef, 'prop' | 'range'>, value: SearchValue): RequestParams;
  /** Back from params (a reload or a shared URL); unknown or malformed → empty. */
  fromParams(field: Pick<SearchFieldDef, 'prop' | 'range'>, params: IncomingParams): SearchValue;
  /** Max characters the input takes (text: 100), or null. */
  maxLength: number | null;
  /** Filters typed text before it reaches the value (num: only digits and dot). Identity when absent. */
  sanitizeInput?(text: string): string;
  /** Problems with a value (range order, at max length, malformed number); empty when fine. */
  validate(field: Pick<SearchFieldDef, 'range'>, value: SearchValue): readonly ValueProblem[];
}

/** What a cell formatter knows besides the value. */
export interface FormatContext {
  locale: Locale;
  /** IANA zone the value is shown in (already resolved from the column's `timezone` and the user's zone). */
  timeZone: string;
}

export interface FieldTypeDef {
  name: string;
  /** Present when the type can be a search field. */
  search?: SearchBehaviour;
  /** Grid cell text for a value of this type; absent → the grid's plain text ('' for null/undefined, lists joined). */
  formatCell?(value: unknown, ctx: FormatContext): string;
}

/** Field types by name (registering a name twice replaces the earlier one: a screen may override a built-in). */
export type FieldTypeRegistry = NamedRegistry<FieldTypeDef>;
