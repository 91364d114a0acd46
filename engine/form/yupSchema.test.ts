import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { CTX, bigForm, compiled, vitalSigns } from './testForms';
import type { CompiledForm, FormValue, FormValues } from './types';
import { validateForm } from './validate';
import { buildYupSchema } from './yupSchema';

/** Errors as `variable:messageId`, sorted — from yup and from validateForm. */
async function yupErrors(form: CompiledForm, values: FormValues): Promise<string[]> {
  try {
    await buildYupSchema(form, CTX).validate(values, { abortEarly: false });
    return [];
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    return e.inner.map((x) => `${x.path}:${x.message}`).sort();
  }
}

function engineErrors(form: CompiledForm, values: FormValues): string[] {
  return Object.entries(validateForm(form, values, CTX))
    .flatMap(([v, list]) => {
      const first = list.find((p) => p.level === 'error');
      return first ? [`${v}:${first.messageId}`] : [];
    })
    .sort();
}

/** A deterministic corpus: good, bad, blank, unknown and out-of-range values for each item. */
function corpus(form: CompiledForm, size: number): FormValues[] {
  const pool: Record<string, FormValue[]> = {
    text: ['abc', '', 'x'.repeat(120), null],
    textarea: ['long text', null],
    integer: ['12', '12a', 'UK', '-5', '300', null, ''],
    decimal: ['36.6', '36.66', '1e3', '50', '38', null],
    date: ['2024-06-01', '2024-02-30', '2024-03-UK', '2099-01-01', null],
    time: ['08:30', '25:00', null],
    datetime: ['2024-01-01 10:00', '2024-01-01', null],
    radio: ['Y', 'N', 'X', null],
    select: ['Y', 'Z', null],
    checkbox: [['Y'], ['Y', 'Y'], ['Q'], [], null],
    calculated: [null],
  };
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed;
  };
  const out: FormValues[] = [];
  for (let n = 0; n < size; n++) {
    const values: Record<string, FormValue> = {};
    for (const item of form.items.values()) {
      const choices = pool[item.fieldtype] ?? [null];
      values[item.variable] = choices[next() % choices.length] ?? null;
    }
    out.push(values);
  }
  return out;
}

describe('buildYupSchema', () => {
  it('passes good values and reports each item error with its message id', async () => {
    const vs = compiled(vitalSigns());
    const good = { VSDAT: '2024-06-01', SYSBP: '120', DIABP: '80', WEIGHT: '70', HEIGHT: '175', PERF: 'Y' };
    expect(await yupErrors(vs, good)).toEqual([]);
    expect(await yupErrors(vs, { ...good, SYSBP: '12a', VSDAT: null })).toEqual([
      'SYSBP:form.notInteger',
      'VSDAT:form.required',
    ]);
  });

  it('agrees with validateForm on a corpus of values (vital signs and a generated form)', async () => {
    const forms = [compiled(vitalSigns()), compiled(bigForm(100))];
    let compared = 0;
    let errors = 0;
    for (const form of forms) {
      for (const values of corpus(form, 40)) {
        const expected = engineErrors(form, values);
        expect(await yupErrors(form, values)).toEqual(expected);
        compared += 1;
        errors += expected.length;
      }
    }
    expect(compared).toBe(80);
    expect(errors).toBeGreaterThan(200); // the corpus is not trivially clean
  });
});
