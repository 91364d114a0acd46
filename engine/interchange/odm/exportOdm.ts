/**
 * Study definition → CDISC ODM 1.3.2 `Study/MetaDataVersion` (issue 17, docs/interchange-odm.md).
 * `importOdm(exportOdmMetadata(d))` gives `d` back (the round-trip property, exportOdm.roundTrip.test.ts).
 *
 * What ODM says itself is written the standard way (StudyEventDef, FormDef, ItemGroupDef, ItemDef with Question,
 * RangeCheck, CodeListRef, MeasurementUnitRef; ConditionDef and MethodDef with a FormalExpression in the engine's rule
 * language). What it cannot say (field types beyond its data types, help, hidden, read-only, patterns, the log-line
 * columns, rule kinds) travels in `Alias` elements of context `edcweb:*`, legal on every definition, so the file
 * validates against the official schema without a vendor extension schema.
 */
import type { MetaText } from '../../metadata/types';
import type { RawFormItem, RawFormRule, RawFormSchema, RawRange } from '../../form/types';
import type { StudyCodeList, StudyDefinition, StudyVisit } from '../types';
import { aliasElement } from './aliases';
import { negate } from './expressions';
import { LANG_OF, ODM_NS, OID, RULE_CONTEXT, fieldTypeOf, odmDataType, plainText } from './vocabulary';
import { element, textElement } from './xmlText';

export interface OdmFileInfo {
  /** `ODM/@FileOID`. */
  fileOid: string;
  /** `ODM/@CreationDateTime`, ISO 8601 with offset. */
  creationDateTime: string;
  /** `ODM/@SourceSystem`. */
  sourceSystem: string;
}

/** ODM code list data types; another `dataType` is written as `text` and kept in an alias. */
const CL_DATA_TYPES: ReadonlySet<string> = new Set(['integer', 'float', 'text', 'string']);

/** `<Name><TranslatedText xml:lang="…">…</TranslatedText>…</Name>`: one text without xml:lang for a plain text. */
export function translated(name: string, text: MetaText): string {
  if (typeof text === 'string') return element(name, {}, textElement('TranslatedText', text));
  return element(name, {}, [
    textElement('TranslatedText', text.zh_CN, { 'xml:lang': LANG_OF.zh_CN }),
    textElement('TranslatedText', text.en, { 'xml:lang': LANG_OF.en }),
  ]);
}

/** Measurement units by their symbol (JSON of the MetaText), numbered in order of first use. */
class UnitTable {
  private readonly oids = new Map<string, string>();
  readonly defs: string[] = [];

