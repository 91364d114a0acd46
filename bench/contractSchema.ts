/**
 * CPU per request of the server's parameter validation (issue 15): real endpoints' params validated as
 * `server/core/http/route.ts` does it (`await validate(raw, { abortEarly: false, stripUnknown: true })`, a fresh
 * options object each time), N per round, CPU time (process.cpuUsage), median of 3 rounds.
 *
 * `npx tsx bench/contractSchema.ts` times engine/schema. To compare with yup (docs/contract-schema.md), point
 * CONTRACT_COPY at the `engine/api/allEndpoints.ts` of a copy of the commit before the migration with yup installed
 * beside it (`git archive 0fddaa9 engine | tar -x -C /tmp/yupcopy; cd /tmp/yupcopy; npm i --no-save yup@1.7.1`);
 * rounds then alternate between the two. N (100,000).
 */
import { allEndpoints } from '../engine/api/allEndpoints';

interface Validates {
  validate(value: unknown, options: object): Promise<unknown>;
}
type Endpoints = Record<string, { params: Validates }>;

const N = Number(process.env.N ?? 100_000);
const CASES: [name: string, kind: string, raw: unknown][] = [
  [
    'subjectList',
    'query texts cast to numbers',
    { page: '2', size: '20', orderByField: 'subjid', sorttid: 'x' },
  ],
  [
    'saveData',
    'JSON body with form values',
    {
      subjectid: 'S1',
      visitnum: 'V1',
      cycnum: 1,
      svnum: 1,
      tid: 'AE',
      version: 3,
      confirmWarnings: false,
      idempotencyKey: '0f0e6f4e-1c2b-4f57-9d1e-1234567890ab',
      values: { AETERM: 'Headache', AESTDAT: '2026-01-02', AESEV: '2', AESER: 'N', AEREL: '1' },
    },
  ],
  ['dataInfo', 'query', { subjectid: 'S1', visitnum: 'V1', cycnum: '1', svnum: '1', tid: 'AE' }],
  ['dataInfo', 'invalid: 3 errors', { subjectid: 12, visitnum: '', cycnum: 'x', tid: 'AE' }],
];

async function cpuMs(schema: Validates, raw: unknown): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < N; i++) {
    try {
      await schema.validate(raw, { abortEarly: false, stripUnknown: true });
    } catch {
      // refused: counted like an answer
    }
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const each = (ms: number): string => `${((ms * 1000) / N).toFixed(2)} µs`;

const ours = allEndpoints as unknown as Endpoints;
const copy = process.env.CONTRACT_COPY;
const theirs = copy ? ((await import(copy)) as { allEndpoints: Endpoints }).allEndpoints : undefined;

for (const [name, kind, raw] of CASES) {
  const a = ours[name]!.params;
  const b = theirs?.[name]?.params;
  await cpuMs(a, raw); // warm-up
  if (b) await cpuMs(b, raw);
  const mine: number[] = [];
  const other: number[] = [];
  for (let round = 0; round < 3; round++) {
    mine.push(await cpuMs(a, raw));
    if (b) other.push(await cpuMs(b, raw));
  }
  const line = `${name} (${kind}): engine/schema ${each(median(mine))}`;
  console.log(
    b ? `${line}, copy ${each(median(other))} (× ${(median(other) / median(mine)).toFixed(1)})` : line,
  );
}
