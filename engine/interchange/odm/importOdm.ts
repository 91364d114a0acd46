/**
 * CDISC ODM 1.3.2 study metadata → study definition (issue 17, docs/interchange-odm.md). The contract is the
 * `StudyImporter` of ../types.ts. The reader never throws: a file it cannot read gives `definition: null` and an
 * error issue naming why; everything it reads with a loss is an issue with the element's XPath-like address.
 *
 * Mapping in short: `StudyEventDef` → visits (Protocol order), `FormDef` → forms (tid = OID without `F.`/`F_`),
 * `ItemGroupDef` → sections (`Repeating="Yes"` → log-line form), `ItemRef` + `ItemDef` → items, `CodeList` → code
 * lists, `MeasurementUnit` → units, `ConditionDef` (collection exception) → show rules, `MethodDef` → formulas,
 * `RangeCheck` → ranges or check rules; this product's `edcweb:` aliases give back what ODM cannot say.
 */
import type { MetaText } from '../../metadata/types';
import type { RawFormSchema } from '../../form/types';
import type { ImportResult, StudyCodeList, StudyDefinition, StudyImporter } from '../types';
import type { FormReadContext, OdmImportOptions, ReadCodeList } from './importContext';

import { readForm } from './importForm';
import { readVisits } from './importVisits';
import { MDV_PATH, ODM_ISSUE, OdmIssues, defPath } from './issues';
import { childOf, childrenOf, parseXml, type XmlElement } from './parseXml';
import { indexByOid, metaTextOf, productAliases } from './readDefs';
import { stripFirst } from './vocabulary';
import { translateRedcapLogicInOdm } from './redcapLogic';

export type { OdmImportOptions } from './importContext';

/** How far into a file its root element is looked for (prolog: declaration, comments, processing instructions, DTD). */
const PROLOG_LIMIT = 65_536;

/**
 * True when the text is XML whose root element is `ODM`. A linear scan over the prolog (a pattern with repeated
 * lazy groups would backtrack exponentially on a file of many comments: this runs on every upload).
 */
export function looksLikeOdm(text: string): boolean {
  const head = text.slice(0, PROLOG_LIMIT);
  let i = head.startsWith('\uFEFF') ? 1 : 0;
  const skipSpace = () => {
    while (i < head.length && /\s/.test(head[i]!)) i++;
  };
  const skipPast = (end: string): boolean => {
    const at = head.indexOf(end, i);
    if (at < 0) return false;
    i = at + end.length;
    return true;
  };
  for (;;) {
    skipSpace();
    if (head.startsWith('<?', i)) {
      if (!skipPast('?>')) return false;
    } else if (head.startsWith('<!--', i)) {
      if (!skipPast('-->')) return false;
    } else if (head.startsWith('<!DOCTYPE', i)) {
      const close = head.indexOf('>', i);
      const open = head.indexOf('[', i);
      if (open >= 0 && (close < 0 || open < close) && !skipPast(']')) return false;
      if (!skipPast('>')) return false;
    } else {
      return /^<(\w+:)?ODM[\s>/]/.test(head.slice(i, i + 64));
    }
  }
}

function failed(at: string, messageId: string, values: Record<string, string | number> = {}): ImportResult {
  return { definition: null, issues: [{ severity: 'error', at, messageId, values }], counts: {} };
}

function readCodeLists(mdv: XmlElement, issues: OdmIssues): Map<string, ReadCodeList> {
  const out = new Map<string, ReadCodeList>();
  for (const [oid, el] of indexByOid(mdv, 'CodeList', (o) => defPath('CodeList', o), issues)) {
    const at = defPath('CodeList', oid);
    const aliases = productAliases(el, at, issues);
    const items = [
      ...childrenOf(el, 'CodeListItem').map((i) => ({
        codevalue: i.attrs.CodedValue ?? '',
        codedesp: metaTextOf(childOf(i, 'Decode')) ?? i.attrs.CodedValue ?? '',
      })),
      ...childrenOf(el, 'EnumeratedItem').map((i) => ({
        codevalue: i.attrs.CodedValue ?? '',
        codedesp: i.attrs.CodedValue ?? '',
      })),
    ];
    const external = childOf(el, 'ExternalCodeList');
    if (
      external !== undefined &&
      !(external.attrs.Dictionary === 'EDCWeb' && external.attrs.Version === 'empty')
    )
      issues.add('warning', `${at}/ExternalCodeList`, ODM_ISSUE.externalCodeList, {
        dictionary: external.attrs.Dictionary ?? '',
      });
    out.set(oid, {
      oid,
      name: stripFirst(oid, ['CL.', 'CL_']),
      inline: aliases.get('inline') === true || el.attrs['redcap:Variable'] !== undefined,
      items,
      checkboxChoices: el.attrs['redcap:CheckboxChoices'],
      dataType:
        typeof aliases.get('dataType') === 'string'
          ? (aliases.get('dataType') as string)
          : (el.attrs.DataType ?? 'text'),
    });
  }
  return out;
}

