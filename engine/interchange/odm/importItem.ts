/**
 * One ODM `ItemRef` + `ItemDef` → one form item (RawFormItem), with what must wait until the whole form is read
 * (expressions, which may name later items). Vendor attributes read here: REDCap (`redcap:FieldType`, `Variable`,
 * `FieldNote`, `FieldAnnotation`, `BranchingLogic`, `Calculation`, `RequiredField`, `SectionHeader`) and OpenClinica
 * (`OpenClinica:ItemDetails/ItemPresentInForm`: `ItemResponse/@ResponseType`, `@ShowItem`, `SectionLabel`,
 * `LeftItemText`).
 */
import type { MetaText } from '../../metadata/types';
import type { RawFormItem } from '../../form/types';
import type { ItemReadContext, PendingExpression, ReadCodeList, ReadItem } from './importContext';
import { readRanges } from './importRanges';
import { ODM_ISSUE, defPath } from './issues';
import { childOf, childrenOf, type XmlElement } from './parseXml';
import { firstFormalExpression, foreignAliases, metaTextOf, productAliases } from './readDefs';
import { PARTIAL_DATA_TYPES, fieldTypeOf, stripPrefix } from './vocabulary';

const YES_NO: { codevalue: string; codedesp: MetaText }[] = [
  { codevalue: '1', codedesp: { zh_CN: '是', en: 'Yes' } },
  { codevalue: '0', codedesp: { zh_CN: '否', en: 'No' } },
];

const REDCAP_TYPES: Readonly<Record<string, string>> = {
  text: 'text',
  notes: 'textarea',
  // REDCap's ODM export writes a notes field as `textarea`
  textarea: 'textarea',
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

/** OpenClinica's presentation of the item in this form. */
function ocPresentation(def: XmlElement, formOid: string): XmlElement | undefined {
  const details = childOf(def, 'ItemDetails');
  if (details === undefined) return undefined;
  const all = childrenOf(details, 'ItemPresentInForm');
  return all.find((p) => p.attrs.FormOID === formOid) ?? all[0];
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
    } else if (
      (t === 'select' || t === 'radio') &&
      codeList === undefined &&
      redcapType !== 'yesno' &&
      redcapType !== 'truefalse'
    ) {
      // a choice field whose choices are not in the file (REDCap's `sql`: a query on its server): a text field
      ctx.issues.add('warning', at, ODM_ISSUE.vendorFieldType, { fieldType: redcapType, as: fieldtype });
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
  readRanges(def, item, at, ctx.issues, pending);
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
    'identifier',
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
