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
import type { RawFormItem, RawFormRule, RawFormSchema, RawFormSection } from '../../form/types';
import type {
  ImportResult,
  StudyCodeList,
  StudyDefinition,
  StudyImporter,
  StudyVisit,
  VisitKind,
} from '../types';
import { parseRule, ruleReads } from '../../rules/index';
import { translateExpression, unnegate, type RedcapLogicTranslator } from './expressions';
import { readItem, type PendingExpression, type ReadCodeList, type ReadItem } from './importItem';
import { MDV_PATH, ODM_ISSUE, OdmIssues, defPath } from './issues';
import { childOf, childrenOf, parseXml, type XmlElement } from './parseXml';
import { indexByOid, metaTextOf, ordered, productAliases } from './readDefs';
import { OID, RULE_CONTEXT, stripFirst, stripPrefix, toVariable } from './vocabulary';

/** True when the text is XML whose root element is `ODM`. */
export function looksLikeOdm(text: string): boolean {
  return /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<(\w+:)?ODM[\s>]/.test(text);
}

export interface OdmImportOptions {
  /**
   * REDCap logic → rule language (branching logic, calculations of a REDCap "CDISC ODM (XML)" export). Wired by the
   * caller to the REDCap importer's translator; without it such logic is reported as not translated.
   */
  translateRedcapLogic?: RedcapLogicTranslator;
}

const VARIABLE = /^[A-Za-z_][A-Za-z0-9_]*$/;

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

function visitKind(def: XmlElement, aliases: Map<string, unknown>): VisitKind {
  const kind = aliases.get('kind');
  if (kind === 'hidden' || kind === 'scheduled' || kind === 'unscheduled' || kind === 'repeating')
    return kind;
  if (def.attrs.Type === 'Unscheduled') return 'unscheduled';
  if (def.attrs.Repeating === 'Yes') return 'repeating';
  return 'scheduled';
}

function readVisits(
  mdv: XmlElement,
  events: Map<string, XmlElement>,
  tidOf: (formOid: string) => readonly string[] | null,
  issues: OdmIssues,
): StudyVisit[] {
  const protocol = childOf(mdv, 'Protocol');
  const order: string[] = [];
  if (protocol !== undefined) {
    for (const ref of ordered(childrenOf(protocol, 'StudyEventRef'))) {
      const oid = ref.attrs.StudyEventOID ?? '';
      if (!events.has(oid))
        issues.add(
          'error',
          `${MDV_PATH}/Protocol/StudyEventRef[@StudyEventOID="${oid}"]`,
          ODM_ISSUE.missingDef,
          { kind: 'StudyEventDef', oid },
        );
      else if (!order.includes(oid)) order.push(oid);
    }
  }
  for (const oid of events.keys()) {
    if (order.includes(oid)) continue;
    if (protocol !== undefined)
      issues.add('info', defPath('StudyEventDef', oid), ODM_ISSUE.eventNotInProtocol, { visit: oid });
    order.push(oid);
  }
  return order.map((oid) => {
    const def = events.get(oid) as XmlElement;
    const at = defPath('StudyEventDef', oid);
    const aliases = productAliases(def, at, issues);
    const tids: string[] = [];
    const optionalTids: string[] = [];
    for (const ref of ordered(childrenOf(def, 'FormRef'))) {
      const formOid = ref.attrs.FormOID ?? '';
      const formTids = tidOf(formOid);
      if (formTids === null) {
        issues.add('error', `${at}/FormRef[@FormOID="${formOid}"]`, ODM_ISSUE.missingDef, {
          kind: 'FormDef',
          oid: formOid,
        });
        continue;
      }
      // REDCap designates forms to events with Mandatory="No": they are the event's forms all the same
      const optional = ref.attrs.Mandatory === 'No' && ref.attrs['redcap:FormName'] === undefined;
      const list = optional ? optionalTids : tids;
      for (const tid of formTids) if (!tids.includes(tid) && !optionalTids.includes(tid)) list.push(tid);
    }
    const redcapDay = Number(def.attrs['redcap:DayOffset']);
    const day =
      aliases.get('day') ??
      (def.attrs['redcap:DayOffset'] !== undefined && Number.isFinite(redcapDay) ? redcapDay : undefined);
    const unique = def.attrs['redcap:UniqueEventName'];
    return {
      visitnum: unique ?? stripFirst(oid, ['SE.', 'SE_']),
      name: metaTextOf(childOf(def, 'Description')) ?? def.attrs.Name ?? oid,
      kind: visitKind(def, aliases),
      day: typeof day === 'number' ? day : null,
      tids,
      optionalTids,
    };
  });
}

