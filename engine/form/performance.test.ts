/**
 * Rough timings of the hot paths (targets: compileForm of 1,000 items < 50 ms, validateForm of 500 items < 5 ms in
 * Node). Printed, with generous bounds only — the machine is shared; benches are not unit tests.
 */
import { describe, expect, it } from 'vitest';
import { compileForm } from './compile/compileForm';
import { bigForm, CTX, compiled } from './testForms';
import type { FormValue } from './types';
import { validateForm, validateItems } from './validate';

function median(run: () => void, times: number): number {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    run();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? 0;
}

describe('performance', () => {
  it('compiles 1,000 items and validates 500 well within the targets', () => {
    const raw1000 = bigForm(1000);
    for (let i = 0; i < 3; i++) compileForm(raw1000); // warm up
    const compileMs = median(() => compileForm(raw1000), 10);

    const form500 = compiled(bigForm(500));
    const values: Record<string, FormValue> = {};
    for (const item of form500.items.values()) {
      values[item.variable] =
        item.fieldtype === 'checkbox'
          ? ['Y']
          : item.fieldtype === 'date'
            ? '2024-01-01'
            : item.fieldtype === 'text'
              ? 'abc'
              : item.fieldtype === 'radio' || item.fieldtype === 'select'
                ? 'Y'
                : '12';
    }
    for (let i = 0; i < 5; i++) validateForm(form500, values, CTX);
    const validateMs = median(() => validateForm(form500, values, CTX), 20);
    const deps = form500.dependents.get('V17') ?? [];
    const liveMs = median(() => validateItems(form500, values, CTX, ['V17', ...deps]), 20);

    console.log(
      `compileForm(1000 items): ${compileMs.toFixed(2)} ms; validateForm(500 items): ${validateMs.toFixed(2)} ms; ` +
        `validateItems(1 + ${deps.length} dependents of 500): ${liveMs.toFixed(2)} ms`,
    );
    expect(compileMs).toBeLessThan(500);
    expect(validateMs).toBeLessThan(100);
  });
});
