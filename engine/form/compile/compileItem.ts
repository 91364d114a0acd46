/** Compiling one raw item: every field checked, every problem an issue at its path. */
import { parseSelector } from '../../metadata/codeOptions';
import type { CodeOption } from '../../metadata/types';
import { parseRule, ruleReads } from '../../rules/index';
import type { FormFieldTypeDef, FormFieldTypeRegistry } from '../fieldTypes/types';
import { FORM_MSG } from '../messages';
import {
  CODING_DICTIONARIES,
  LABEL_FORMATS,
  type CodingDictionary,
  type LabelFormat,
  type CompiledItem,
  type CompiledRange,
  type FormContext,
  type FormValue,
} from '../types';
import { normaliseValue } from '../values';
import {
  fieldPath,
  isRecord,
  optionalBoolean,
  optionalLabel,
  optionalList,
  optionalText,
  requiredLabel,
  requiredText,
  shown,
  type IssueCollector,
  type RawSite,
} from './issues';
import { ruleErrorIssue } from './ruleIssues';

/** `[A-Za-z_][A-Za-z0-9_]*`, at most 64 characters (also what rules can reference as `[NAME]`). */
export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** A usable variable name: VARIABLE_NAME, and not `__proto__` (values are plain objects keyed by variable). */
export function isVariableName(name: string): boolean {
  return VARIABLE_NAME.test(name) && name !== '__proto__';
}

/** Longest text an item may allow (the API refuses longer values). */
export const MAX_ITEM_LENGTH = 20000;
export const MAX_PRECISION = 10;

/** Field types that may ask for input assistance (suggestions of earlier values while typing). */
export const INPUT_ASSIST_TYPES: ReadonlySet<string> = new Set(['text', 'textarea']);

export interface ItemSite {
  raw: unknown;
  path: string;
  sectionId: string;
  order: number;
  issues: IssueCollector;
  registry: FormFieldTypeRegistry;
  /** Field types allowed in this compilation (registered and known to the caller). */
  known: readonly string[];
  /** The study's code-list names, when the caller gave them (else `codelisttype` is not checked). */
  codeListNames?: ReadonlySet<string>;
}

/** The compiled item (dependsOn still empty) and its type; null when variable or type are unusable. */
export interface ItemDraft {
  item: CompiledItem;
  def: FormFieldTypeDef;
  formulaReads: readonly string[];
}

/** What a variable field is: its name (valid or not) for duplicate and reference checks. */
export function readVariable(site: ItemSite): string | null {
  if (!isRecord(site.raw)) return null;
  const v = site.raw.variable;
  return typeof v === 'string' ? v : null;
}

/** Checks a default value against its type with a lenient session (unknown numbers allowed, longest texts). */
const DEFAULT_CHECK_CTX: FormContext = {
  textLimit: MAX_ITEM_LENGTH,
  numUnknownAllowed: true,
  today: '2000-01-01',
};

function readRange(s: RawSite, field: 'hardRange' | 'softRange'): CompiledRange | null {
  const v = s.raw[field];
  if (v === undefined || v === null) return null;
  const bad = () => {
    s.issues.add(fieldPath(s.path, field), s.subject, FORM_MSG.badRange, { field });
    return null;
  };
  if (!isRecord(v)) return bad();
  const end = (x: unknown): number | null | undefined => {
    if (x === undefined || x === null) return null;
    return typeof x === 'number' && Number.isFinite(x) ? x : undefined;
  };
  const min = end(v.min);
  const max = end(v.max);
  if (min === undefined || max === undefined || (min === null && max === null)) return bad();
  if (min !== null && max !== null && min > max) {
    s.issues.add(fieldPath(s.path, field), s.subject, FORM_MSG.rangeMinAboveMax, { field, min, max });
    return null;
  }
  return { min, max };
}

export function rangeText(r: CompiledRange): string {
  return `${r.min ?? '…'}–${r.max ?? '…'}`;
}

function softInsideHard(soft: CompiledRange, hard: CompiledRange): boolean {
  const lowOk = hard.min === null || (soft.min !== null && soft.min >= hard.min);
  const highOk = hard.max === null || (soft.max !== null && soft.max <= hard.max);
  return lowOk && highOk;
}

function readOptions(s: RawSite): readonly CodeOption[] | null {
  const list = optionalList(s, 'selector');
  if (list === null) return null;
  const parsed = parseSelector(list);
  if ('badOption' in parsed) {
    s.issues.add(fieldPath(s.path, `selector[${parsed.badOption}]`), s.subject, FORM_MSG.badOption, {
      option: parsed.badOption + 1,
    });
    return null;
  }
  const seen = new Set<string>();
  for (const [i, o] of parsed.options.entries()) {
    if (seen.has(o.value)) {
      s.issues.add(fieldPath(s.path, `selector[${i}]`), s.subject, FORM_MSG.duplicateOptionValue, {
        value: o.value,
      });
    }
    seen.add(o.value);
  }
  return parsed.options;
}

