/**
 * compileForm never throws, whatever JSON it is given: random values, and valid schemas with random parts replaced.
 * Whatever compiles is then evaluated, validated and planned with random values — none of that throws either.
 */
import { describe, expect, it } from 'vitest';
import { compileForm } from './compile/compileForm';
import { planSave, prepareForSave } from './save';
import { evaluateFormState } from './state';
import { bigForm, CTX, vitalSigns } from './testForms';
import { validateForm, validateItems } from './validate';

function rng(seed: number) {
  let s = seed;
  return () => (s = (s * 48271) % 2147483647) / 2147483647;
}

const ATOMS: unknown[] = [
  null,
  undefined,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  Number.NaN,
  '',
  ' ',
  'x',
  'text',
  'integer',
  'calculated',
  'radio',
  'check',
  'show',
  'hard',
  '[SYSBP] > ',
  '[NOPE] = 1',
  '[BMI] + 1',
  '__proto__',
  'constructor',
  'toString',
  '(((',
  'a'.repeat(300),
  [],
  {},
  { min: 'a' },
  { min: 5, max: 1 },
  [{ codevalue: 'A', codedesp: 'A' }],
  [{ codevalue: 1 }],
];

function randomJson(random: () => number, depth: number): unknown {
  const r = random();
  if (depth <= 0 || r < 0.5) return ATOMS[Math.floor(random() * ATOMS.length)];
  if (r < 0.75) return Array.from({ length: Math.floor(random() * 4) }, () => randomJson(random, depth - 1));
  const keys = [
    'formid',
    'tid',
    'name',
    'version',
    'sections',
    'rules',
    'items',
    'variable',
    'fieldtype',
    'label',
    'id',
    'kind',
    'expr',
    'target',
    'formula',
    'selector',
    '__proto__',
  ];
  const o: Record<string, unknown> = {};
  for (let i = Math.floor(random() * 5); i > 0; i--) {
    o[keys[Math.floor(random() * keys.length)]!] = randomJson(random, depth - 1);
  }
  return o;
}

/** A deep copy of `value` with one random node replaced by random JSON. */
function mutate(value: unknown, random: () => number): unknown {
  const copy = JSON.parse(JSON.stringify(value)) as unknown;
  let node = copy;
  for (let step = 0; step < 6; step++) {
    if (typeof node !== 'object' || node === null) break;
    const keys = Object.keys(node);
    if (keys.length === 0) break;
    const key = keys[Math.floor(random() * keys.length)]!;
    const child = (node as Record<string, unknown>)[key];
    if (random() < 0.3 || typeof child !== 'object' || child === null) {
      (node as Record<string, unknown>)[key] = randomJson(random, 2);
      return copy;
    }
    node = child;
  }
  return copy;
}

const VALUE_ATOMS = [
  5,
  {},
  [1, 'A'],
  [null],
  null,
  '',
  ' 12 ',
  '12a',
  'UK',
  '2024-02-29',
  '2024-03-UK',
  '10:30',
  'A',
  ['A', 'B'],
  ['A', 'A'],
  [],
  '1.25',
  '-3',
];

describe('compileForm fuzz', () => {
  it('never throws on random JSON', () => {
    const random = rng(7);
    for (let i = 0; i < 1500; i++) {
      const raw = randomJson(random, 5);
      expect(() => compileForm(raw)).not.toThrow();
    }
  });

  it('never throws on mutated valid schemas; whatever compiles evaluates, validates and plans without throwing', () => {
    const random = rng(11);
    const bases = [vitalSigns(), bigForm(40)];
    let compiledCount = 0;
    for (let i = 0; i < 1500; i++) {
      let raw: unknown = bases[i % bases.length];
      for (let m = 1 + Math.floor(random() * 3); m > 0; m--) raw = mutate(raw, random);
      const result = compileForm(raw);
      if (!result.ok) {
        expect(result.issues.length).toBeGreaterThan(0);
        for (const issue of result.issues) expect(typeof issue.path).toBe('string');
        continue;
      }
      compiledCount++;
      const form = result.form;
      const values: Record<string, unknown> = {};
      for (const v of form.items.keys()) values[v] = VALUE_ATOMS[Math.floor(random() * VALUE_ATOMS.length)];
      const vals = values as never;
      expect(() => {
        evaluateFormState(form, vals, CTX);
        validateForm(form, vals, CTX);
        validateItems(form, vals, CTX, [...form.items.keys()].slice(0, 2));
        prepareForSave(form, vals, CTX);
        planSave({ form, ctx: CTX, saved: null, values: vals, confirmedWarnings: false, reasons: {} });
        planSave({ form, ctx: CTX, saved: vals, values: {}, confirmedWarnings: true, reasons: {} });
      }).not.toThrow();
    }
    expect(compiledCount).toBeGreaterThan(100);
  });
});
