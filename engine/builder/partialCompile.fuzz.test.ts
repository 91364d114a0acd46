/**
 * compileFormPartial on broken schemas: never throws; agrees with compileForm on the issues; every issue belongs to a
 * broken item, a broken rule or the form; whatever it gives evaluates, validates and fills without throwing.
 */
import { describe, expect, it } from 'vitest';
import { compileForm } from '../form/compile/compileForm';
import { prepareForSave } from '../form/save';
import { bigForm, CTX, vitalSigns } from '../form/testForms';
import { validateForm } from '../form/validate';
import { explainVisibility } from './explainVisibility';
import { fillValues, seededRandom } from './fillValues';
import { compileFormPartial } from './partialCompile';

const ATOMS: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  '',
  'x',
  'integer',
  'radio',
  'show',
  '[SYSBP] > ',
  '[NOPE] = 1',
  '[BMI] + 1',
  '[PERF] = 5',
  'false',
  '__proto__',
  '(((',
  [],
  {},
  { min: 5, max: 1 },
  [{ codevalue: 'A', codedesp: 'A' }],
  [{ codevalue: 1 }],
];

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
      (node as Record<string, unknown>)[key] = ATOMS[Math.floor(random() * ATOMS.length)];
      return copy;
    }
    node = child;
  }
  return copy;
}

describe('compileFormPartial fuzz', () => {
  it('shows what compiles of mutated schemas, accounting for every issue', () => {
    const random = seededRandom(5);
    const bases = [vitalSigns(), bigForm(40)];
    let partial = 0;
    for (let i = 0; i < 400; i++) {
      let raw: unknown = bases[i % bases.length];
      for (let m = 1 + Math.floor(random() * 3); m > 0; m--) raw = mutate(raw, random);
      const full = compileForm(raw);
      const result = compileFormPartial(raw);
      expect(result.issues).toEqual(full.ok ? [] : full.issues);
      if (full.ok) {
        expect([...(result.form?.items.keys() ?? [])]).toEqual([...full.form.items.keys()]);
        continue;
      }
      const owned = [
        ...result.formIssues,
        ...result.brokenItems.flatMap((b) => b.issues),
        ...result.brokenRules.flatMap((r) => r.issues),
      ];
      // nothing to show only when the sections themselves are unusable
      if (result.form === null) {
        expect(full.issues.some((x) => x.path === 'sections')).toBe(true);
        continue;
      }
      for (const issue of full.issues)
        expect(owned, JSON.stringify([issue, result.formIssues])).toContainEqual(issue);
      partial++;
      const form = result.form;
      expect(() => {
        const values = fillValues(form, i % 2 === 0 ? 'valid' : 'edge', i, CTX);
        validateForm(form, values, CTX);
        prepareForSave(form, values, CTX);
        explainVisibility(form, values, CTX);
      }).not.toThrow();
    }
    expect(partial).toBeGreaterThan(100);
  }, 60_000);
});
