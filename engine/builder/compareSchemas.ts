/**
 * What a new version of a form schema would do to data already entered (spec §4, the version upgrade): compare two
 * schemas item by item (by variable) and rule by rule (by id), and — given stored records — count the values each
 * change touches.
 *
 * Changes (`SchemaChange.code`; message `builder.change.<code>` with `values`):
 *
 * | code              | values                  | stored data                                                  |
 * | ----------------- | ----------------------- | ------------------------------------------------------------ |
 * | `itemRemoved`     | variable                | values of the item are no longer shown nor saved again       |
 * | `typeChanged`     | variable, from, to      | values may not be valid for the new type                     |
 * | `codeListChanged` | variable, from, to      | codes may not exist in the new list                          |
 * | `optionsRemoved`  | variable, codes         | records holding those codes now fail                         |
 * | `rangeNarrowed`   | variable, field, from, to | values outside the new range now fail (hard) or warn (soft) |
 * | `lengthShortened` | variable, from, to      | longer texts now fail                                        |
 * | `precisionReduced`| variable, from, to      | values with more decimals now fail                           |
 * | `patternChanged`  | variable, from, to      | texts may not match the new pattern                          |
 * | `partialRemoved`  | variable                | partial dates (`2024-03-UK`) now fail                        |
 * | `requiredAdded`   | variable                | records with the item blank now fail                         |
 * | `requiredItemAdded` | variable              | every stored record lacks it: fails on its next save         |
 * | `hiddenAdded`     | variable                | values are blanked on the next save                          |
 * | `showRuleAdded`   | variable, rule, expr    | a new or changed show rule may hide the item: values blanked |
 * | `checkAdded`      | variable, rule, expr, severity | a new or changed check may fail on stored records     |
 * | `requiredIfAdded` | variable, rule, expr    | a new or changed requiredIf may make blank values fail       |
 * | `formulaChanged`  | variable, from, to      | calculated values change on the next save                    |
 *
 * Compatible type changes (integer → decimal, text ↔ textarea, radio ↔ select, checkbox ↔ mselect) are not
 * reported as `typeChanged`; what they change (length, options) is.
 */
import { formIndex } from '../form/formIndex';
import { isRecord } from '../metadata/issues';
import { evaluateForm } from '../form/state';
import type {
  CodeListCatalog,
  CompiledForm,
  CompiledItem,
  CompiledRange,
  FormContext,
  FormSchemaIssue,
  FormValues,
} from '../form/types';
import { validateItems } from '../form/validate';
import { isBlankValue, normaliseValue, valueIn } from '../form/values';
import type { FormCompileOptions } from '../form/compile/compileForm';
import { BUILDER_FORM_CTX } from './fillValues';
import { compileFormPartial } from './partialCompile';

export const SCHEMA_CHANGE_CODES = [
  'itemRemoved',
  'typeChanged',
  'codeListChanged',
  'optionsRemoved',
  'rangeNarrowed',
  'lengthShortened',
  'precisionReduced',
  'patternChanged',
  'partialRemoved',
  'requiredAdded',
  'requiredItemAdded',
  'hiddenAdded',
  'showRuleAdded',
  'checkAdded',
  'requiredIfAdded',
  'formulaChanged',
] as const;
export type SchemaChangeCode = (typeof SCHEMA_CHANGE_CODES)[number];

/** The message id of a change's text (`builder.change.<code>`, both catalogues, values = SchemaChange.values). */
export function schemaChangeMessageId(code: SchemaChangeCode): string {
  return `builder.change.${code}`;
}

export interface SchemaChange {
  code: SchemaChangeCode;
  /** The item concerned. */
  variable: string;
  /** Where: the item's path in the new schema (the old one for a removed item), or `rules[i]` for a rule change. */
  path: string;
  /** Parameters of the message (always `variable`; see the table above). */
  values: Record<string, string | number>;
}