function readInteger(s: RawSite, field: string, min: number, max: number, messageId: string): number | null {
  const v = s.raw[field];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    s.issues.add(fieldPath(s.path, field), s.subject, messageId, { [field]: shown(v) });
    return null;
  }
  return v;
}

function readPattern(s: RawSite): CompiledItem['pattern'] {
  const v = s.raw.pattern;
  if (v === undefined || v === null) return null;
  const path = fieldPath(s.path, 'pattern');
  if (!isRecord(v)) {
    s.issues.add(path, s.subject, FORM_MSG.fieldNotText, { field: 'pattern.regex' });
    return null;
  }
  const inner: RawSite = { ...s, raw: v, path };
  const source = requiredText(inner, 'regex');
  const message = requiredLabel(inner, 'message');
  if (source === null || message === null) return null;
  try {
    return { regex: new RegExp(`^(?:${source})$`), message };
  } catch (e) {
    s.issues.add(fieldPath(path, 'regex'), s.subject, FORM_MSG.badPattern, {
      regex: source,
      error: e instanceof Error ? e.message : String(e),
    });
    return null;
  }
}

/** `coding: { dictionary }` — an object naming one of the coding dictionaries; anything else is an issue. */
function readCoding(s: RawSite): CompiledItem['coding'] {
  const v = s.raw.coding;
  if (v === undefined || v === null) return null;
  const dictionary = isRecord(v) ? v.dictionary : undefined;
  if (typeof dictionary !== 'string' || !(CODING_DICTIONARIES as readonly string[]).includes(dictionary)) {
    s.issues.add(fieldPath(s.path, 'coding'), s.subject, FORM_MSG.badCoding, {
      value: shown(v),
      known: CODING_DICTIONARIES.join(', '),
    });
    return null;
  }
  return { dictionary: dictionary as CodingDictionary };
}

function readLabelFormat(s: RawSite): LabelFormat | undefined {
  const v = s.raw.labelFormat;
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' || !(LABEL_FORMATS as readonly string[]).includes(v)) {
    s.issues.add(fieldPath(s.path, 'labelFormat'), s.subject, FORM_MSG.badLabelFormat, {
      value: shown(v),
      known: LABEL_FORMATS.join(', '),
    });
    return undefined;
  }
  return v === 'html' ? 'html' : undefined;
}

function readDefault(s: RawSite, item: CompiledItem, def: FormFieldTypeDef): FormValue {
  const v = s.raw.default;
  if (v === undefined || v === null) return null;
  const path = fieldPath(s.path, 'default');
  if (def.computed || def.valueKind === 'none') {
    s.issues.add(path, s.subject, FORM_MSG.defaultNotAllowed, { fieldtype: def.name });
    return null;
  }
  const isList = Array.isArray(v) && v.every((x) => typeof x === 'string');
  const rightShape = def.valueKind === 'list' ? isList : typeof v === 'string';
  const value = rightShape ? normaliseValue(v) : null;
  const problems = rightShape && value !== null ? def.checkValue(item, value, DEFAULT_CHECK_CTX) : [];
  if (!rightShape || problems.some((p) => p.level === 'error')) {
    s.issues.add(path, s.subject, FORM_MSG.badDefault, { value: shown(v) });
    return null;
  }
  return value;
}

function readFormula(s: RawSite): { formula: CompiledItem['formula']; reads: string[] } {
  const v = s.raw.formula;
  const path = fieldPath(s.path, 'formula');
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
    s.issues.add(path, s.subject, FORM_MSG.noFormula);
    return { formula: null, reads: [] };
  }
  if (typeof v !== 'string') {
    s.issues.add(path, s.subject, FORM_MSG.fieldNotText, { field: 'formula' });
    return { formula: null, reads: [] };
  }
  const parsed = parseRule(v);
  if (!parsed.ok) {
    s.issues.issues.push(ruleErrorIssue(path, s.subject, parsed.error));
    return { formula: null, reads: [] };
  }
  return { formula: parsed.expr, reads: ruleReads(parsed.expr) };
}

