/**
 * eCRF form schemas (issue 4): the wire format the server sends (`Raw*`, documented in docs/form-schema.md) and the
 * compiled form the engine builds from it once per schema version (`CompiledForm`), which the browser renderer and
 * the reference server both validate with — one implementation on both sides.
 *
 * Values are carried as text, exactly as typed (`'12'`, `'12a'`, `'2024-03-UK'`): a value that does not parse is
 * kept and reported, never dropped. Multi-value items (checkbox, mselect) carry a list of code values.
 */
import type { Locale } from '../api/localized';
import type { CodeOption, MetaText } from '../metadata/types';
import type { Expr, SourceSpan } from '../rules/types';

// ---------------------------------------------------------------------------------------------------------------
// Values

/** One item's value: text as typed, a list of code values (checkbox, mselect), or null when blank. */
export type FormValue = string | readonly string[] | null;
/** A form's values by variable name. */
export type FormValues = Readonly<Record<string, FormValue>>;

/** The unknown marker a number accepts when login info's `numfieldUKallowed` is set, and a partial date's unknown part. */
export const UNKNOWN_MARKER = 'UK';

// ---------------------------------------------------------------------------------------------------------------
// Wire format (what the server sends; loose JSON, checked by parseFormSchema)

/** `'3'` an ordinary form (default); `'1'` drug dispensing (sets `isGoDrug`). Other strings are kept as given. */
export type RefType = string;
export const DEFAULT_REFTYPE: RefType = '3';
export const DRUG_DISPENSING_REFTYPE: RefType = '1';

/** Field types every engine knows; more may be registered (form field-type registry). */
export const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'integer',
  'decimal',
  'date',
  'time',
  'datetime',
  'radio',
  'checkbox',
  'select',
  'mselect',
  'calculated',
  'file',
  'image',
  'static',
] as const;
export type BuiltinFormFieldType = (typeof FORM_FIELD_TYPES)[number];

export type Severity = 'hard' | 'soft';

export interface RawRange {
  min?: number;
  max?: number;
}

export interface RawFormItem {
  /** Variable name (CDASH, e.g. `SYSBP`): unique in the form, `[A-Za-z_][A-Za-z0-9_]*`, at most 64 characters. */
  variable: string;
  label: MetaText;
  fieldtype: string;
  required?: boolean;
  help?: MetaText;
  unit?: MetaText;
  /** Inline options (`{codevalue, codedesp}`), or `codelisttype` naming a code list. */
  selector?: { codevalue: string; codedesp: MetaText }[];
  codelisttype?: string;
  /** Max characters (text, textarea); default from login info's `strLength` (100 → 100, otherwise 2000). */
  length?: number;
  /** decimal: digits after the point (at most). */
  precision?: number;
  /** Values outside refuse the save. */
  hardRange?: RawRange;
  /** Values outside warn and ask for confirmation. */
  softRange?: RawRange;
  /** A regular expression the whole text must match, with its message. */
  pattern?: { regex: string; message: MetaText };
  default?: string | string[];
  readonly?: boolean;
  hidden?: boolean;
  /** date: allows unknown day or month+day (`2024-03-UK`, `2024-UK-UK`). */
  partial?: boolean;
  /** calculated: the expression giving the value (rule language). */
  formula?: string;
  /** (`precision` also rounds a calculated item's result; default 2.) */
  /** static: the text shown (label is the heading). */
  text?: MetaText;
  /**
   * text/textarea only: suggest earlier values of this item in the study while typing (`dataInputAsst`), e.g. adverse
   * event terms or medication names. Default false.
   */
  inputAssist?: boolean;
  /**
   * text/textarea only: the item's value is a verbatim term coded against a dictionary (medical coding,
   * docs/medical-coding.md): `meddra` (adverse events, medical history) or `whodrug` (medications).
   */
  coding?: { dictionary: CodingDictionary };
  /**
   * The item holds personal data that identifies the subject (REDCap's "Identifier?"): exports may leave it out or
   * mask it. Default false; compiled, changes nothing in entry, validation or saving.
   */
  identifier?: boolean;
  /**
   * How `label` is written: `text` (default) shown as is, or `html` (imported REDCap labels) rendered as sanitised
   * formatted text — only formatting tags survive (docs/form-schema.md, docs/interchange-redcap.md).
   */
  labelFormat?: LabelFormat;
  /**
   * Other names of the item in other standards or systems, kept from an ODM import (`Alias`, e.g. `SDTM` →
   * `VSORRES`) and written back on export (docs/interchange-odm.md). Not used by data entry.
   */
  aliases?: { context: string; name: string }[];
}