export type SchemaComparison =
  | {
      ok: true;
      changes: readonly SchemaChange[];
      /** The compiled versions (what compiles of each; broken items are not compared). */
      oldForm: CompiledForm;
      newForm: CompiledForm;
      /** Variables not compared because the item has problems in one of the versions. */
      skipped: readonly string[];
    }
  /** One version has nothing that compiles: its issues. */
  | { ok: false; side: 'old' | 'new'; issues: readonly FormSchemaIssue[] };

const COMPATIBLE: ReadonlySet<string> = new Set([
  'integer>decimal',
  'text>textarea',
  'textarea>text',
  'radio>select',
  'select>radio',
  'checkbox>mselect',
  'mselect>checkbox',
]);

const rangeText = (r: CompiledRange | null) => (r === null ? '—' : `${r.min ?? '…'}–${r.max ?? '…'}`);

/** The new range excludes values the old one allowed. */
function narrowed(before: CompiledRange | null, after: CompiledRange | null): boolean {
  if (after === null) return false;
  const lowNarrower =
    after.min !== null && (before === null || before.min === null || after.min > before.min);
  const highNarrower =
    after.max !== null && (before === null || before.max === null || after.max < before.max);
  return lowNarrower || highNarrower;
}

function optionCodes(item: CompiledItem, codeLists: CodeListCatalog | undefined): readonly string[] | null {
  if (item.options !== null) return item.options.map((o) => o.value);
  if (item.codelisttype === null || codeLists === undefined || !Object.hasOwn(codeLists, item.codelisttype))
    return null;
  return codeLists[item.codelisttype]?.map((o) => o.value) ?? null;
}

interface ItemPair {
  before: CompiledItem;
  after: CompiledItem;
  /** The new item's value is computed (calculated). */
  computed: boolean;
  /** The old item was text-like (a maximum length applied, the session's when it gave none). */
  wasTextLike: boolean;
  /** Formula texts as written in each schema. */
  oldFormula: string | null;
  newFormula: string | null;
}

function itemChanges(pair: ItemPair, codeLists: CodeListCatalog | undefined): SchemaChange[] {
  const { before, after, computed } = pair;
  const changes: SchemaChange[] = [];
  const variable = after.variable;
  const add = (code: SchemaChangeCode, values: Record<string, string | number> = {}) =>
    changes.push({ code, variable, path: after.path, values: { variable, ...values } });

  if (before.fieldtype !== after.fieldtype && !COMPATIBLE.has(`${before.fieldtype}>${after.fieldtype}`)) {
    add('typeChanged', { from: before.fieldtype, to: after.fieldtype });
  }
  if (before.codelisttype !== after.codelisttype && (before.codelisttype ?? after.codelisttype) !== null) {
    add('codeListChanged', { from: before.codelisttype ?? '—', to: after.codelisttype ?? '—' });
  }
  const oldCodes = optionCodes(before, codeLists);
  const newCodes = optionCodes(after, codeLists);
  if (oldCodes !== null && newCodes !== null) {
    const removed = oldCodes.filter((c) => !newCodes.includes(c));
    if (removed.length > 0) add('optionsRemoved', { codes: removed.join(', ') });
  }
  for (const field of ['hardRange', 'softRange'] as const) {
    if (narrowed(before[field], after[field])) {
      add('rangeNarrowed', { field, from: rangeText(before[field]), to: rangeText(after[field]) });
    }
  }
  if (pair.wasTextLike && after.maxLength !== null && (before.maxLength ?? Infinity) > after.maxLength) {
    add('lengthShortened', { from: before.maxLength ?? '—', to: after.maxLength });
  }
  const fewerDecimals =
    after.precision !== null && (before.precision === null || after.precision < before.precision);
  if (!computed && before.fieldtype === 'decimal' && after.fieldtype === 'decimal' && fewerDecimals) {
    add('precisionReduced', { from: before.precision ?? '—', to: after.precision ?? '—' });
  }
  const oldPattern = before.pattern?.regex.source ?? null;
  const newPattern = after.pattern?.regex.source ?? null;
  if (newPattern !== null && newPattern !== oldPattern)
    add('patternChanged', { from: oldPattern ?? '—', to: newPattern });
  if (before.partial && !after.partial && after.fieldtype === 'date') add('partialRemoved');
  if (!before.required && after.required) add('requiredAdded');
  if (!before.hidden && after.hidden) add('hiddenAdded');
  if (computed && astOf(before) !== astOf(after)) {
    add('formulaChanged', { from: pair.oldFormula ?? '—', to: pair.newFormula ?? '—' });
  }
  return changes;
}