interface FormReadContext {
  mdv: XmlElement;
  groups: Map<string, XmlElement>;
  conditions: Map<string, XmlElement>;
  usedConditions: Set<string>;
  itemCtx: Omit<Parameters<typeof readItem>[2], 'formOid' | 'groupOid'>;
  issues: OdmIssues;
  options: OdmImportOptions;
}

/** REDCap checkbox choice items (`var___1`, `var___2` …) → one checkbox item with those options. */
function mergeRedcapCheckboxes(
  read: ReadItem[],
  codeListOf: (r: ReadItem) => ReadCodeList | undefined,
): ReadItem[] {
  const out: ReadItem[] = [];
  const byVariable = new Map<string, ReadItem>();
  for (const r of read) {
    const cb = r.redcapCheckbox;
    if (cb === null) {
      out.push(r);
      continue;
    }
    const choices = codeListOf(r)?.checkboxChoices;
    const label = choices
      ?.split('|')
      .map((c) => c.trim())
      .find((c) => c.split(',')[0]?.trim() === cb.code);
    const option = {
      codevalue: cb.code,
      codedesp: label === undefined ? cb.code : label.slice(label.indexOf(',') + 1).trim(),
    };
    const first = byVariable.get(cb.variable);
    if (first === undefined) {
      const variable = toVariable(cb.variable);
      const merged: ReadItem = {
        ...r,
        item: { ...r.item, variable, fieldtype: 'checkbox', selector: [option] },
        names: [...r.names, cb.variable],
      };
      delete merged.item.codelisttype;
      byVariable.set(cb.variable, merged);
      out.push(merged);
    } else {
      first.item.selector = [...(first.item.selector ?? []), option];
      first.names.push(...r.names);
      first.pending.push(
        ...r.pending.filter((p) => !first.pending.some((q) => q.kind === p.kind && q.text === p.text)),
      );
    }
  }
  return out;
}