/** Compiles one item; problems become issues. Null when the item cannot be used at all. */
export function compileItem(site: ItemSite): ItemDraft | null {
  const { issues, path } = site;
  if (!isRecord(site.raw)) {
    issues.add(path, null, FORM_MSG.notAnObject);
    return null;
  }
  const raw = site.raw;
  const rawVariable = raw.variable;
  const subject = typeof rawVariable === 'string' ? rawVariable : null;
  const s: RawSite = { raw, path, subject, issues };

  let variable: string | null = null;
  if (rawVariable === undefined || rawVariable === null) {
    issues.add(fieldPath(path, 'variable'), null, FORM_MSG.missingField, { field: 'variable' });
  } else if (typeof rawVariable !== 'string' || !isVariableName(rawVariable)) {
    issues.add(fieldPath(path, 'variable'), subject, FORM_MSG.badVariable, { variable: shown(rawVariable) });
  } else {
    variable = rawVariable;
  }

  const label = requiredLabel(s, 'label');
  const fieldtype = requiredText(s, 'fieldtype');
  let def: FormFieldTypeDef | undefined;
  if (fieldtype !== null) {
    def = site.known.includes(fieldtype) ? site.registry.get(fieldtype) : undefined;
    if (def === undefined) {
      issues.add(fieldPath(path, 'fieldtype'), subject, FORM_MSG.unknownFieldType, {
        fieldtype,
        known: site.known.join(', '),
      });
    }
  }

  const required = optionalBoolean(s, 'required');
  const readonly = optionalBoolean(s, 'readonly');
  const hidden = optionalBoolean(s, 'hidden');
  const partial = optionalBoolean(s, 'partial');
  let inputAssist = optionalBoolean(s, 'inputAssist');
  let coding = readCoding(s);
  const identifier = optionalBoolean(s, 'identifier');
  const labelFormat = readLabelFormat(s);
  const help = optionalLabel(s, 'help');
  const unit = optionalLabel(s, 'unit');
  const text = optionalLabel(s, 'text');
  const options = readOptions(s);
  const codelisttype = optionalText(s, 'codelisttype');
  if (codelisttype !== null && site.codeListNames !== undefined && !site.codeListNames.has(codelisttype)) {
    issues.add(fieldPath(path, 'codelisttype'), subject, FORM_MSG.unknownCodeList, {
      codelisttype,
      known: [...site.codeListNames].join(', '),
    });
  }
  const length = readInteger(s, 'length', 1, MAX_ITEM_LENGTH, FORM_MSG.badLength);
  const precision = readInteger(s, 'precision', 0, MAX_PRECISION, FORM_MSG.badPrecision);
  let hardRange = readRange(s, 'hardRange');
  let softRange = readRange(s, 'softRange');
  const pattern = readPattern(s);

  if (def !== undefined) {
    const noSelector =
      s.raw.selector === undefined ||
      s.raw.selector === null ||
      (Array.isArray(s.raw.selector) && s.raw.selector.length === 0);
    const noCodeList = s.raw.codelisttype === undefined || s.raw.codelisttype === null;
    if (def.needsOptions && noSelector && noCodeList) {
      issues.add(path, subject, FORM_MSG.noOptions, { fieldtype: def.name });
    }
    if (inputAssist && !INPUT_ASSIST_TYPES.has(def.name)) {
      issues.add(fieldPath(path, 'inputAssist'), subject, FORM_MSG.inputAssistNotAllowed, {
        fieldtype: def.name,
      });
      inputAssist = false;
    }
    if (coding !== null && !INPUT_ASSIST_TYPES.has(def.name)) {
      issues.add(fieldPath(path, 'coding'), subject, FORM_MSG.codingNotAllowed, { fieldtype: def.name });
      coding = null;
    }
    if ((hardRange !== null || softRange !== null) && !def.numeric && !def.computed) {
      const field = hardRange !== null ? 'hardRange' : 'softRange';
      issues.add(fieldPath(path, field), subject, FORM_MSG.rangeNotNumeric, { fieldtype: def.name });
      hardRange = null;
      softRange = null;
    }
  }
  if (hardRange !== null && softRange !== null && !softInsideHard(softRange, hardRange)) {
    issues.add(fieldPath(path, 'softRange'), subject, FORM_MSG.softOutsideHard, {
      soft: rangeText(softRange),
      hard: rangeText(hardRange),
    });
  }

  let formula: CompiledItem['formula'] = null;
  let formulaReads: readonly string[] = [];
  if (def?.computed) ({ formula, reads: formulaReads } = readFormula(s));

  if (variable === null || def === undefined || label === null) return null;

  const item: CompiledItem = {
    variable,
    path,
    sectionId: site.sectionId,
    order: site.order,
    label,
    fieldtype: def.name,
    required,
    help,
    unit,
    options,
    codelisttype,
    maxLength: def.textLike ? (length ?? def.defaultMaxLength ?? null) : null,
    precision: def.computed ? (precision ?? 2) : precision,
    hardRange,
    softRange,
    pattern: def.textLike ? pattern : null,
    defaultValue: null as FormValue,
    readonly,
    hidden,
    partial,
    formula,
    text,
    inputAssist,
    coding,
    ...(identifier ? { identifier } : {}),
    ...(labelFormat ? { labelFormat } : {}),
    dependsOn: [],
  };
  return { item: { ...item, defaultValue: readDefault(s, item, def) }, def, formulaReads };
}
