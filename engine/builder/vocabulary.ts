/**
 * What an editor can complete while a builder writes a schema: field types, code-list names, rule kinds and
 * severities, the variables of the schema being edited (read leniently: the schema need not compile), and — inside a
 * rule — functions and keywords. Also the study's code lists in the engine's shape from their wire form.
 */
import { RULE_KINDS } from '../form/compile/compileRules';
import { FORM_FIELD_TYPES, type CodeListCatalog } from '../form/types';
import { parseSelector } from '../metadata/codeOptions';
import { isRecord } from '../metadata/issues';
import type { CodeOption } from '../metadata/types';
import { RULE_FUNCTIONS } from '../rules/index';

export interface BuilderVocabulary {
  fieldTypes: readonly string[];
  codeLists: readonly string[];
  ruleKinds: readonly string[];
  severities: readonly string[];
  /** Variables named by the schema's items, in document order, each once. */
  variables: readonly string[];
  /** Rule functions (lower case) with their argument counts. */
  functions: readonly { name: string; minArgs: number; maxArgs: number }[];
  /** Rule keywords. */
  keywords: readonly string[];
}

/** The vocabulary of a (possibly broken) raw schema. */
export function builderVocabulary(
  raw: unknown,
  options: { fieldTypes?: readonly string[]; codeLists?: CodeListCatalog } = {},
): BuilderVocabulary {
  const variables: string[] = [];
  const sections = isRecord(raw) && Array.isArray(raw.sections) ? raw.sections : [];
  for (const section of sections) {
    if (!isRecord(section) || !Array.isArray(section.items)) continue;
    for (const item of section.items) {
      if (
        isRecord(item) &&
        typeof item.variable === 'string' &&
        item.variable !== '' &&
        !variables.includes(item.variable)
      ) {
        variables.push(item.variable);
      }
    }
  }
  return {
    fieldTypes: options.fieldTypes ?? FORM_FIELD_TYPES,
    codeLists: Object.keys(options.codeLists ?? {}),
    ruleKinds: RULE_KINDS,
    severities: ['hard', 'soft'],
    variables,
    functions: Object.entries(RULE_FUNCTIONS).map(([name, fn]) => ({
      name,
      minArgs: fn.minArgs,
      maxArgs: fn.maxArgs,
    })),
    keywords: ['and', 'or', 'not', 'true', 'false', 'null'],
  };
}

/**
 * Code lists as the code-list endpoint sends them (`{ SEX: [{ codevalue, codedesp }] }`) → a CodeListCatalog for
 * compileForm's `codeLists`; a list whose options cannot be read keeps its name (options null).
 */
export function codeListCatalog(wire: Readonly<Record<string, readonly unknown[] | null>>): CodeListCatalog {
  const catalog: Record<string, readonly CodeOption[] | null> = {};
  for (const [name, list] of Object.entries(wire)) {
    const parsed = Array.isArray(list) ? parseSelector(list) : null;
    catalog[name] = parsed !== null && 'options' in parsed ? parsed.options : null;
  }
  return catalog;
}
