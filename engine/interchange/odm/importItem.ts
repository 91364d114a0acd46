/**
 * One ODM `ItemRef` + `ItemDef` → one form item (RawFormItem), with what must wait until the whole form is read
 * (expressions, which may name later items). Vendor attributes read here: REDCap (`redcap:FieldType`, `Variable`,
 * `FieldNote`, `FieldAnnotation`, `BranchingLogic`, `Calculation`, `RequiredField`, `SectionHeader`) and OpenClinica
 * (`OpenClinica:ItemDetails/ItemPresentInForm`: `ItemResponse/@ResponseType`, `@ShowItem`, `SectionLabel`,
 * `LeftItemText`).
 */
import type { MetaText } from '../../metadata/types';
import type { RawFormItem, RawRange, Severity } from '../../form/types';
import type { StudyCodeListItem } from '../types';
import { ODM_ISSUE, defPath, type OdmIssues } from './issues';
import { childOf, childrenOf, type XmlElement } from './parseXml';
import { firstFormalExpression, foreignAliases, metaTextOf, productAliases } from './readDefs';
import { PARTIAL_DATA_TYPES, fieldTypeOf, stripPrefix } from './vocabulary';

export interface ReadCodeList {
  oid: string;
  name: string;
  /** An item's own options (`edcweb:inline`), not a study code list. */
  inline: boolean;
  /** ODM DataType (or the `edcweb:dataType` alias). */
  dataType: string;
  items: StudyCodeListItem[];
  /** REDCap: `redcap:CheckboxChoices` (`1, Fever | 2, Cough`). */
  checkboxChoices: string | undefined;
}

/** An expression to translate once every item of the form is known. */
export interface PendingExpression {
  kind: 'formula' | 'show' | 'check' | 'redcapShow' | 'redcapCalc';
  target: string;
  text: string;
  context: string | undefined;
  at: string;
  severity?: Severity;
  message?: MetaText;
  /** The ODM OID of the definition (rule id from it). */
  oid?: string;
}

export interface ItemReadContext {
  formOid: string;
  groupOid: string;
  itemDefs: ReadonlyMap<string, XmlElement>;
  codeLists: ReadonlyMap<string, ReadCodeList>;
  units: ReadonlyMap<string, MetaText>;
  methods: ReadonlyMap<string, XmlElement>;
  issues: OdmIssues;
}

export interface ReadItem {
  item: RawFormItem;
  oid: string;
  /** REDCap `redcap:Variable` or the ODM Name, for expressions naming the item. */
  names: string[];
  pending: PendingExpression[];
  /** REDCap section header / OpenClinica section label starting a new section at this item. */
  sectionStart: { key: string; title: MetaText } | null;
  /** REDCap checkbox choice items (`var___code`): the variable they belong to and the code. */
  redcapCheckbox: { variable: string; code: string } | null;
}

const YES_NO: { codevalue: string; codedesp: MetaText }[] = [
  { codevalue: '1', codedesp: { zh_CN: '是', en: 'Yes' } },
  { codevalue: '0', codedesp: { zh_CN: '否', en: 'No' } },
];

const REDCAP_TYPES: Readonly<Record<string, string>> = {
  text: 'text',
  notes: 'textarea',
  radio: 'radio',
  select: 'select',
  dropdown: 'select',
  yesno: 'radio',
  truefalse: 'radio',
  checkbox: 'checkbox',
  calc: 'calculated',
  descriptive: 'static',
  file: 'file',
  slider: 'integer',
  sql: 'select',
};

const OC_TYPES: Readonly<Record<string, string>> = {
  text: 'text',
  textarea: 'textarea',
  'single-select': 'select',
  radio: 'radio',
  'multi-select': 'mselect',
  checkbox: 'checkbox',
  file: 'file',
  calculation: 'calculated',
  'group-calculation': 'calculated',
};

