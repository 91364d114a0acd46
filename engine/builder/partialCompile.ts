/**
 * compileFormPartial: everything of a schema that compiles, for a preview that shows the rest of the form while a
 * builder fixes one item or rule (compileForm answers all or nothing).
 *
 * - A broken item stays at its place as a `static` **placeholder** (its label when readable, else its variable or
 *   path), listed in `brokenItems` / `brokenByVariable` with its issues: the renderer shows the issues there.
 *   The placeholder keeps the item's variable when that is a usable, first-time name, so rules reading the item still
 *   compile (they read blank); otherwise it gets `__broken_<n>`.
 * - A broken rule is left out (`brokenRules`); so is a rule whose target is a broken item (`form.targetBroken`).
 * - Problems of the form itself and its sections (`formIssues`) get stand-ins (`?`, version 1, an empty section).
 *
 * `issues` is exactly compileForm's list (paths as in the schema). `form` is null only when nothing can be shown
 * (the schema is not an object, has no sections, or the stand-ins still do not compile).
 */
import { compileForm, type FormCompileOptions } from '../form/compile/compileForm';
import { isVariableName } from '../form/compile/compileItem';
import { FORM_MSG } from '../form/messages';
import type { CompiledForm, FormSchemaIssue } from '../form/types';
import { isRecord } from '../metadata/issues';
import { isNonEmptyMetaText } from '../metadata/metaText';

export interface BrokenItem {
  /** Where the item is in the schema: `sections[1].items[3]` (also the placeholder's `path`). */
  path: string;
  /** The placeholder's variable in the compiled form. */
  variable: string;
  /** The variable the schema gives (null when missing or not text). */
  rawVariable: string | null;
  /** Its issues (paths at or under `path`). */
  issues: readonly FormSchemaIssue[];
}

export interface BrokenRule {
  /** `rules[2]` */
  path: string;
  /** The rule's id when it has a text one. */
  id: string | null;
  issues: readonly FormSchemaIssue[];
}

export interface PartialCompileResult {
  /** What compiles (placeholders for broken items, broken rules left out), or null when nothing can be shown. */
  form: CompiledForm | null;
  /** Every issue, as compileForm reports them (empty when the schema compiles as it is). */
  issues: readonly FormSchemaIssue[];
  /** Issues of the form itself and of sections (not of one item or rule). */
  formIssues: readonly FormSchemaIssue[];
  brokenItems: readonly BrokenItem[];
  /** Broken items by their placeholder's variable (what the renderer meets while drawing the form). */
  brokenByVariable: ReadonlyMap<string, BrokenItem>;
  brokenRules: readonly BrokenRule[];
}

/** The type placeholders are drawn with (a value-less item: never validated, never saved). */
export const PLACEHOLDER_FIELD_TYPE = 'static';

const ITEM_PATH = /^sections\[(\d+)\]\.items\[(\d+)\]/;
const RULE_PATH = /^rules\[(\d+)\]/;
const SECTION_PATH = /^sections\[(\d+)\](?:\.(id|title|items))?/;
const MAX_ROUNDS = 4;

type Owner = { kind: 'item'; key: string } | { kind: 'rule'; index: number } | { kind: 'form' };

function ownerOf(path: string): Owner {
  const item = ITEM_PATH.exec(path);
  if (item) return { kind: 'item', key: item[0] };
  const rule = RULE_PATH.exec(path);
  if (rule) return { kind: 'rule', index: Number(rule[1]) };
  return { kind: 'form' };
}

const clone = (raw: unknown): unknown => JSON.parse(JSON.stringify(raw)) as unknown;

interface Plan {
  brokenItems: Set<string>;
  brokenRules: Set<number>;
  formIssues: FormSchemaIssue[];
}

/** Rewrites a compile issue of the stand-in schema to the schema's own paths (rules were left out, so renumbered). */
function restorePath(issue: FormSchemaIssue, ruleIndex: readonly number[]): FormSchemaIssue {
  const m = RULE_PATH.exec(issue.path);
  if (!m) return issue;
  const original = ruleIndex[Number(m[1])];
  return original === undefined
    ? issue
    : { ...issue, path: `rules[${original}]${issue.path.slice(m[0].length)}` };
}

