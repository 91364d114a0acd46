/**
 * compileForm: a raw schema (loose JSON from the server) → a CompiledForm, or EVERY issue found, each with its path
 * (`sections[1].items[3].fieldtype`), the variable or rule concerned and a message id. Cycles among calculated
 * formulas and show rules are refused: one `form.cycle` per distinct cycle (`cycle` = the path `A → B → A`).
 */
import { findCycles } from '../../rules/index';
import { DEFAULT_FORM_FIELD_TYPES } from '../fieldTypes/registry';
import type { FormFieldTypeRegistry } from '../fieldTypes/types';
import { rememberRegistry } from '../formIndex';
import { FORM_MSG } from '../messages';
import {
  DEFAULT_REFTYPE,
  DRUG_DISPENSING_REFTYPE,
  FORM_FIELD_TYPES,
  type CompiledForm,
  type CompiledItem,
  type CompiledSection,
  type CompileOptions,
  type CompileResult,
} from '../types';
import { compileItem, isVariableName, readVariable, type ItemDraft } from './compileItem';
import { compileRules, type RuleAt } from './compileRules';
import { dependentsOf, evaluationOrder, fullDependsOn, valueGraph } from './graph';
import {
  fieldPath,
  IssueCollector,
  isRecord,
  optionalBoolean,
  optionalList,
  optionalText,
  requiredLabel,
  requiredPositiveInteger,
  requiredText,
  type RawSite,
} from './issues';
import { codeFindings, refSpan, showFinding, type ItemFacts, type RuleFinding } from './ruleAnalysis';

export interface FormCompileOptions extends CompileOptions {
  /** Field types to compile with (default: the built-ins). */
  registry?: FormFieldTypeRegistry;
}

/** Cycle path as shown in `form.cycle`: `A → B → A`. */
export const CYCLE_ARROW = ' → ';

interface SectionDraft {
  id: string | null;
  title: CompiledSection['title'] | null;
  items: ItemDraft[];
}

/** Rules and formulas that would misbehave at runtime (ruleAnalysis.ts): codes, list comparisons, dead show rules. */
function analyseRules(
  drafts: readonly ItemDraft[],
  rulesAt: readonly RuleAt[],
  codeLists: CompileOptions['codeLists'],
  issues: IssueCollector,
): void {
  const facts = new Map<string, ItemFacts>();
  for (const { item, def } of drafts) {
    const listed =
      item.codelisttype !== null && codeLists !== undefined && Object.hasOwn(codeLists, item.codelisttype)
        ? (codeLists[item.codelisttype] ?? null)
        : null;
    facts.set(item.variable, {
      variable: item.variable,
      valueKind: def.valueKind,
      choice: def.needsOptions,
      options: item.options ?? listed,
      integer: def.name === 'integer',
      hardRange: def.numeric ? item.hardRange : null,
    });
  }
  const report = (path: string, subject: string, f: RuleFinding) =>
    issues.add(path, subject, f.messageId, f.values, f.span);
  for (const d of drafts) {
    if (d.item.formula === null) continue;
    const at = fieldPath(d.item.path, 'formula');
    for (const f of codeFindings(d.item.formula, d.item.variable, facts)) report(at, d.item.variable, f);
  }
  for (const { rule, path } of rulesAt) {
    const at = fieldPath(path, 'expr');
    const found = codeFindings(rule.expr, rule.id, facts);
    for (const f of found) report(at, rule.id, f);
    if (rule.kind !== 'show' || found.length > 0) continue;
    const dead = showFinding(rule.expr, rule.id, rule.target, facts);
    if (dead !== null) report(at, rule.id, dead);
  }
}