function numberOf(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

function quoteRule(value: string, numeric: boolean): string {
  if (numeric && numberOf(value) !== null) return String(Number(value));
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** OpenClinica's presentation of the item in this form. */
function ocPresentation(def: XmlElement, formOid: string): XmlElement | undefined {
  const details = childOf(def, 'ItemDetails');
  if (details === undefined) return undefined;
  const all = childrenOf(details, 'ItemPresentInForm');
  return all.find((p) => p.attrs.FormOID === formOid) ?? all[0];
}

function readRanges(
  def: XmlElement,
  item: RawFormItem,
  at: string,
  ctx: ItemReadContext,
  pending: PendingExpression[],
): void {
  const numeric =
    item.fieldtype === 'integer' || item.fieldtype === 'decimal' || item.fieldtype === 'calculated';
  const hard: RawRange = {};
  const soft: RawRange = {};
  let n = 0;
  for (const rc of childrenOf(def, 'RangeCheck')) {
    n += 1;
    const rcAt = `${at}/RangeCheck[${n}]`;
    const severity: Severity = rc.attrs.SoftHard === 'Soft' ? 'soft' : 'hard';
    const range = severity === 'soft' ? soft : hard;
    const message = metaTextOf(childOf(rc, 'ErrorMessage')) ?? undefined;
    const expr = firstFormalExpression(rc);
    if (expr !== null) {
      pending.push({
        kind: 'check',
        target: item.variable,
        text: expr.text,
        context: expr.context,
        at: rcAt,
        severity,
        ...(message ? { message } : {}),
      });
      continue;
    }
    const comparator = rc.attrs.Comparator ?? '';
    const values = childrenOf(rc, 'CheckValue').map((c) => c.text);
    const first = values[0];
    if (['GE', 'LE', 'GT', 'LT'].includes(comparator) && numeric) {
      const value = numberOf(first);
      if (value === null) {
        ctx.issues.add('warning', rcAt, ODM_ISSUE.badCheckValue, { value: first ?? '' });
        continue;
      }
      let bound = value;
      if (comparator === 'GT' || comparator === 'LT') {
        const step = comparator === 'GT' ? 1 : -1;
        if (item.fieldtype === 'integer' && Number.isInteger(value)) bound = value + step;
        else ctx.issues.add('info', rcAt, ODM_ISSUE.strictBound, { comparator, value });
      }
      if (comparator === 'GE' || comparator === 'GT') range.min = bound;
      else range.max = bound;
      continue;
    }
    // EQ NE IN NOTIN (and bounds on non-numeric items, dates…): a check rule
    const ref = `[${item.variable}]`;
    const quoted = values.map((v) => quoteRule(v, numeric));
    const op: Readonly<Record<string, string>> = { GE: '>=', LE: '<=', GT: '>', LT: '<', EQ: '=', NE: '!=' };
    let rule: string | null = null;
    if (op[comparator] !== undefined && quoted[0] !== undefined)
      rule = `${ref} ${op[comparator]} ${quoted[0]}`;
    else if ((comparator === 'IN' || comparator === 'NOTIN' || comparator === 'NIN') && quoted.length > 0) {
      const any = quoted.map((q) => `${ref} = ${q}`).join(' or ');
      rule = comparator === 'IN' ? `(${any})` : `not (${any})`;
    }
    if (rule === null) {
      ctx.issues.add('warning', rcAt, ODM_ISSUE.expressionNotTranslated, {
        context: comparator,
        expression: values.join(' '),
      });
      continue;
    }
    ctx.issues.add('info', rcAt, ODM_ISSUE.rangeCheckAsRule, { comparator });
    pending.push({
      kind: 'check',
      target: item.variable,
      text: rule,
      context: 'EDCWeb-Rule',
      at: rcAt,
      severity,
      ...(message ? { message } : {}),
    });
  }
  if (hard.min !== undefined || hard.max !== undefined) item.hardRange = hard;
  if (soft.min !== undefined || soft.max !== undefined) item.softRange = soft;
}

/** Reads REDCap's action tags that the form can carry (`@HIDDEN`, `@READONLY`, `@CHARLIMIT=n`, `@DEFAULT="x"`). */
function redcapAnnotation(item: RawFormItem, annotation: string | undefined): void {
  if (annotation === undefined) return;
  if (/@HIDDEN(?![-\w])/.test(annotation)) item.hidden = true;
  if (/@READONLY(?![-\w])/.test(annotation)) item.readonly = true;
  const limit = /@CHARLIMIT\s*=\s*['"]?(\d+)/.exec(annotation);
  if (limit?.[1] !== undefined) item.length = Number(limit[1]);
  const dflt = /@DEFAULT\s*=\s*(?:'([^']*)'|"([^"]*)")/.exec(annotation);
  if (dflt !== null) item.default = dflt[1] ?? dflt[2] ?? '';
}

export function readItem(ref: XmlElement, variable: string, ctx: ItemReadContext): ReadItem | null {
  const oid = ref.attrs.ItemOID ?? '';
  const def = ctx.itemDefs.get(oid);
  const at = defPath('ItemDef', oid);
  if (def === undefined) {
    ctx.issues.add(
      'error',
      `${defPath('ItemGroupDef', ctx.groupOid)}/ItemRef[@ItemOID="${oid}"]`,
      ODM_ISSUE.missingDef,
      { kind: 'ItemDef', oid },
    );
    return null;
  }
  const aliases = productAliases(def, at, ctx.issues);
  const pending: PendingExpression[] = [];
  const dataType = def.attrs.DataType ?? 'text';
  const question = metaTextOf(childOf(def, 'Question'));
  const description = metaTextOf(childOf(def, 'Description'));
  const oc = ocPresentation(def, ctx.formOid);
  const ocLabel = oc === undefined ? undefined : childOf(oc, 'LeftItemText')?.text;
  const label: MetaText = question ?? description ?? (ocLabel || undefined) ?? def.attrs.Name ?? oid;

  // code list
  const clRef = childOf(def, 'CodeListRef');
  let codeList: ReadCodeList | undefined;
  if (clRef !== undefined) {
    const clOid = clRef.attrs.CodeListOID ?? '';
    codeList = ctx.codeLists.get(clOid);
    if (codeList === undefined)
      ctx.issues.add('error', `${at}/CodeListRef`, ODM_ISSUE.missingDef, { kind: 'CodeList', oid: clOid });
  }
  // computation
  const methodOid = ref.attrs.MethodOID;
  const method = methodOid === undefined ? undefined : ctx.methods.get(methodOid);
  if (methodOid !== undefined && method === undefined)
    ctx.issues.add('error', `${at}`, ODM_ISSUE.missingDef, { kind: 'MethodDef', oid: methodOid });
  const redcapType = def.attrs['redcap:FieldType'];
  const redcapCalc = def.attrs['redcap:Calculation'];

  let fieldtype = fieldTypeOf(dataType, codeList !== undefined, method !== undefined);
  if (fieldtype === null) {
    ctx.issues.add('warning', at, ODM_ISSUE.unsupportedDataType, { dataType });
    fieldtype = 'text';
  }
  let selector: RawFormItem['selector'];
  let sliderRange = false;
  if (dataType === 'boolean' && codeList === undefined && redcapType === undefined) {
    ctx.issues.add('info', at, ODM_ISSUE.booleanAsRadio, {});
    selector = YES_NO;
  }
  const ocType = oc === undefined ? undefined : childOf(oc, 'ItemResponse')?.attrs.ResponseType;
  if (ocType !== undefined && OC_TYPES[ocType] !== undefined) {
    const t = OC_TYPES[ocType];
    if (t === 'calculated' && method === undefined)
      ctx.issues.add('info', at, ODM_ISSUE.vendorFieldType, { fieldType: ocType, as: fieldtype });
    else if (t !== 'text' || fieldtype === 'text') fieldtype = t;
  }
  if (redcapType !== undefined) {
    const t = REDCAP_TYPES[redcapType];
    if (t === undefined)
      ctx.issues.add('warning', at, ODM_ISSUE.vendorFieldType, { fieldType: redcapType, as: fieldtype });
    else if (t === 'calculated' && method === undefined && redcapCalc === undefined)
      ctx.issues.add('info', at, ODM_ISSUE.vendorFieldType, { fieldType: redcapType, as: fieldtype });
    else if (t === 'text' && fieldtype !== 'text') {
      /* a validated REDCap text field: its DataType says more */
    } else {
      if (redcapType === 'slider') {
        ctx.issues.add('info', at, ODM_ISSUE.vendorFieldType, { fieldType: redcapType, as: t });
        sliderRange = true;
      }
      if (
        redcapType === 'checkbox' ||
        ((redcapType === 'yesno' || redcapType === 'truefalse') && codeList === undefined)
      ) {
        // yesno without code list: REDCap's codes
        if (redcapType !== 'checkbox')
          selector =
            redcapType === 'yesno'
              ? YES_NO
              : [
                  { codevalue: '1', codedesp: { zh_CN: '正确', en: 'True' } },
                  { codevalue: '0', codedesp: { zh_CN: '错误', en: 'False' } },
                ];
      }
      fieldtype = t;
    }
  }
  const aliasType = aliases.get('fieldtype');
  if (typeof aliasType === 'string') fieldtype = aliasType;

  const item: RawFormItem = { variable, label, fieldtype };
  if (question !== null && description !== null) item.help = description;
  const fieldNote = def.attrs['redcap:FieldNote'];
  if (fieldNote !== undefined && fieldNote !== '' && item.help === undefined) item.help = fieldNote;
  if (ref.attrs.Mandatory === 'Yes' || def.attrs['redcap:RequiredField'] === 'y') item.required = true;
  const unitRef = childOf(def, 'MeasurementUnitRef');
  if (unitRef !== undefined) {
    const unitOid = unitRef.attrs.MeasurementUnitOID ?? '';
    const unit = ctx.units.get(unitOid);
    if (unit === undefined)
      ctx.issues.add('error', `${at}/MeasurementUnitRef`, ODM_ISSUE.missingDef, {
        kind: 'MeasurementUnit',
        oid: unitOid,
      });
    else item.unit = unit;
  }
  if (codeList !== undefined && redcapType !== 'checkbox') {
    if (codeList.inline) item.selector = codeList.items;
    else item.codelisttype = codeList.name;
  } else if (selector !== undefined && (fieldtype === 'radio' || fieldtype === 'select'))
    item.selector = selector;
  // REDCap writes Length="999" for "no limit"
  const length =
    def.attrs['redcap:Variable'] !== undefined && def.attrs.Length === '999' ? NaN : Number(def.attrs.Length);
  if ((fieldtype === 'text' || fieldtype === 'textarea') && Number.isInteger(length) && length > 0)
    item.length = length;
  const digits = Number(def.attrs.SignificantDigits);
  if (
    (fieldtype === 'decimal' || fieldtype === 'calculated') &&
    def.attrs.SignificantDigits !== undefined &&
    Number.isInteger(digits)
  )
    item.precision = digits;
  if (fieldtype === 'date' && PARTIAL_DATA_TYPES.has(dataType)) item.partial = true;
  readRanges(def, item, at, ctx, pending);
  if (sliderRange && item.hardRange === undefined) item.hardRange = { min: 0, max: 100 }; // REDCap's slider scale
  if (method !== undefined) {
    const expr = firstFormalExpression(method);
    if (expr !== null)
      pending.push({
        kind: 'formula',
        target: variable,
        text: expr.text,
        context: expr.context,
        at: defPath('MethodDef', methodOid ?? ''),
      });
  } else if (redcapCalc !== undefined && fieldtype === 'calculated') {
    pending.push({
      kind: 'redcapCalc',
      target: variable,
      text: redcapCalc,
      context: 'REDCap',
      at: `${at}/@redcap:Calculation`,
    });
  }
  const branching = def.attrs['redcap:BranchingLogic'];
  if (branching !== undefined && branching.trim() !== '')
    pending.push({
      kind: 'redcapShow',
      target: variable,
      text: branching,
      context: 'REDCap',
      at: `${at}/@redcap:BranchingLogic`,
    });
  redcapAnnotation(item, def.attrs['redcap:FieldAnnotation']);
  if (oc?.attrs.ShowItem === 'No') item.hidden = true;
  if (redcapType === 'descriptive') item.text = label;
  if (
    fieldtype === 'calculated' &&
    method === undefined &&
    redcapCalc === undefined &&
    !aliases.has('fieldtype')
  ) {
    // a computed type whose computation is not in the file: entered as a number instead
    item.fieldtype = 'decimal';
  }

  // this product's aliases: exactly what the export could not say the standard way
  for (const key of [
    'default',
    'readonly',
    'hidden',
    'pattern',
    'text',
    'inputAssist',
    'coding',
    'required',
    'partial',
    'length',
    'precision',
    'formula',
    'codelisttype',
    'hardRange',
    'softRange',
  ] as const) {
    if (aliases.has(key)) (item as unknown as Record<string, unknown>)[key] = aliases.get(key);
  }
  const kept = foreignAliases(def);
  if (kept.length > 0) item.aliases = kept;

  const names = [def.attrs.Name, def.attrs['redcap:Variable'], oid].filter(
    (n): n is string => n !== undefined && n !== '',
  );
  const ocSection = oc === undefined ? undefined : childOf(oc, 'SectionLabel')?.text;
  const header = def.attrs['redcap:SectionHeader'];
  const sectionStart =
    header !== undefined && header.trim() !== ''
      ? { key: header, title: header }
      : ocSection !== undefined && ocSection !== ''
        ? { key: ocSection, title: ocSection }
        : null;
  const rcVar = def.attrs['redcap:Variable'];
  const cb =
    redcapType === 'checkbox' && rcVar !== undefined ? /___(.+)$/.exec(stripPrefix(oid, rcVar)) : null;
  return {
    item,
    oid,
    names,
    pending,
    sectionStart,
    redcapCheckbox: cb?.[1] === undefined || rcVar === undefined ? null : { variable: rcVar, code: cb[1] },
  };
}