/** The stand-in schema: placeholders, stand-in fields, broken rules (and rules on broken items) left out. */
function standIn(
  raw: Record<string, unknown>,
  plan: Plan,
  placeholders: Map<string, string>,
): { schema: Record<string, unknown>; ruleIndex: number[]; onBroken: Map<number, string> } {
  const schema = clone(raw) as Record<string, unknown>;
  for (const issue of plan.formIssues) {
    const field = issue.path;
    if (field === 'formid' || field === 'tid') schema[field] = '?';
    else if (field === 'name') schema.name = '?';
    else if (field === 'version') schema.version = 1;
    else if (field === 'reftype' || field === 'logline' || field === 'columns' || field === 'rules')
      delete schema[field];
  }
  const sections = Array.isArray(schema.sections) ? schema.sections : [];
  schema.sections = sections;
  for (const issue of plan.formIssues) {
    const m = SECTION_PATH.exec(issue.path);
    if (!m) continue;
    const si = Number(m[1]);
    const section = sections[si];
    if (!isRecord(section)) {
      sections[si] = { id: `__section_${si}`, title: '?', items: [] };
    } else if (m[2] === 'id') section.id = `__section_${si}`;
    else if (m[2] === 'title')
      section.title = typeof section.id === 'string' && section.id.trim() !== '' ? section.id : '?';
    else if (m[2] === 'items') section.items = [];
  }
  for (const key of plan.brokenItems) {
    const m = ITEM_PATH.exec(key)!;
    const section = sections[Number(m[1])] as Record<string, unknown>;
    const items = section.items as unknown[];
    const original = items[Number(m[2])];
    const label = isRecord(original) && isNonEmptyMetaText(original.label) ? original.label : null;
    const rawVariable =
      isRecord(original) && typeof original.variable === 'string' ? original.variable : null;
    const variable = placeholders.get(key)!;
    items[Number(m[2])] = { variable, label: label ?? rawVariable ?? key, fieldtype: PLACEHOLDER_FIELD_TYPE };
  }
  const brokenVariables = new Set(placeholders.values());
  const ruleIndex: number[] = [];
  const onBroken = new Map<number, string>();
  const rules = Array.isArray(schema.rules) ? schema.rules : null;
  if (rules !== null) {
    const kept: unknown[] = [];
    rules.forEach((rule, i) => {
      if (plan.brokenRules.has(i)) return;
      if (isRecord(rule) && typeof rule.target === 'string' && brokenVariables.has(rule.target)) {
        onBroken.set(i, rule.target);
        return;
      }
      kept.push(rule);
      ruleIndex.push(i);
    });
    schema.rules = kept;
  }
  return { schema, ruleIndex, onBroken };
}

/** The placeholder variable of each broken item: its own name when usable and first, else `__broken_<n>`. */
function placeholderNames(raw: Record<string, unknown>, broken: ReadonlySet<string>): Map<string, string> {
  const taken = new Set<string>();
  const firstPath = new Map<string, string>();
  const sections = Array.isArray(raw.sections) ? raw.sections : [];
  sections.forEach((section, si) => {
    if (!isRecord(section) || !Array.isArray(section.items)) return;
    section.items.forEach((item, ii) => {
      if (!isRecord(item) || typeof item.variable !== 'string') return;
      taken.add(item.variable);
      if (!firstPath.has(item.variable)) firstPath.set(item.variable, `sections[${si}].items[${ii}]`);
    });
  });
  const names = new Map<string, string>();
  let n = 0;
  for (const key of [...broken].sort()) {
    const m = ITEM_PATH.exec(key)!;
    const section = sections[Number(m[1])];
    const item = isRecord(section) && Array.isArray(section.items) ? section.items[Number(m[2])] : undefined;
    const own = isRecord(item) && typeof item.variable === 'string' ? item.variable : null;
    if (own !== null && isVariableName(own) && firstPath.get(own) === key) {
      names.set(key, own);
      continue;
    }
    let name: string;
    do name = `__broken_${++n}`;
    while (taken.has(name));
    taken.add(name);
    names.set(key, name);
  }
  return names;
}

function nothing(issues: readonly FormSchemaIssue[]): PartialCompileResult {
  return {
    form: null,
    issues,
    formIssues: issues.filter((i) => ownerOf(i.path).kind === 'form'),
    brokenItems: [],
    brokenByVariable: new Map(),
    brokenRules: [],
  };
}

