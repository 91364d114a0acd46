/**
 * Server validation of a 500-item save (numbers, not pass/fail; target ≤ 20 ms):
 *  (a) the engine as the server runs it, in Node: prepareForSave + planSave (whole-form validation and edit checks)
 *      of the generated 500-item form, and validateForm alone; compileForm once (cold) for the record;
 *  (b) through the reference server in-process (Fastify inject, PGlite): `editcheck/check.do` with the 500 values
 *      (parameters, guards, schema from the database, validation) and `savedata.do` of a new record (validation,
 *      the record and 500 audit rows in one transaction).
 *
 * `npm run bench:formServer`. FORM_BENCH_RUNS (200 engine runs; HTTP runs are a tenth of it, at least 20).
 */
import { compileForm, planSave, validateForm, type FormContext } from '../engine/form';
import { generateBigForm } from '../fixtures/forms';
import { plausibleValues } from './support/formValues';
import { printStats, stat, type Stat } from './support/pageBench';

const RUNS = Number(process.env.FORM_BENCH_RUNS ?? 200);
const HTTP_RUNS = Math.max(20, Math.round(RUNS / 10));
const CTX: FormContext = { textLimit: 2000, numUnknownAllowed: false, today: '2026-11-21' };

function time(runs: number, once: () => void): { first: number; runs: number[] } {
  const t0 = performance.now();
  once();
  const first = performance.now() - t0;
  for (let i = 0; i < 20; i++) once();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    once();
    times.push(performance.now() - t);
  }
  return { first, runs: times };
}

const stats: Stat[] = [];
const raw = generateBigForm(500);
const t0 = performance.now();
const compiled = compileForm(raw);
const compileMs = performance.now() - t0;
if (!compiled.ok) throw new Error(`BIG500 does not compile: ${JSON.stringify(compiled.issues)}`);
const form = compiled.form;
const values = plausibleValues(form, CTX);
const entered = Object.values(values).filter((v) => v !== null).length;

const plan = time(RUNS, () => {
  planSave({ form, ctx: CTX, saved: null, values, confirmedWarnings: true, reasons: {} });
});
stats.push(stat('engine: prepareForSave + planSave, 500 items (new record)', plan.runs, plan.first));
const changed = { ...values, [form.sections[10]!.items[3]!.variable]: null };
const update = time(RUNS, () => {
  planSave({ form, ctx: CTX, saved: values, values: changed, confirmedWarnings: true, reasons: {} });
});
stats.push(stat('engine: planSave of a change, 500 items (saved record)', update.runs, update.first));
const full = time(RUNS, () => {
  validateForm(form, values, CTX);
});
stats.push(stat('engine: validateForm, 500 items', full.runs, full.first));

const { runHttpBench } = await import('./formServerHttp');
stats.push(...(await runHttpBench(values, HTTP_RUNS)));

printStats(
  `Server validation of the generated 500-item form (${entered} items entered), Node ${process.version} (ms); compileForm cold: ${compileMs.toFixed(1)} ms`,
  stats,
  { node: process.version, runs: RUNS, httpRuns: HTTP_RUNS, compileMs },
);