function readForm(formOid: string, def: XmlElement, ctx: FormReadContext): RawFormSchema[] {
  const { issues } = ctx;
  const at = defPath('FormDef', formOid);
  const aliases = productAliases(def, at, issues);
  const tid = def.attrs['redcap:FormName'] ?? stripFirst(formOid, ['F.', 'F_']);
  const sections: RawFormSection[] = [];
  const readItems: { section: RawFormSection; read: ReadItem }[] = [];
  const used = new Set<string>();
  const seen = new Set<string>();
  let repeating = 0;
  let groupCount = 0;
  const repeatingSections = new Set<RawFormSection>();
  const ocTitles = new Map<string, string>();
  for (const s of childrenOf(childOf(childOf(def, 'FormDetails') ?? def, 'SectionDetails') ?? def, 'Section'))
    if (s.attrs.SectionLabel !== undefined)
      ocTitles.set(s.attrs.SectionLabel, s.attrs.SectionTitle ?? s.attrs.SectionLabel);

  for (const gref of ordered(childrenOf(def, 'ItemGroupRef'))) {
    const groupOid = gref.attrs.ItemGroupOID ?? '';
    const group = ctx.groups.get(groupOid);
    if (group === undefined) {
      issues.add('error', `${at}/ItemGroupRef[@ItemGroupOID="${groupOid}"]`, ODM_ISSUE.missingDef, {
        kind: 'ItemGroupDef',
        oid: groupOid,
      });
      continue;
    }
    groupCount += 1;
    if (group.attrs.Repeating === 'Yes') repeating += 1;
    const gAt = defPath('ItemGroupDef', groupOid);
    const gAliases = productAliases(group, gAt, issues);
    const name = group.attrs.Name ?? '';
    const sectionIdAlias = gAliases.get('sectionId');
    const id =
      typeof sectionIdAlias === 'string'
        ? sectionIdAlias
        : groupOid === OID.group(tid, name)
          ? name
          : stripFirst(groupOid, ['IG.', 'IG_']);
    let section: RawFormSection = {
      id: uniqueId(id, sections),
      title: metaTextOf(childOf(group, 'Description')) ?? (name || id),
      items: [],
    };
    sections.push(section);
    const groupRepeats = group.attrs.Repeating === 'Yes';
    if (groupRepeats) repeatingSections.add(section);
    const reads: ReadItem[] = [];
    for (const ref of ordered(childrenOf(group, 'ItemRef'))) {
      const itemDef = ctx.itemCtx.itemDefs.get(ref.attrs.ItemOID ?? '');
      const rawName = itemDef?.attrs['redcap:Variable'] ?? itemDef?.attrs.Name ?? ref.attrs.ItemOID ?? '';
      const variable = VARIABLE.test(rawName) && rawName.length <= 64 ? rawName : toVariable(rawName);
      if (itemDef?.attrs['redcap:Variable'] === `${tid}_complete`) continue; // REDCap's form status, not a field
      if (itemDef?.attrs['redcap:FieldType'] !== 'checkbox') {
        if (seen.has(variable)) {
          issues.add('warning', defPath('ItemDef', ref.attrs.ItemOID ?? ''), ODM_ISSUE.duplicateItem, {
            variable,
          });
          continue;
        }
        seen.add(variable);
      }
      const read = readItem(ref, variable, { ...ctx.itemCtx, formOid, groupOid });
      if (read === null) continue;
      const cond = ref.attrs.CollectionExceptionConditionOID;
      if (cond !== undefined)
        read.pending.push({
          kind: 'show',
          target: variable,
          text: '',
          context: undefined,
          at: `${gAt}/ItemRef[@ItemOID="${read.oid}"]`,
          oid: cond,
        });
      reads.push(read);
    }
    const merged = mergeRedcapCheckboxes(reads, (r) => {
      const cl = ctx.itemCtx.itemDefs.get(r.oid);
      const clOid = cl === undefined ? undefined : childOf(cl, 'CodeListRef')?.attrs.CodeListOID;
      return clOid === undefined ? undefined : ctx.itemCtx.codeLists.get(clOid);
    });
    let currentKey: string | null = null;
    for (const read of merged) {
      const start = read.sectionStart;
      if (start !== null && start.key !== currentKey) {
        const title = ocTitles.get(start.key) ?? start.title;
        const id = toVariable(start.key).slice(0, 40);
        if (section.items.length > 0) {
          section = { id: uniqueId(id, sections), title, items: [] };
          sections.push(section);
          if (groupRepeats) repeatingSections.add(section);
        } else {
          section.title = title;
          if (!sections.some((s) => s.id === id)) section.id = id;
        }
        currentKey = start.key;
      }
      if (used.has(read.item.variable)) {
        issues.add('warning', defPath('ItemDef', read.oid), ODM_ISSUE.duplicateItem, {
          variable: read.item.variable,
        });
        continue;
      }
      if (
        read.item.variable !== (read.names[0] ?? read.item.variable) &&
        !read.names.includes(read.item.variable)
      )
        issues.add('info', defPath('ItemDef', read.oid), ODM_ISSUE.variableRenamed, {
          name: read.names[0] ?? '',
          variable: read.item.variable,
        });
      used.add(read.item.variable);
      section.items.push(read.item);
      readItems.push({ section, read });
    }
  }
  const finalSections = sections.filter((s) => s.items.length > 0);
  if (finalSections.length === 0) {
    issues.add('warning', at, ODM_ISSUE.emptyForm, { form: tid });
    return [];
  }
  const mixed = repeating > 0 && repeating < groupCount;

  // expressions, now that every variable of the form is known
  const byName = new Map<string, string>();
  for (const { read } of readItems)
    for (const n of read.names) if (!byName.has(n)) byName.set(n, read.item.variable);
  const resolve = (name: string) =>
    byName.get(name) ?? (byName.has(name.toUpperCase()) ? (byName.get(name.toUpperCase()) ?? null) : null);
  const exprCtx = {
    resolve,
    ...(ctx.options.translateRedcapLogic ? { translateRedcapLogic: ctx.options.translateRedcapLogic } : {}),
  };
  const rules: RawFormRule[] = [];
  const ruleIds = new Set<string>();
  const ruleId = (base: string) => {
    let id = base;
    for (let n = 2; ruleIds.has(id); n++) id = `${base}_${n}`;
    ruleIds.add(id);
    return id;
  };
  const ours = collectOwnRules(tid, ctx, resolve);
  for (const rule of ours) ruleIds.add(rule.id);
  for (const { read } of readItems) {
    for (const p of read.pending) handlePending(p, read.item, exprCtx, ctx, rules, ruleId);
  }
  const allRules = [...ours, ...rules];

  const logline = repeating > 0 && !mixed;
  const form: RawFormSchema = {
    formid: typeof aliases.get('formid') === 'string' ? (aliases.get('formid') as string) : tid,
    tid,
    name: metaTextOf(childOf(def, 'Description')) ?? def.attrs.Name ?? tid,
    version: typeof aliases.get('version') === 'number' ? (aliases.get('version') as number) : 1,
    sections: finalSections,
  };
  const reftype = aliases.get('reftype');
  if (typeof reftype === 'string') form.reftype = reftype;
  if (logline) form.logline = true;
  if (aliases.get('logline') === false) form.logline = false;
  if (aliases.has('columns')) {
    const columns = aliases.get('columns');
    if (Array.isArray(columns)) form.columns = columns;
  } else if (logline) {
    form.columns = defaultColumns(finalSections);
  }
  if (allRules.length > 0 || Array.isArray(aliases.get('rules'))) form.rules = allRules;
  if (!mixed) return [form];
  const logTid = `${tid}_LOG`;
  issues.add('info', at, ODM_ISSUE.mixedRepeating, { form: tid, logForm: logTid });
  return splitRepeating(form, repeatingSections, logTid, at, issues);
}

