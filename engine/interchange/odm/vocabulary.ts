/**
 * The fixed words of this product's ODM files (docs/interchange-odm.md): OID prefixes, the FormalExpression context
 * of the engine's rule language, the `Alias` contexts that carry what ODM 1.3.2 cannot say, and the ODM ↔ field type
 * tables. Shared by the exporter and the importer so that the round trip holds by construction.
 */
import type { MetaText } from '../../metadata/types';

export const ODM_NS = 'http://www.cdisc.org/ns/odm/v1.3';

/** FormalExpression `Context` of expressions written in the engine's rule language (docs/rule-language.md). */
export const RULE_CONTEXT = 'EDCWeb-Rule';

/**
 * Product-specific facts travel as `<Alias Context="edcweb:<key>" Name="<value>"/>`: Alias is allowed on every
 * definition this exporter writes and needs no vendor schema, so the file validates against the plain ODM 1.3.2
 * schema (namespaced attributes would need a redefining extension schema). Other tools keep or ignore them.
 */
export const ALIAS_PREFIX = 'edcweb:';

/** OID prefixes: `SE.V1`, `F.VS`, `IG.VS.vs_bp`, `I.VS.SYSBP`, `CL.SEX`, `CL.VS.VSPOS`, `MU.1`, `C.VS.r1`, `M.VS.BMI`. */
export const OID = {
  event: (visitnum: string) => `SE.${visitnum}`,
  form: (tid: string) => `F.${tid}`,
  group: (tid: string, sectionId: string) => `IG.${tid}.${sectionId}`,
  item: (tid: string, variable: string) => `I.${tid}.${variable}`,
  codeList: (name: string) => `CL.${name}`,
  inlineCodeList: (tid: string, variable: string) => `CL.${tid}.${variable}`,
  unit: (n: number) => `MU.${n}`,
  condition: (tid: string, ruleId: string) => `C.${tid}.${ruleId}`,
  method: (tid: string, variable: string) => `M.${tid}.${variable}`,
  signature: (meaning: string) => `SD.${oidSafe(meaning)}`,
  user: (id: string) => `U.${id}`,
  location: (id: string) => `L.${id}`,
} as const;

/** Removes a known prefix (`F.`, `SE.` …) from an OID: `F.VS` → `VS`; an OID without it stays. */
export function stripPrefix(oid: string, prefix: string): string {
  return oid.startsWith(prefix) && oid.length > prefix.length ? oid.slice(prefix.length) : oid;
}

/** Removes the first of the prefixes the OID has (`F.` before `F_`): `F.F_0` → `F_0`, `F_DEMOG` → `DEMOG`. */
export function stripFirst(oid: string, prefixes: readonly string[]): string {
  const prefix = prefixes.find((p) => oid.startsWith(p) && oid.length > p.length);
  return prefix === undefined ? oid : oid.slice(prefix.length);
}

/** Anything → OID-safe text (letters, digits, `_`, `-`, `.`). */
export function oidSafe(text: string): string {
  const safe = text.replace(/[^A-Za-z0-9_.-]/g, '_');
  return safe === '' ? '_' : safe;
}

/** A variable name the form schema accepts (`[A-Za-z_][A-Za-z0-9_]*`, ≤ 64) made from any ODM name or OID. */
export function toVariable(text: string): string {
  let name = text.replace(/[^A-Za-z0-9_]/g, '_');
  if (!/^[A-Za-z_]/.test(name)) name = `_${name}`;
  return name.slice(0, 64);
}

/** ODM `DataType` of an item by field type (choice items take their code list's type). */
export function odmDataType(fieldtype: string, partial: boolean): string {
  switch (fieldtype) {
    case 'integer':
      return 'integer';
    case 'decimal':
    case 'calculated':
      return 'float';
    case 'date':
      return partial ? 'partialDate' : 'date';
    case 'time':
      return 'time';
    case 'datetime':
      return 'datetime';
    case 'file':
    case 'image':
      return 'URI';
    default:
      return 'text';
  }
}

/**
 * The field type an item gets from ODM alone: a computed item is `calculated`, an item with a code list a `select`,
 * otherwise by `DataType`. Null: a DataType without an equivalent (read as text, reported).
 */
export function fieldTypeOf(dataType: string, hasCodeList: boolean, computed: boolean): string | null {
  if (computed) return 'calculated';
  if (hasCodeList) return 'select';
  switch (dataType) {
    case 'text':
    case 'string':
      return 'text';
    case 'integer':
      return 'integer';
    case 'float':
    case 'double':
      return 'decimal';
    case 'date':
    case 'partialDate':
    case 'incompleteDate':
      return 'date';
    case 'time':
    case 'partialTime':
    case 'incompleteTime':
      return 'time';
    case 'datetime':
    case 'partialDatetime':
    case 'incompleteDatetime':
      return 'datetime';
    case 'URI':
      return 'file';
    case 'boolean':
      return 'radio';
    default:
      return null;
  }
}

export const PARTIAL_DATA_TYPES: ReadonlySet<string> = new Set(['partialDate', 'incompleteDate']);

/** `xml:lang` of each locale, and the locale of an `xml:lang` (null: another language). */
export const LANG_OF = { zh_CN: 'zh-CN', en: 'en' } as const;
export function localeOfLang(lang: string): 'zh_CN' | 'en' | null {
  const l = lang.toLowerCase().replace('_', '-');
  if (l === 'zh' || l.startsWith('zh-')) return 'zh_CN';
  if (l === 'en' || l.startsWith('en-')) return 'en';
  return null;
}

/** A label as one plain text (ODM attributes that take no TranslatedText): English, else the text itself. */
export function plainText(text: MetaText): string {
  return typeof text === 'string' ? text : text.en || text.zh_CN;
}