/** A formula's shape without positions: spacing alone is no change. */
function astOf(item: CompiledItem): string {
  return JSON.stringify(item.formula, (key, value: unknown) => (key === 'span' ? undefined : value));
}

/** The `formula` text of the raw item at `sections[i].items[j]`, or null. */
function rawFormula(raw: unknown, path: string): string | null {
  const m = /^sections\[(\d+)\]\.items\[(\d+)\]$/.exec(path);
  if (!m || !isRecord(raw) || !Array.isArray(raw.sections)) return null;
  const section: unknown = raw.sections[Number(m[1])];
  if (!isRecord(section) || !Array.isArray(section.items)) return null;
  const item: unknown = section.items[Number(m[2])];
  return isRecord(item) && typeof item.formula === 'string' ? item.formula : null;
}

export interface CompareOptions extends FormCompileOptions {
  /** The study's code lists: options removed from a code list an item names are found too. */
  codeLists?: CodeListCatalog;
}

/** What the new version would do to data entered against the old one (items by variable, rules by id). */
export function compareSchemas(
  oldRaw: unknown,
  newRaw: unknown,
  options: CompareOptions = {},
): SchemaComparison {
  const older = compileFormPartial(oldRaw, options);
  if (older.form === null) return { ok: false, side: 'old', issues: older.issues };
  const newer = compileFormPartial(newRaw, options);
  if (newer.form === null) return { ok: false, side: 'new', issues: newer.issues };
  const oldForm = older.form;
  const newForm = newer.form;
  const skipped = new Set<string>();
  for (const b of [...older.brokenItems, ...newer.brokenItems]) skipped.add(b.rawVariable ?? b.variable);
  const newIndex = formIndex(newForm);
  const oldIndex = formIndex(oldForm);
  const holdsValue = (form: CompiledForm, variable: string) => {
    const def = (form === newForm ? newIndex : oldIndex).byVariable.get(variable)?.def;
    return def !== undefined && def.valueKind !== 'none';
  };

  const changes: SchemaChange[] = [];
  for (const before of oldForm.items.values()) {
    if (skipped.has(before.variable) || !holdsValue(oldForm, before.variable)) continue;
    const after = newForm.items.get(before.variable);
    if (after === undefined || !holdsValue(newForm, after.variable)) {
      changes.push({
        code: 'itemRemoved',
        variable: before.variable,
        path: before.path,
        values: { variable: before.variable },
      });
      continue;
    }
    const pair: ItemPair = {
      before,
      after,
      computed: newIndex.byVariable.get(after.variable)?.def.computed ?? false,
      wasTextLike: oldIndex.byVariable.get(before.variable)?.def.textLike ?? false,
      oldFormula: rawFormula(oldRaw, before.path),
      newFormula: rawFormula(newRaw, after.path),
    };
    changes.push(...itemChanges(pair, options.codeLists));
  }
  for (const after of newForm.items.values()) {
    if (skipped.has(after.variable) || oldForm.items.has(after.variable) || !after.required) continue;
    changes.push({
      code: 'requiredItemAdded',
      variable: after.variable,
      path: after.path,
      values: { variable: after.variable },
    });
  }

  const oldRules = new Map(oldForm.rules.map((r) => [r.id, r]));
  const rawRules = isRecordWithRules(newRaw) ? newRaw.rules : [];
  const KIND_CODE = { show: 'showRuleAdded', check: 'checkAdded', requiredIf: 'requiredIfAdded' } as const;
  for (const rule of newForm.rules) {
    const was = oldRules.get(rule.id);
    if (
      was !== undefined &&
      was.source.trim() === rule.source.trim() &&
      was.target === rule.target &&
      was.kind === rule.kind
    ) {
      if (rule.kind !== 'check' || was.severity === rule.severity) continue;
    }
    if (!oldForm.items.has(rule.target) || skipped.has(rule.target)) continue;
    const index = rawRules.findIndex(
      (r) => typeof r === 'object' && r !== null && (r as { id?: unknown }).id === rule.id,
    );
    const values: Record<string, string | number> = {
      variable: rule.target,
      rule: rule.id,
      expr: rule.source,
    };
    if (rule.kind === 'check') values.severity = rule.severity;
    changes.push({ code: KIND_CODE[rule.kind], variable: rule.target, path: `rules[${index}]`, values });
  }
  return { ok: true, changes, oldForm, newForm, skipped: [...skipped] };
}

