/**
 * One ODM `FormDef` → one form (or a form and its log-line part): `ItemGroupRef` order, groups as sections (split
 * further by REDCap section headers and OpenClinica section labels), items, REDCap checkbox items merged, then the
 * form's rules.
 */
import type { RawFormRule, RawFormSchema, RawFormSection } from '../../form/types';
import type { FormReadContext, ReadCodeList, ReadItem } from './importContext';
import { readItem } from './importItem';
import { collectOwnRules, handlePending } from './importRules';
import { ODM_ISSUE, defPath } from './issues';
import { childOf, childrenOf, type XmlElement } from './parseXml';
import { metaTextOf, ordered, productAliases } from './readDefs';
import { defaultColumns, splitRepeating } from './splitRepeating';
import { OID, stripFirst, toVariable } from './vocabulary';

const VARIABLE = /^[A-Za-z_][A-Za-z0-9_]*$/;

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

export function readForm(formOid: string, def: XmlElement, ctx: FormReadContext): RawFormSchema[] {
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
  const fieldTypes = new Map<string, string>();
  for (const { read } of readItems)
    for (const n of read.names) if (!fieldTypes.has(n)) fieldTypes.set(n, read.item.fieldtype);
  const translator = ctx.options.translateRedcapLogic;
  const exprCtx = {
    resolve,
    ...(translator
      ? {
          translateRedcapLogic: (logic: string) =>
            translator(logic, { tid, fields: fieldTypes, variableOf: resolve }),
        }
      : {}),
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

function uniqueId(id: string, sections: readonly RawFormSection[]): string {
  let out = id;
  for (let n = 2; sections.some((s) => s.id === out); n++) out = `${id}_${n}`;
  return out;
}
