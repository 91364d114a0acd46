/**
 * ODM metadata import and export benchmark (numbers, not pass/fail; issue 17): a generated definition of 10 forms
 * × 60 items (600 items, with sections, ranges, code lists, show / calculated / required-if / check rules from
 * fixtures/forms/generateBigForm.ts) and a 10-visit schedule is exported once to ODM 1.3.2, then
 *  (a) `importOdm` of that file (target < 1 s), and
 *  (b) `exportOdmMetadata` of the definition
 * are timed RUNS times each in this Node process (the engine code the server runs; the browser runs the same
 * module). Prints median, p95 and the machine's load average.
 *
 * `npm run bench:odm` (or `npx tsx bench/odmImport.ts`). ODM_BENCH_RUNS (30).
 */
import { loadavg, cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { generateBigForm } from '../fixtures/forms/generateBigForm';
import { exportOdmMetadata } from '../engine/interchange/odm/exportOdm';
import { importOdm } from '../engine/interchange/odm/importOdm';
import type { StudyDefinition } from '../engine/interchange/types';

const RUNS = Number(process.env.ODM_BENCH_RUNS ?? 30);
const FORMS = 10;
const ITEMS_PER_FORM = 60;

function definition(): StudyDefinition {
  const forms = Array.from({ length: FORMS }, (_, i) => {
    const form = generateBigForm(ITEMS_PER_FORM);
    return { ...form, formid: `F${i + 1}`, tid: `F${i + 1}` };
  });
  return {
    studycode: 'BENCH-600',
    name: { zh_CN: '基准研究', en: 'Benchmark study' },
    description: null,
    version: 'MDV.1',
    visits: Array.from({ length: 10 }, (_, v) => ({
      visitnum: `V${v + 1}`,
      name: `Visit ${v + 1}`,
      kind: 'scheduled' as const,
      day: v * 14,
      tids: forms.slice(0, 1 + (v % FORMS)).map((f) => f.tid),
      optionalTids: [],
    })),
    forms,
    codeLists: [],
  };
}

function stats(samples: number[]): { median: number; p95: number; min: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  return { median: at(0.5), p95: at(0.95), min: sorted[0] ?? NaN };
}

function time(run: () => unknown): number[] {
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    run();
    out.push(performance.now() - t);
  }
  return out;
}

const d = definition();
const file = { fileOid: 'BENCH', creationDateTime: '2026-03-15T00:00:00Z', sourceSystem: 'bench' };
const xml = exportOdmMetadata(d, file);
const check = importOdm(xml);
const items = check.counts.items ?? 0;
if (check.definition === null || items !== FORMS * ITEMS_PER_FORM)
  throw new Error(`bench definition did not import: ${JSON.stringify(check.counts)}`);

// warm-up (JIT), then measure
for (let i = 0; i < 3; i++) importOdm(xml);
const load = loadavg()
  .map((l) => l.toFixed(2))
  .join(' ');
const imp = stats(time(() => importOdm(xml)));
const exp = stats(time(() => exportOdmMetadata(d, file)));
const ms = (n: number) => `${n.toFixed(1)} ms`;
console.log(
  `ODM metadata: ${FORMS} forms, ${items} items, ${(xml.length / 1024).toFixed(0)} KiB XML, ${RUNS} runs`,
);
console.log(`  import  median ${ms(imp.median)}  p95 ${ms(imp.p95)}  min ${ms(imp.min)}  (target < 1000 ms)`);
console.log(`  export  median ${ms(exp.median)}  p95 ${ms(exp.p95)}  min ${ms(exp.min)}`);
console.log(
  `  machine: ${cpus().length} cores, load average ${load} (1, 5, 15 min), Node ${process.version}`,
);