export function importOdm(text: string, options: OdmImportOptions = {}): ImportResult {
  const parsed = parseXml(text);
  if (!parsed.ok)
    return failed(`line ${parsed.line}, column ${parsed.column}`, ODM_ISSUE.malformedXml, {
      line: parsed.line,
      column: parsed.column,
      message: parsed.message,
    });
  const root = parsed.root;
  if (root.local !== 'ODM') return failed(`/${root.name}`, ODM_ISSUE.notOdm, { root: root.name });
  const study = childOf(root, 'Study');
  if (study === undefined) return failed('/ODM', ODM_ISSUE.noStudy);
  const versions = childrenOf(study, 'MetaDataVersion');
  const mdv = versions[0];
  if (mdv === undefined) return failed('/ODM/Study', ODM_ISSUE.noMetaDataVersion);
  const issues = new OdmIssues();
  if (versions.length > 1)
    issues.add('warning', MDV_PATH, ODM_ISSUE.severalVersions, { version: mdv.attrs.OID ?? '' });
  const include = childOf(mdv, 'Include');
  if (include !== undefined)
    issues.add('warning', `${MDV_PATH}/Include`, ODM_ISSUE.include, {
      version: include.attrs.MetaDataVersionOID ?? '',
    });

  const units = new Map<string, MetaText>();
  for (const u of childrenOf(childOf(study, 'BasicDefinitions') ?? study, 'MeasurementUnit'))
    if (u.attrs.OID !== undefined)
      units.set(u.attrs.OID, metaTextOf(childOf(u, 'Symbol')) ?? u.attrs.Name ?? u.attrs.OID);
  const codeLists = readCodeLists(mdv, issues);
  const at = (kind: string) => (oid: string) => defPath(kind, oid);
  const events = indexByOid(mdv, 'StudyEventDef', at('StudyEventDef'), issues);
  const formDefs = indexByOid(mdv, 'FormDef', at('FormDef'), issues);
  const ctx: FormReadContext = {
    mdv,
    groups: indexByOid(mdv, 'ItemGroupDef', at('ItemGroupDef'), issues),
    conditions: indexByOid(mdv, 'ConditionDef', at('ConditionDef'), issues),
    usedConditions: new Set(),
    itemCtx: {
      itemDefs: indexByOid(mdv, 'ItemDef', at('ItemDef'), issues),
      codeLists,
      units,
      methods: indexByOid(mdv, 'MethodDef', at('MethodDef'), issues),
      issues,
    },
    issues,
    options,
  };
  const forms: RawFormSchema[] = [];
  const tids = new Map<string, string[]>();
  for (const [oid, def] of formDefs) {
    const read = readForm(oid, def, ctx);
    if (read.length > 0) {
      forms.push(...read);
      tids.set(
        oid,
        read.map((f) => f.tid),
      );
    }
  }
  for (const oid of ctx.conditions.keys())
    if (!ctx.usedConditions.has(oid))
      issues.add('info', defPath('ConditionDef', oid), ODM_ISSUE.unusedDefinition, { oid });
  const visits = readVisits(mdv, events, (oid) => tids.get(oid) ?? null, issues);

  const protocolAliases = productAliases(childOf(mdv, 'Protocol') ?? mdv, `${MDV_PATH}/Protocol`, issues);
  const globals = childOf(study, 'GlobalVariables');
  const studyName = globals === undefined ? undefined : childOf(globals, 'StudyName')?.text;
  const studyDescription = globals === undefined ? undefined : childOf(globals, 'StudyDescription')?.text;
  const studycode = study.attrs.OID ?? '';
  const name = protocolAliases.get('name');
  const description = protocolAliases.get('description');
  const codeListsOut: StudyCodeList[] = [...codeLists.values()]
    .filter((l) => !l.inline)
    .map((l) => ({ name: l.name, dataType: l.dataType, items: l.items }));
  const definition: StudyDefinition = {
    studycode,
    name: name !== undefined ? (name as MetaText) : studyName || studycode,
    description:
      description !== undefined ? (description as MetaText) : studyDescription ? studyDescription : null,
    version: mdv.attrs.OID ?? '',
    visits,
    forms,
    codeLists: codeListsOut,
  };
  const items = forms.reduce((n, f) => n + f.sections.reduce((m, s) => m + s.items.length, 0), 0);
  const rules = forms.reduce((n, f) => n + (f.rules?.length ?? 0), 0);
  return {
    definition,
    issues: issues.list,
    counts: { visits: visits.length, forms: forms.length, items, codeLists: codeListsOut.length, rules },
  };
}

export const odmImporter: StudyImporter = {
  format: 'odm',
  detect: looksLikeOdm,
  read: (text) => importOdm(text, { translateRedcapLogic: translateRedcapLogicInOdm }),
};