export function compileFormPartial(raw: unknown, options: FormCompileOptions = {}): PartialCompileResult {
  const first = compileForm(raw, options);
  if (first.ok) {
    return {
      form: first.form,
      issues: [],
      formIssues: [],
      brokenItems: [],
      brokenByVariable: new Map(),
      brokenRules: [],
    };
  }
  const issues = first.issues;
  if (!isRecord(raw) || !Array.isArray(raw.sections) || raw.sections.length === 0) return nothing(issues);
  if (options.fieldTypes !== undefined && !options.fieldTypes.includes(PLACEHOLDER_FIELD_TYPE))
    return nothing(issues);

  const plan: Plan = { brokenItems: new Set(), brokenRules: new Set(), formIssues: [] };
  const itemIssues = new Map<string, FormSchemaIssue[]>();
  const ruleIssues = new Map<number, FormSchemaIssue[]>();
  const take = (found: readonly FormSchemaIssue[]): boolean => {
    let progress = false;
    for (const issue of found) {
      const owner = ownerOf(issue.path);
      if (owner.kind === 'item') {
        if (!plan.brokenItems.has(owner.key)) progress = true;
        plan.brokenItems.add(owner.key);
        itemIssues.set(owner.key, [...(itemIssues.get(owner.key) ?? []), issue]);
      } else if (owner.kind === 'rule') {
        if (!plan.brokenRules.has(owner.index)) progress = true;
        plan.brokenRules.add(owner.index);
        ruleIssues.set(owner.index, [...(ruleIssues.get(owner.index) ?? []), issue]);
      } else {
        if (!plan.formIssues.some((f) => f.path === issue.path)) progress = true;
        plan.formIssues.push(issue);
      }
    }
    return progress;
  };
  take(issues);

  for (let round = 0; round < MAX_ROUNDS; round++) {
    const placeholders = placeholderNames(raw, plan.brokenItems);
    const { schema, ruleIndex, onBroken } = standIn(raw, plan, placeholders);
    const result = compileForm(schema, options);
    if (result.ok)
      return assemble(result.form, issues, plan, placeholders, itemIssues, ruleIssues, onBroken, raw);
    if (!take(result.issues.map((i) => restorePath(i, ruleIndex)))) break;
  }
  return nothing(issues);
}

function assemble(
  form: CompiledForm,
  issues: readonly FormSchemaIssue[],
  plan: Plan,
  placeholders: ReadonlyMap<string, string>,
  itemIssues: ReadonlyMap<string, FormSchemaIssue[]>,
  ruleIssues: ReadonlyMap<number, FormSchemaIssue[]>,
  onBroken: ReadonlyMap<number, string>,
  raw: Record<string, unknown>,
): PartialCompileResult {
  const rawRules = Array.isArray(raw.rules) ? raw.rules : [];
  const brokenItems: BrokenItem[] = [...plan.brokenItems]
    .map((key) => {
      const item = form.sections.flatMap((s) => s.items).find((i) => i.path === key);
      const m = ITEM_PATH.exec(key)!;
      const section = (raw.sections as unknown[])[Number(m[1])];
      const original =
        isRecord(section) && Array.isArray(section.items) ? section.items[Number(m[2])] : undefined;
      return {
        path: key,
        variable: item?.variable ?? placeholders.get(key)!,
        rawVariable: isRecord(original) && typeof original.variable === 'string' ? original.variable : null,
        issues: itemIssues.get(key) ?? [],
      };
    })
    .sort((a, b) => (form.items.get(a.variable)?.order ?? 0) - (form.items.get(b.variable)?.order ?? 0));
  const brokenRules: BrokenRule[] = [];
  for (const [index, rule] of rawRules.entries()) {
    const own = ruleIssues.get(index);
    const target = onBroken.get(index);
    if (own === undefined && target === undefined) continue;
    const id = isRecord(rule) && typeof rule.id === 'string' ? rule.id : null;
    const path = `rules[${index}]`;
    const left: FormSchemaIssue[] =
      target === undefined
        ? []
        : [
            {
              path: `${path}.target`,
              subject: id,
              messageId: FORM_MSG.targetBroken,
              values: { rule: id ?? path, target },
            },
          ];
    brokenRules.push({ path, id, issues: [...(own ?? []), ...left] });
  }
  return {
    form,
    issues,
    formIssues: plan.formIssues,
    brokenItems,
    brokenByVariable: new Map(brokenItems.map((b) => [b.variable, b])),
    brokenRules,
  };
}