  oidOf(unit: MetaText): string {
    const key = JSON.stringify(unit);
    let oid = this.oids.get(key);
    if (oid === undefined) {
      oid = OID.unit(this.oids.size + 1);
      this.oids.set(key, oid);
      this.defs.push(
        element('MeasurementUnit', { OID: oid, Name: plainText(unit) || oid }, translated('Symbol', unit)),
      );
    }
    return oid;
  }
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function visitDef(visit: StudyVisit): string {
  const children = [translated('Description', visit.name)];
  let order = 1;
  for (const tid of visit.tids)
    children.push(element('FormRef', { FormOID: OID.form(tid), OrderNumber: order++, Mandatory: 'Yes' }));
  for (const tid of visit.optionalTids)
    children.push(element('FormRef', { FormOID: OID.form(tid), OrderNumber: order++, Mandatory: 'No' }));
  if (visit.kind === 'hidden') children.push(aliasElement('kind', 'hidden'));
  if (visit.day !== null) children.push(aliasElement('day', visit.day));
  return element(
    'StudyEventDef',
    {
      OID: OID.event(visit.visitnum),
      Name: visit.visitnum,
      Repeating: yesNo(visit.kind === 'repeating' || visit.kind === 'unscheduled'),
      Type: visit.kind === 'unscheduled' ? 'Unscheduled' : visit.kind === 'hidden' ? 'Common' : 'Scheduled',
    },
    children,
  );
}

function rangeChecks(range: RawRange | undefined, softHard: 'Soft' | 'Hard'): string[] {
  if (range === undefined) return [];
  const out: string[] = [];
  if (range.min !== undefined)
    out.push(
      element(
        'RangeCheck',
        { Comparator: 'GE', SoftHard: softHard },
        textElement('CheckValue', String(range.min)),
      ),
    );
  if (range.max !== undefined)
    out.push(
      element(
        'RangeCheck',
        { Comparator: 'LE', SoftHard: softHard },
        textElement('CheckValue', String(range.max)),
      ),
    );
  // an empty range object ({}) has no RangeCheck to say it: kept in an alias
  return out;
}

interface ItemContext {
  form: RawFormSchema;
  units: UnitTable;
  codeLists: ReadonlyMap<string, StudyCodeList>;
}

/** Keys of RawFormItem written as aliases when present, as they are. */
const ITEM_ALIAS_KEYS = [
  'default',
  'readonly',
  'hidden',
  'pattern',
  'text',
  'inputAssist',
  'coding',
  'identifier',
] as const;

function itemDataType(item: RawFormItem, codeLists: ReadonlyMap<string, StudyCodeList>): string {
  if (item.codelisttype !== undefined && item.selector === undefined) {
    const listType = codeLists.get(item.codelisttype)?.dataType ?? 'text';
    if (CL_DATA_TYPES.has(listType) && (item.fieldtype === 'select' || item.fieldtype === 'radio'))
      return listType;
    return 'text';
  }
  if (item.selector !== undefined) return 'text';
  return odmDataType(item.fieldtype, item.partial === true);
}

function itemDef(item: RawFormItem, ctx: ItemContext): string {
  const { form } = ctx;
  const dataType = itemDataType(item, ctx.codeLists);
  const hasCodeList = item.codelisttype !== undefined || item.selector !== undefined;
  const computed = item.fieldtype === 'calculated' && item.formula !== undefined;
  const children: string[] = [];
  if (item.help !== undefined) children.push(translated('Description', item.help));
  children.push(translated('Question', item.label));
  if (item.unit !== undefined)
    children.push(element('MeasurementUnitRef', { MeasurementUnitOID: ctx.units.oidOf(item.unit) }));
  children.push(...rangeChecks(item.hardRange, 'Hard'), ...rangeChecks(item.softRange, 'Soft'));
  if (item.selector !== undefined)
    children.push(element('CodeListRef', { CodeListOID: OID.inlineCodeList(form.tid, item.variable) }));
  else if (item.codelisttype !== undefined)
    children.push(element('CodeListRef', { CodeListOID: OID.codeList(item.codelisttype) }));
  // aliases: whatever the standard part above does not give back on import
  if (fieldTypeOf(dataType, hasCodeList, computed) !== item.fieldtype)
    children.push(aliasElement('fieldtype', item.fieldtype));
  if (item.selector !== undefined && item.codelisttype !== undefined)
    children.push(aliasElement('codelisttype', item.codelisttype));
  if (item.required === false) children.push(aliasElement('required', false));
  if (item.partial !== undefined && (item.partial === false || item.fieldtype !== 'date'))
    children.push(aliasElement('partial', item.partial));
  if (item.hardRange !== undefined && item.hardRange.min === undefined && item.hardRange.max === undefined)
    children.push(aliasElement('hardRange', {}));
  if (item.softRange !== undefined && item.softRange.min === undefined && item.softRange.max === undefined)
    children.push(aliasElement('softRange', {}));
  if (item.length !== undefined && item.fieldtype !== 'text' && item.fieldtype !== 'textarea')
    children.push(aliasElement('length', item.length));
  if (item.precision !== undefined && item.fieldtype !== 'decimal' && item.fieldtype !== 'calculated')
    children.push(aliasElement('precision', item.precision));
  if (item.formula !== undefined && item.fieldtype !== 'calculated')
    children.push(aliasElement('formula', item.formula));
  for (const key of ITEM_ALIAS_KEYS) if (item[key] !== undefined) children.push(aliasElement(key, item[key]));
  for (const a of item.aliases ?? []) children.push(element('Alias', { Context: a.context, Name: a.name }));
  return element(
    'ItemDef',
    {
      OID: OID.item(form.tid, item.variable),
      Name: item.variable,
      DataType: dataType,
      Length: item.length !== undefined && item.length > 0 ? item.length : undefined,
      SignificantDigits: item.precision !== undefined && item.precision >= 0 ? item.precision : undefined,
    },
    children,
  );
}

function inlineCodeList(form: RawFormSchema, item: RawFormItem): string {
  const selector = item.selector ?? [];
  return codeListDef(
    { name: item.variable, dataType: 'text', items: selector },
    OID.inlineCodeList(form.tid, item.variable),
    [aliasElement('inline', true)],
  );
}

function codeListDef(list: StudyCodeList, oid: string, extra: string[] = []): string {
  const dataType = CL_DATA_TYPES.has(list.dataType) ? list.dataType : 'text';
  const items =
    list.items.length === 0
      ? [element('ExternalCodeList', { Dictionary: 'EDCWeb', Version: 'empty' })]
      : list.items.map((i) =>
          element('CodeListItem', { CodedValue: i.codevalue }, translated('Decode', i.codedesp)),
        );
  const aliases = dataType === list.dataType ? extra : [...extra, aliasElement('dataType', list.dataType)];
  return element('CodeList', { OID: oid, Name: list.name || oid, DataType: dataType }, [
    ...items,
    ...aliases,
  ]);
}

function ruleDef(form: RawFormSchema, rule: RawFormRule): string {
  const info: Record<string, unknown> = { form: form.tid, kind: rule.kind, target: rule.target };
  if (rule.severity !== undefined) info.severity = rule.severity;
  if (rule.message !== undefined) info.message = rule.message;
  const expr = rule.kind === 'show' ? negate(rule.expr) : rule.expr;
  return element('ConditionDef', { OID: OID.condition(form.tid, rule.id), Name: rule.id }, [
    translated('Description', rule.message ?? `${rule.kind} ${rule.target}`),
    textElement('FormalExpression', expr, { Context: RULE_CONTEXT }),
    aliasElement('rule', info),
  ]);
}

function methodDef(form: RawFormSchema, item: RawFormItem, formula: string): string {
  return element(
    'MethodDef',
    { OID: OID.method(form.tid, item.variable), Name: item.variable, Type: 'Computation' },
    [
      translated('Description', item.label),
      textElement('FormalExpression', formula, { Context: RULE_CONTEXT }),
    ],
  );
}

interface FormParts {
  formDef: string;
  groupDefs: string[];
  itemDefs: string[];
  codeLists: string[];
  conditions: string[];
  methods: string[];
}

function formParts(
  form: RawFormSchema,
  units: UnitTable,
  codeLists: ReadonlyMap<string, StudyCodeList>,
): FormParts {
  const ctx: ItemContext = { form, units, codeLists };
  const rules = form.rules ?? [];
  const showOf = new Map<string, string>();
  for (const rule of rules)
    if (rule.kind === 'show' && !showOf.has(rule.target)) showOf.set(rule.target, rule.id);
  const parts: FormParts = {
    formDef: '',
    groupDefs: [],
    itemDefs: [],
    codeLists: [],
    conditions: [],
    methods: [],
  };
  const groupRefs: string[] = [];
  const repeating = form.logline === true;
  for (const [si, section] of form.sections.entries()) {
    const groupOid = OID.group(form.tid, section.id);
    groupRefs.push(
      element('ItemGroupRef', { ItemGroupOID: groupOid, OrderNumber: si + 1, Mandatory: 'Yes' }),
    );
    const itemRefs = section.items.map((item, ii) => {
      const show = showOf.get(item.variable);
      const computed = item.fieldtype === 'calculated' && item.formula !== undefined;
      return element('ItemRef', {
        ItemOID: OID.item(form.tid, item.variable),
        OrderNumber: ii + 1,
        Mandatory: yesNo(item.required === true),
        CollectionExceptionConditionOID: show === undefined ? undefined : OID.condition(form.tid, show),
        MethodOID: computed ? OID.method(form.tid, item.variable) : undefined,
      });
    });
    parts.groupDefs.push(
      element('ItemGroupDef', { OID: groupOid, Name: section.id || groupOid, Repeating: yesNo(repeating) }, [
        translated('Description', section.title),
        ...itemRefs,
        ...(section.id === '' ? [aliasElement('sectionId', '')] : []),
      ]),
    );
    for (const item of section.items) {
      parts.itemDefs.push(itemDef(item, ctx));
      if (item.selector !== undefined) parts.codeLists.push(inlineCodeList(form, item));
      if (item.fieldtype === 'calculated' && item.formula !== undefined)
        parts.methods.push(methodDef(form, item, item.formula));
    }
  }
  parts.conditions = rules.map((rule) => ruleDef(form, rule));
  const aliases: string[] = [];
  if (form.formid !== form.tid) aliases.push(aliasElement('formid', form.formid));
  if (form.reftype !== undefined) aliases.push(aliasElement('reftype', form.reftype));
  if (form.logline === false) aliases.push(aliasElement('logline', false));
  if (form.columns !== undefined) aliases.push(aliasElement('columns', form.columns));
  else if (form.logline === true) aliases.push(aliasElement('columns', null));
  if (form.rules !== undefined && form.rules.length === 0) aliases.push(aliasElement('rules', []));
  if (form.version !== 1) aliases.push(aliasElement('version', form.version));
  parts.formDef = element(
    'FormDef',
    { OID: OID.form(form.tid), Name: form.formid || form.tid, Repeating: 'No' },
    [translated('Description', form.name), ...groupRefs, ...aliases],
  );
  return parts;
}

/** ODM 1.3.2 metadata of the definition: one Study with its MetaDataVersion. */
export function exportOdmMetadata(definition: StudyDefinition, file: OdmFileInfo): string {
  const units = new UnitTable();
  const lists = new Map(definition.codeLists.map((l) => [l.name, l]));
  const forms = definition.forms.map((form) => formParts(form, units, lists));
  const protocolAliases: string[] = [];
  if (typeof definition.name !== 'string' || definition.name === '')
    protocolAliases.push(aliasElement('name', definition.name));
  if (
    definition.description !== null &&
    (typeof definition.description !== 'string' || definition.description === '')
  )
    protocolAliases.push(aliasElement('description', definition.description));
  const protocol = element('Protocol', {}, [
    ...definition.visits.map((v, i) =>
      element('StudyEventRef', {
        StudyEventOID: OID.event(v.visitnum),
        OrderNumber: i + 1,
        Mandatory: yesNo(v.kind === 'scheduled' || v.kind === 'repeating'),
      }),
    ),
    ...protocolAliases,
  ]);
  const mdv = element('MetaDataVersion', { OID: definition.version, Name: definition.version }, [
    '\n',
    protocol,
    '\n',
    ...definition.visits.map((v) => visitDef(v) + '\n'),
    ...forms.map((f) => f.formDef + '\n'),
    ...forms.flatMap((f) => f.groupDefs).map((x) => x + '\n'),
    ...forms.flatMap((f) => f.itemDefs).map((x) => x + '\n'),
    ...definition.codeLists.map((l) => codeListDef(l, OID.codeList(l.name)) + '\n'),
    ...forms.flatMap((f) => f.codeLists).map((x) => x + '\n'),
    ...forms.flatMap((f) => f.conditions).map((x) => x + '\n'),
    ...forms.flatMap((f) => f.methods).map((x) => x + '\n'),
  ]);
  const globals = element('GlobalVariables', {}, [
    textElement('StudyName', plainText(definition.name)),
    textElement('StudyDescription', definition.description === null ? '' : plainText(definition.description)),
    textElement('ProtocolName', definition.studycode),
  ]);
  const basic = units.defs.length > 0 ? element('BasicDefinitions', {}, units.defs) + '\n' : '';
  const study = element('Study', { OID: definition.studycode }, ['\n', globals, '\n', basic, mdv, '\n']);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    element(
      'ODM',
      {
        xmlns: ODM_NS,
        ODMVersion: '1.3.2',
        FileType: 'Snapshot',
        Granularity: 'Metadata',
        FileOID: file.fileOid,
        CreationDateTime: file.creationDateTime,
        SourceSystem: file.sourceSystem,
      },
      ['\n', study, '\n'],
    ) +
    '\n'
  );
}