export function compileForm(raw: unknown, options: FormCompileOptions = {}): CompileResult {
  const issues = new IssueCollector();
  if (!isRecord(raw)) {
    issues.add('', null, FORM_MSG.notAnObject);
    return { ok: false, issues: issues.issues, form: null };
  }
  const registry = options.registry ?? DEFAULT_FORM_FIELD_TYPES;
  const allowed = options.fieldTypes ?? FORM_FIELD_TYPES;
  const known = registry.names().filter((name) => allowed.includes(name));
  const root: RawSite = { raw, path: '', subject: null, issues };
  const codeListNames = options.codeLists === undefined ? undefined : new Set(Object.keys(options.codeLists));

  const formid = requiredText(root, 'formid');
  const tid = requiredText(root, 'tid');
  const name = requiredLabel(root, 'name');
  const version = requiredPositiveInteger(root, 'version');
  const reftype = optionalText(root, 'reftype') ?? DEFAULT_REFTYPE;
  const logline = optionalBoolean(root, 'logline');
  const columns = optionalList(root, 'columns');

  // sections and items
  const sections: SectionDraft[] = [];
  const firstSection = new Map<string, string>();
  const firstVariable = new Map<string, string>();
  let order = 0;
  const rawSections = raw.sections;
  if (
    rawSections === undefined ||
    rawSections === null ||
    (Array.isArray(rawSections) && rawSections.length === 0)
  ) {
    issues.add('sections', null, FORM_MSG.noSections);
  } else if (!Array.isArray(rawSections)) {
    issues.add('sections', null, FORM_MSG.fieldNotList, { field: 'sections' });
  } else {
    for (const [si, rawSection] of rawSections.entries()) {
      const path = `sections[${si}]`;
      if (!isRecord(rawSection)) {
        issues.add(path, null, FORM_MSG.notAnObject);
        continue;
      }
      const site: RawSite = { raw: rawSection, path, subject: null, issues };
      const id = requiredText(site, 'id');
      if (id !== null) {
        const first = firstSection.get(id);
        if (first !== undefined)
          issues.add(fieldPath(path, 'id'), null, FORM_MSG.duplicateSectionId, { id, first });
        else firstSection.set(id, path);
      }
      const title = requiredLabel(site, 'title');
      const section: SectionDraft = { id, title, items: [] };
      sections.push(section);
      const rawItems = rawSection.items;
      if (rawItems === undefined || rawItems === null) {
        issues.add(fieldPath(path, 'items'), null, FORM_MSG.missingField, { field: 'items' });
        continue;
      }
      if (!Array.isArray(rawItems)) {
        issues.add(fieldPath(path, 'items'), null, FORM_MSG.fieldNotList, { field: 'items' });
        continue;
      }
      for (const [ii, rawItem] of rawItems.entries()) {
        const itemPath = `${path}.items[${ii}]`;
        const itemSite = {
          raw: rawItem,
          path: itemPath,
          sectionId: id ?? '',
          order,
          issues,
          registry,
          known,
          codeListNames,
        };
        const variable = readVariable(itemSite);
        if (variable !== null && isVariableName(variable)) {
          const first = firstVariable.get(variable);
          if (first !== undefined) {
            issues.add(fieldPath(itemPath, 'variable'), variable, FORM_MSG.duplicateVariable, {
              variable,
              first,
            });
          } else {
            firstVariable.set(variable, itemPath);
          }
        }
        const draft = compileItem(itemSite);
        if (draft !== null && firstVariable.get(draft.item.variable) === itemPath) {
          section.items.push(draft);
          order += 1;
        }
      }
    }
  }

  // rules (references checked against every variable named, valid or not: one issue per real mistake)
  const variables = new Set(firstVariable.keys());
  const rulesAt = compileRules({ raw: raw.rules, issues, variables });
  const rules = rulesAt.map((r) => r.rule);
  const drafts = sections.flatMap((s) => s.items);
  for (const d of drafts) {
    for (const variable of d.formulaReads) {
      if (!variables.has(variable)) {
        issues.add(
          fieldPath(d.item.path, 'formula'),
          d.item.variable,
          FORM_MSG.unknownReference,
          { rule: d.item.variable, variable },
          d.item.formula === null ? undefined : refSpan(d.item.formula, variable),
        );
      }
    }
  }
  analyseRules(drafts, rulesAt, options.codeLists, issues);

  // cycles among formulas and show rules
  const graphItems = drafts.map((d) => ({ variable: d.item.variable, formulaReads: d.formulaReads }));
  const values = valueGraph(graphItems, rules);
  for (const cycle of findCycles(values)) {
    const first = cycle[0] ?? '';
    const at = drafts.find((d) => d.item.variable === first)?.item.path ?? 'rules';
    issues.add(at, first, FORM_MSG.cycle, { cycle: cycle.join(CYCLE_ARROW) });
  }

  if (issues.count > 0 || formid === null || tid === null || name === null || version === null) {
    return { ok: false, issues: issues.issues, form: null };
  }

  const dependsOn = fullDependsOn(graphItems, rules);
  const evalOrder = evaluationOrder(values);
  const items = new Map<string, CompiledItem>();
  const compiledSections: CompiledSection[] = sections.map((s) => ({
    id: s.id ?? '',
    title: s.title ?? '',
    items: s.items.map((d) => {
      const item: CompiledItem = { ...d.item, dependsOn: dependsOn.get(d.item.variable) ?? [] };
      items.set(item.variable, item);
      return item;
    }),
  }));
  const form: CompiledForm = {
    formid,
    tid,
    name,
    version,
    reftype,
    isGoDrug: reftype === DRUG_DISPENSING_REFTYPE,
    logline,
    columns,
    sections: compiledSections,
    items,
    rules,
    dependents: dependentsOf(dependsOn, evalOrder),
  };
  rememberRegistry(form, registry);
  return { ok: true, form };
}