/** Default columns of an imported log-line form: its first 8 items. */
function defaultColumns(sections: readonly RawFormSection[]): { prop: string }[] {
  return sections
    .flatMap((s) => s.items)
    .filter((i) => i.fieldtype !== 'static')
    .slice(0, 8)
    .map((i) => ({ prop: i.variable }));
}

/**
 * A form with non-repeating and repeating groups: the repeating groups become a log-line form of their own
 * (`<tid>_LOG`, in the same visits, right after the form). Each rule and formula goes with the items it reads; one
 * reading both parts cannot be carried and is reported.
 */
function splitRepeating(
  form: RawFormSchema,
  repeating: ReadonlySet<RawFormSection>,
  logTid: string,
  at: string,
  issues: OdmIssues,
): RawFormSchema[] {
  const head = form.sections.filter((s) => !repeating.has(s));
  const rows = form.sections.filter((s) => repeating.has(s));
  const variablesOf = (sections: readonly RawFormSection[]) =>
    new Set(sections.flatMap((s) => s.items.map((i) => i.variable)));
  const headVars = variablesOf(head);
  const rowVars = variablesOf(rows);
  const readsOf = (expr: string) => {
    const parsed = parseRule(expr);
    return parsed.ok ? ruleReads(parsed.expr) : [];
  };
  const within = (vars: ReadonlySet<string>, names: readonly string[]) => names.every((n) => vars.has(n));
  for (const item of [...head, ...rows].flatMap((s) => s.items)) {
    if (item.formula === undefined) continue;
    const own = headVars.has(item.variable) ? headVars : rowVars;
    if (within(own, readsOf(item.formula))) continue;
    issues.add('warning', at, ODM_ISSUE.expressionNotTranslated, {
      context: 'split',
      expression: item.formula,
    });
    delete item.formula;
    if (item.fieldtype === 'calculated') item.fieldtype = 'decimal';
  }
  const headRules: RawFormRule[] = [];
  const rowRules: RawFormRule[] = [];
  for (const rule of form.rules ?? []) {
    const names = [rule.target, ...readsOf(rule.expr)];
    if (within(headVars, names)) headRules.push(rule);
    else if (within(rowVars, names)) rowRules.push(rule);
    else
      issues.add('warning', at, ODM_ISSUE.expressionNotTranslated, {
        context: 'split',
        expression: rule.expr,
      });
  }
  const main: RawFormSchema = { ...form, sections: head };
  delete main.rules;
  if (headRules.length > 0) main.rules = headRules;
  const log: RawFormSchema = {
    formid: logTid,
    tid: logTid,
    name: rows[0]?.title ?? logTid,
    version: 1,
    logline: true,
    columns: defaultColumns(rows),
    sections: rows,
  };
  if (rowRules.length > 0) log.rules = rowRules;
  return [main, log];
}

