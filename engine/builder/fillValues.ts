/**
 * fillValues: values generated from a compiled form, to try it in the preview — reproducible by seed.
 *
 * - `valid`: every item that takes a value gets one its type, length, options and ranges accept (inside the soft
 *   range when there is one); a text item with a pattern gets the first of a few candidates that matches, or stays
 *   blank. Check rules may still fire: that is what trying the form shows.
 * - `edge`: each item gets one of its edge values — range limits (hard min/max), just outside the soft range, the
 *   most decimals allowed, text of exactly the maximum length, partial dates where allowed, 29 February, the first
 *   or last option, every option of a multi-choice — and a required item may stay blank.
 *
 * Calculated items are left blank (the form computes them); static, file and image items get no entry.
 * Field types the engine does not know get null.
 */
import { formIndex } from '../form/formIndex';
import type {
  CompiledForm,
  CompiledItem,
  CompiledRange,
  FormContext,
  FormValue,
  FormValues,
} from '../form/types';

export type FillMode = 'valid' | 'edge';

/** What fillValues assumes when no session is given: long texts, no unknown numbers, a fixed today. */
export const BUILDER_FORM_CTX: FormContext = {
  textLimit: 2000,
  numUnknownAllowed: false,
  today: '2026-01-15',
};

/** A small, fast, seeded generator (mulberry32): the same seed gives the same values. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const between = (random: Random, lo: number, hi: number) => lo + random() * (hi - lo);
const pad = (n: number) => String(n).padStart(2, '0');

/** The range values are drawn from: the soft range inside the hard one, else the hard one, else a default. */
function drawRange(item: CompiledItem, width: number): [number, number] {
  const end = (r: CompiledRange | null, which: 'min' | 'max') => r?.[which] ?? null;
  const min = end(item.softRange, 'min') ?? end(item.hardRange, 'min');
  const max = end(item.softRange, 'max') ?? end(item.hardRange, 'max');
  const lo = min ?? (max !== null && max < 0 ? max - width : 0);
  return [lo, max ?? lo + width];
}

function decimalText(n: number, digits: number): string {
  return digits <= 0 ? String(Math.round(n)) : n.toFixed(digits);
}

function fullDate(random: Random, today: string): string {
  const year = Number(today.slice(0, 4)) || 2026;
  const y = year - Math.floor(random() * 5);
  const m = 1 + Math.floor(random() * 12);
  const d = 1 + Math.floor(random() * 28);
  const text = `${y}-${pad(m)}-${pad(d)}`;
  return text > today ? today : text;
}

function time(random: Random): string {
  return `${pad(Math.floor(random() * 24))}:${pad(Math.floor(random() * 60))}`;
}

const TEXT_CANDIDATES = ['Text', 'ABC', 'abc', 'A1', '123', '1', 'A', 'x', 'AB-12', 'test@example.org'];

function textValue(item: CompiledItem, random: Random, maxLength: number): FormValue {
  if (item.pattern !== null) {
    const match = TEXT_CANDIDATES.find((c) => c.length <= maxLength && item.pattern!.regex.test(c));
    return match ?? null;
  }
  const text = `${pick(random, ['Sample', 'Example', 'Entry', 'Note'])} ${1 + Math.floor(random() * 99)}`;
  return text.slice(0, maxLength);
}