export const LABEL_FORMATS = ['text', 'html'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

/** The dictionaries an item may be coded against (docs/medical-coding.md). */
export const CODING_DICTIONARIES = ['meddra', 'whodrug'] as const;
export type CodingDictionary = (typeof CODING_DICTIONARIES)[number];

export interface RawFormSection {
  /** Stable id, unique in the form. */
  id: string;
  title: MetaText;
  items: RawFormItem[];
}

export type RuleKind = 'show' | 'requiredIf' | 'check';

export interface RawFormRule {
  /** Stable id, unique in the form (messages, audit, later the system queries). */
  id: string;
  kind: RuleKind;
  /** Rule language, e.g. `[SYSBP] > [DIABP]`. `show`: shown when true. `requiredIf`: required when true. `check`: must hold. */
  expr: string;
  /** The item the rule acts on (its errors are shown there). */
  target: string;
  /** check only. */
  severity?: Severity;
  /** check only: shown at the target when the check fails. */
  message?: MetaText;
}

export interface RawFormSchema {
  /** Form code (CDASH domain or sponsor code), e.g. `VS`. */
  formid: string;
  /** Table id of this form in the study (what visit navigation and `datalist` name). */
  tid: string;
  name: MetaText;
  /** Schema version: a save names the version it was entered against. */
  version: number;
  reftype?: RefType;
  /** Log-line (table) form: rows appended at the end, shown with `columns` in a grid. */
  logline?: boolean;
  /** Log-line only: the column set (list metadata, docs/list-metadata.md) of the rows grid. */
  columns?: unknown[];
  sections: RawFormSection[];
  rules?: RawFormRule[];
}

// ---------------------------------------------------------------------------------------------------------------
// Schema problems

/** A problem in a schema: where (`path`, e.g. `sections[1].items[3]`), which variable/rule, what (a message id). */
export interface FormSchemaIssue {
  path: string;
  /** Variable or rule id concerned, or null. */
  subject: string | null;
  messageId: string;
  values: Record<string, string | number>;
  /**
   * Where inside the text at `path` (a rule's `expr`, an item's `formula`): 0-based `[start, end)` character offsets
   * of the offending part (a syntax error's token, an unknown reference, a code that is not an option …).
   */
  span?: SourceSpan;
}

// ---------------------------------------------------------------------------------------------------------------
// Compiled form (built once per schema version by compileForm)

export interface CompiledRange {
  min: number | null;
  max: number | null;
}

export interface CompiledItem {
  variable: string;
  /** `sections[1].items[3]` */
  path: string;
  sectionId: string;
  /** Position in the whole form (document order). */
  order: number;
  label: MetaText;
  fieldtype: string;
  required: boolean;
  help: MetaText | null;
  unit: MetaText | null;
  options: readonly CodeOption[] | null;
  codelisttype: string | null;
  /** Max characters for text-like items, else null. */
  maxLength: number | null;
  precision: number | null;
  hardRange: CompiledRange | null;
  softRange: CompiledRange | null;
  pattern: { regex: RegExp; message: MetaText } | null;
  defaultValue: FormValue;
  readonly: boolean;
  /** Hidden by the schema (always); show rules hide conditionally. */
  hidden: boolean;
  partial: boolean;
  /** calculated items: the parsed formula. */
  formula: Expr | null;
  text: MetaText | null;
  /** text/textarea: the widget suggests earlier values of the study while typing (dataInputAsst). */
  inputAssist: boolean;
  /** A codable verbatim term: the dictionary it is coded against; null: not coded. */
  coding: { dictionary: CodingDictionary } | null;
  /** Personal data identifying the subject (RawFormItem.identifier); absent = false. */
  identifier?: boolean;
  /** `html`: the label (and a static item's text) is sanitised HTML; absent = plain text. */
  labelFormat?: LabelFormat;
  /** Variables whose value this item's rules (show, requiredIf, calc, checks on it) read. */
  dependsOn: readonly string[];
}

export interface CompiledRule {
  id: string;
  kind: RuleKind;
  expr: Expr;
  source: string;
  target: string;
  severity: Severity;
  message: MetaText | null;
  /** Variables the expression reads. */
  reads: readonly string[];
}

export interface CompiledSection {
  id: string;
  title: MetaText;
  items: readonly CompiledItem[];
}

export interface CompiledForm {
  formid: string;
  tid: string;
  name: MetaText;
  version: number;
  reftype: RefType;
  isGoDrug: boolean;
  logline: boolean;
  columns: readonly unknown[] | null;
  sections: readonly CompiledSection[];
  /** Every item by variable, document order. */
  items: ReadonlyMap<string, CompiledItem>;
  rules: readonly CompiledRule[];
  /**
   * For each variable, the variables to re-evaluate (show, required, calc, checks) when it changes, transitively,
   * in an order where every item comes after the items it reads (a topological order; cycles are refused).
   */
  dependents: ReadonlyMap<string, readonly string[]>;
}

/** The session switches validation depends on (login info). */
export interface FormContext {
  /** Max characters of text items without their own `length` (login info `strLength`: 100 → 100, otherwise 2000). */
  textLimit: number;
  /** Number items accept UNKNOWN_MARKER. */
  numUnknownAllowed: boolean;
  /** Today as `yyyy-MM-dd` (rules' `today()`), injected so that browser and server agree and tests are stable. */
  today: string;
}

/**
 * The study's code lists, by `codelisttype`: their options, or null when only the name is known. Given to the
 * compiler, an item naming a code list that is not here is a schema issue (`form.unknownCodeList`), and rules
 * comparing such an item with a code are checked against the list's options.
 */
export type CodeListCatalog = Readonly<Record<string, readonly CodeOption[] | null>>;

export interface CompileOptions {
  /** Field types the renderer/server knows (default: FORM_FIELD_TYPES); an unknown fieldtype is a schema issue. */
  fieldTypes?: readonly string[];
  /** The study's code lists (absent: `codelisttype` names are not checked). */
  codeLists?: CodeListCatalog;
}

/** compileForm's answer: a form only when there are no issues. */
export type CompileResult =
  { ok: true; form: CompiledForm } | { ok: false; issues: readonly FormSchemaIssue[]; form: null };

// ---------------------------------------------------------------------------------------------------------------
// Validation

/**
 * One problem with one item's value. `error` blocks the save (type, required, length, pattern, options, hard range,
 * hard check); `warning` asks for confirmation (soft range, soft check). `ruleId` names the check that raised it.
 */
export interface FieldProblem {
  level: 'error' | 'warning';
  messageId: string;
  values?: Record<string, string | number>;
  /** check rules: their own message (both locales) instead of a message id's text. */
  text?: MetaText;
  ruleId?: string;
}

/** Problems by variable (only variables with problems appear). */
export type FormProblems = Readonly<Record<string, readonly FieldProblem[]>>;

/** What the evaluation of show/required/calc gives for the current values. */
export interface FormState {
  /** Variables hidden now (schema `hidden` or a show rule false/blank). */
  hidden: ReadonlySet<string>;
  /** Variables required now (schema or a requiredIf rule true). */
  required: ReadonlySet<string>;
  /** Calculated items' values for the current values. */
  calculated: Readonly<Record<string, FormValue>>;
}

export type { Locale };