function uniqueId(id: string, sections: readonly RawFormSection[]): string {
  let out = id;
  for (let n = 2; sections.some((s) => s.id === out); n++) out = `${id}_${n}`;
  return out;
}

/** Rules this product exported (ConditionDef with an `edcweb:rule` alias naming the form), in file order. */
function collectOwnRules(
  tid: string,
  ctx: FormReadContext,
  resolve: (n: string) => string | null,
): RawFormRule[] {
  const out: RawFormRule[] = [];
  for (const [oid, def] of ctx.conditions) {
    const at = defPath('ConditionDef', oid);
    const info = productAliases(def, at, ctx.issues).get('rule');
    if (typeof info !== 'object' || info === null) continue;
    const r = info as Record<string, unknown>;
    if (r.form !== tid) continue;
    ctx.usedConditions.add(oid);
    const f = childOf(def, 'FormalExpression');
    const kind = r.kind;
    if (
      (kind !== 'show' && kind !== 'requiredIf' && kind !== 'check') ||
      typeof r.target !== 'string' ||
      f === undefined
    ) {
      ctx.issues.add('warning', at, ODM_ISSUE.badAlias, { context: 'edcweb:rule' });
      continue;
    }
    const text =
      f.attrs.Context === RULE_CONTEXT ? f.text : translateExpression(f.text, f.attrs.Context, { resolve });
    if (text === null) {
      ctx.issues.add('warning', at, ODM_ISSUE.expressionNotTranslated, {
        context: f.attrs.Context ?? '',
        expression: f.text,
      });
      continue;
    }
    const rule: RawFormRule = {
      id: def.attrs.Name ?? stripPrefix(oid, `C.${tid}.`),
      kind,
      expr: kind === 'show' ? unnegate(text) : text,
      target: r.target,
    };
    if (r.severity === 'hard' || r.severity === 'soft') rule.severity = r.severity;
    if (r.message !== undefined) rule.message = r.message as MetaText;
    out.push(rule);
  }
  return out;
}

function handlePending(
  p: PendingExpression,
  item: RawFormItem,
  exprCtx: Parameters<typeof translateExpression>[2],
  ctx: FormReadContext,
  rules: RawFormRule[],
  ruleId: (base: string) => string,
): void {
  const { issues } = ctx;
  if (p.kind === 'show') {
    const oid = p.oid ?? '';
    if (ctx.usedConditions.has(oid)) return; // one of ours, already read with its alias
    const def = ctx.conditions.get(oid);
    if (def === undefined) {
      issues.add('error', p.at, ODM_ISSUE.missingDef, { kind: 'ConditionDef', oid });
      return;
    }
    ctx.usedConditions.add(oid);
    const f = childOf(def, 'FormalExpression');
    const text = f === undefined ? null : translateExpression(f.text, f.attrs.Context, exprCtx);
    if (text === null) {
      issues.add('warning', defPath('ConditionDef', oid), ODM_ISSUE.expressionNotTranslated, {
        context: f?.attrs.Context ?? '',
        expression: f?.text ?? '',
      });
      return;
    }
    rules.push({ id: ruleId(`show_${p.target}`), kind: 'show', expr: unnegate(text), target: p.target });
    return;
  }
  const text = translateExpression(p.text, p.context, exprCtx);
  if (text === null) {
    issues.add('warning', p.at, ODM_ISSUE.expressionNotTranslated, {
      context: p.context ?? '',
      expression: p.text,
    });
    if (p.kind === 'formula' || p.kind === 'redcapCalc') {
      if (item.fieldtype === 'calculated') item.fieldtype = 'decimal';
    }
    return;
  }
  if (p.kind === 'formula' || p.kind === 'redcapCalc') {
    item.formula = text;
    return;
  }
  if (p.kind === 'redcapShow') {
    rules.push({ id: ruleId(`show_${p.target}`), kind: 'show', expr: text, target: p.target });
    return;
  }
  const rule: RawFormRule = { id: ruleId(`check_${p.target}`), kind: 'check', expr: text, target: p.target };
  if (p.severity !== undefined) rule.severity = p.severity;
  // a check shows a message; ODM's ErrorMessage is optional: the check's own text then
  rule.message = p.message ?? { zh_CN: `不满足检查：${p.text}`, en: `Fails the check: ${p.text}` };
  rules.push(rule);
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
  read: (text) => importOdm(text),
};