function validValue(item: CompiledItem, kind: string, random: Random, ctx: FormContext): FormValue {
  const maxLength = item.maxLength ?? ctx.textLimit;
  const options = item.options ?? [];
  switch (kind) {
    case 'text':
    case 'textarea':
      return textValue(item, random, maxLength);
    case 'integer': {
      const [lo, hi] = drawRange(item, 100);
      const a = Math.ceil(lo);
      const b = Math.floor(hi);
      return b < a ? null : String(a + Math.floor(random() * (b - a + 1)));
    }
    case 'decimal': {
      const digits = Math.min(item.precision ?? 1, 3);
      const [lo, hi] = drawRange(item, 100);
      const step = 10 ** -digits;
      const n = Math.min(Math.max(between(random, lo, hi), lo), hi);
      const text = decimalText(Math.round(n / step) * step, digits);
      const back = Number(text);
      return back < lo || back > hi ? decimalText(lo, digits) : text;
    }
    case 'date':
      return fullDate(random, ctx.today);
    case 'time':
      return time(random);
    case 'datetime':
      return `${fullDate(random, ctx.today)} ${time(random)}`;
    case 'radio':
    case 'select':
      return options.length === 0 ? null : pick(random, options).value;
    case 'checkbox':
    case 'mselect': {
      if (options.length === 0) return null;
      const chosen = options.filter(() => random() < 0.5).map((o) => o.value);
      return chosen.length > 0 ? chosen : [pick(random, options).value];
    }
    default:
      return null;
  }
}

/** Just outside a soft end, inside the hard range: `step` beyond the end. */
function outside(item: CompiledItem, end: 'min' | 'max', step: number): number | null {
  const soft = item.softRange?.[end] ?? null;
  if (soft === null) return null;
  const n = end === 'min' ? soft - step : soft + step;
  const hard = item.hardRange;
  if (hard !== null && ((hard.min !== null && n < hard.min) || (hard.max !== null && n > hard.max)))
    return null;
  return n;
}

function numberEdges(item: CompiledItem, digits: number): FormValue[] {
  const step = 10 ** -digits;
  const edges: (number | null)[] = [
    item.hardRange?.min ?? null,
    item.hardRange?.max ?? null,
    outside(item, 'min', step),
    outside(item, 'max', step),
  ];
  const found = edges.filter((n): n is number => n !== null);
  if (found.length === 0) found.push(0, -1, 99999);
  return found.map((n) => decimalText(n, digits));
}

function edgeValues(item: CompiledItem, kind: string, ctx: FormContext): FormValue[] {
  const maxLength = item.maxLength ?? ctx.textLimit;
  const options = item.options ?? [];
  const year = ctx.today.slice(0, 4);
  switch (kind) {
    case 'text':
    case 'textarea':
      return item.pattern !== null ? [null] : ['X'.repeat(maxLength), 'X'];
    case 'integer':
      return numberEdges(item, 0);
    case 'decimal':
      return numberEdges(item, Math.min(item.precision ?? 2, 6));
    case 'date': {
      const dates: FormValue[] = ['2024-02-29', ctx.today];
      if (item.partial) dates.push(`${year}-03-UK`, `${year}-UK-UK`);
      return item.partial ? dates.slice(2) : dates;
    }
    case 'time':
      return ['00:00', '23:59'];
    case 'datetime':
      return [`2024-02-29 00:00`, `${ctx.today} 23:59`];
    case 'radio':
    case 'select':
      return options.length === 0 ? [null] : [options[0]!.value, options[options.length - 1]!.value];
    case 'checkbox':
    case 'mselect':
      return options.length === 0 ? [null] : [options.map((o) => o.value)];
    default:
      return [null];
  }
}

/**
 * Values for every item that takes one (document order). `ctx` gives the text limit of items without a length and
 * today (dates are not after it); default BUILDER_FORM_CTX.
 */
export function fillValues(
  form: CompiledForm,
  mode: FillMode,
  seed: number,
  ctx: FormContext = BUILDER_FORM_CTX,
): FormValues {
  const random = seededRandom(seed);
  const values: Record<string, FormValue> = {};
  const index = formIndex(form);
  for (const item of form.items.values()) {
    const def = index.byVariable.get(item.variable)?.def;
    if (def === undefined || def.valueKind === 'none') continue;
    if (def.computed) {
      values[item.variable] = null;
      continue;
    }
    if (mode === 'valid') {
      const value = validValue(item, def.name, random, ctx);
      const ok = value === null || !def.checkValue(item, value, ctx).some((p) => p.level === 'error');
      values[item.variable] = ok ? value : null;
    } else {
      const candidates = edgeValues(item, def.name, ctx);
      if (item.required) candidates.push(null);
      values[item.variable] = pick(random, candidates);
    }
  }
  return values;
}