function isRecordWithRules(raw: unknown): raw is { rules: unknown[] } {
  return typeof raw === 'object' && raw !== null && Array.isArray((raw as { rules?: unknown }).rules);
}

export interface ChangeImpact {
  change: SchemaChange;
  /** Stored records whose value this change touches (see the table at the top). */
  affected: number;
  /** Stored records looked at. */
  of: number;
}

const VALUE_CODES: ReadonlySet<SchemaChangeCode> = new Set([
  'typeChanged',
  'codeListChanged',
  'optionsRemoved',
  'rangeNarrowed',
  'lengthShortened',
  'precisionReduced',
  'patternChanged',
  'partialRemoved',
]);

/**
 * How many stored records each change touches: values no longer valid under the new version (type, options,
 * range, length, precision, pattern, partial dates), values of removed or newly hidden items, values a new show
 * rule hides, blanks that become required, checks that now fail, calculated values that change.
 */
export function impactOnValues(
  comparison: Extract<SchemaComparison, { ok: true }>,
  stored: readonly FormValues[],
  ctx: FormContext = BUILDER_FORM_CTX,
): ChangeImpact[] {
  const { newForm } = comparison;
  const evaluations = stored.map((record) => evaluateForm(newForm, record, ctx));
  const problemsOf = new Map<number, ReturnType<typeof validateItems>>();
  const problems = (i: number) => {
    let found = problemsOf.get(i);
    if (found === undefined)
      problemsOf.set(i, (found = validateItems(newForm, stored[i]!, ctx, newForm.items.keys())));
    return found;
  };
  return comparison.changes.map((change) => {
    const { variable, code } = change;
    let affected = 0;
    stored.forEach((record, i) => {
      const value = valueIn(record, variable);
      const blank = isBlankValue(value);
      const state = evaluations[i]!.state;
      let hit = false;
      if (code === 'itemRemoved' || code === 'hiddenAdded') hit = !blank;
      else if (code === 'requiredAdded' || code === 'requiredItemAdded')
        hit = blank && state.required.has(variable);
      else if (code === 'requiredIfAdded') {
        hit = blank && (problems(i)[variable] ?? []).some((p) => p.messageId === 'form.required');
      } else if (code === 'showRuleAdded') hit = !blank && state.hidden.has(variable);
      else if (code === 'checkAdded') {
        hit = (problems(i)[variable] ?? []).some((p) => p.ruleId === change.values.rule);
      } else if (code === 'formulaChanged') {
        hit = JSON.stringify(normaliseValue(state.calculated[variable] ?? null)) !== JSON.stringify(value);
      } else if (VALUE_CODES.has(code)) {
        hit =
          !blank &&
          (problems(i)[variable] ?? []).some(
            (p) => p.ruleId === undefined && p.messageId !== 'form.required',
          );
      }
      if (hit) affected++;
    });
    return { change, affected, of: stored.length };
  });
}
