/**
 * Differential test against yup (while it is still installed): every endpoint's params (as the server validates
 * them: not strict, stripUnknown, all errors) and data (as the client does: strict, all errors) judged by the yup
 * contract (HEAD's engine, copied to /tmp/yupcopy) and by ours, on generated values; same result or same errors.
 */
import fc from 'fast-check';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allEndpoints } from '../api/allEndpoints';
import { ALL_FIXTURES } from '../../fixtures/index';

/** `git archive <commit before the migration> engine | tar -x -C /tmp/yupcopy` and a node_modules link with yup. */
const YUP_COPY = '/tmp/yupcopy/engine/api/allEndpoints.ts';
const yupEndpoints: Record<string, unknown> = existsSync(YUP_COPY)
  ? ((await import(/* @vite-ignore */ YUP_COPY)) as { allEndpoints: Record<string, unknown> }).allEndpoints
  : {};

interface Judge {
  validateSync(v: unknown, o: object): unknown;
  describe(): { type: string; fields?: Record<string, unknown>; innerType?: unknown };
}
type Outcome =
  | { ok: true; value: unknown }
  | { ok: false; kind: string; errors?: string[]; paths?: (string | undefined)[] };

function run(schema: Judge, value: unknown, options: object): Outcome {
  const outcome = runOnce(schema, value, options);
  tally[outcome.ok ? 'ok' : outcome.kind === 'other' ? 'other' : 'invalid'] += 1;
  return outcome;
}
function runOnce(schema: Judge, value: unknown, options: object): Outcome {
  try {
    return { ok: true, value: schema.validateSync(structuredCloneSafe(value), options) };
  } catch (err) {
    const e = err as { name: string; errors?: string[]; inner?: { path?: string }[]; path?: string };
    if (e.name === 'ValidationError')
      return {
        ok: false,
        kind: 'ValidationError',
        errors: e.errors,
        paths: (e.inner && e.inner.length > 0 ? e.inner : [e]).map((i) => i.path),
      };
    return { ok: false, kind: 'other' };
  }
}
function structuredCloneSafe(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(structuredCloneSafe);
  if (v && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, structuredCloneSafe(x)]));
  return v;
}

const junk = fc.oneof(
  fc.constantFrom(
    '12',
    ' 12 ',
    '12a',
    '',
    ' x',
    'x ',
    '0',
    '1',
    'true',
    'false',
    '-1',
    '1.5',
    '1e3',
    '0x10',
    '2147483648',
    'a\u0000b',
    '\uD800',
  ),
  fc.integer(),
  fc.constantFrom(0, -0, 1.5, -2147483649, 2147483647, 2147483648, Infinity, NaN),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.string({ maxLength: 6 }),
  fc.constant([]),
  fc.constant({}),
  fc.constant(['a', 1]),
  fc.constant({ zh_CN: 'a', en: 'b' }),
);

type Desc = { type: string; fields?: Record<string, Desc>; innerType?: Desc; oneOf?: unknown[] };
function arb(d: Desc | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!d || depth > 4) return junk;
  const valid: fc.Arbitrary<unknown>[] = [];
  if (d.oneOf && d.oneOf.length) valid.push(fc.constantFrom(...d.oneOf));
  if (d.type === 'object' && d.fields) {
    const entries = Object.entries(d.fields);
    valid.push(
      fc
        .tuple(
          fc.record(Object.fromEntries(entries.map(([k, f]) => [k, arb(f, depth + 1)])), {
            requiredKeys: [],
          }),
          fc.option(fc.dictionary(fc.constantFrom('extra', 'toString', 'a.b'), junk, { maxKeys: 2 }), {
            nil: undefined,
          }),
        )
        .map(([r, extra]) => ({ ...(extra ?? {}), ...r })),
    );
  } else if (d.type === 'array') {
    valid.push(fc.array(arb(d.innerType, depth + 1), { maxLength: 3 }));
  } else if (d.type === 'string') {
    valid.push(fc.string({ maxLength: 8 }), fc.constantFrom('BJ01', ' a ', '', 'x'.repeat(200)));
  } else if (d.type === 'number') {
    valid.push(
      fc.integer({ min: -3, max: 200 }),
      fc.double({ noNaN: true }),
      fc.constantFrom('7', ' 3 ', '3.5'),
    );
  } else if (d.type === 'boolean') {
    valid.push(fc.boolean(), fc.constantFrom('true', '0'));
  }
  return valid.length
    ? fc.oneof({ arbitrary: fc.oneof(...valid), weight: 4 }, { arbitrary: junk, weight: 1 })
    : junk;
}

const RUNS = Number(process.env.DIFF_RUNS ?? 150);
const tally = { ok: 0, invalid: 0, other: 0 };

type Def = { name: string; params: Judge; data: Judge };
const ours = Object.values(allEndpoints) as unknown as Def[];
const theirs = new Map((Object.values(yupEndpoints) as Def[]).map((d) => [d.name, d]));

/** A value with one leaf replaced by junk, one key dropped or added. */
function mutate(value: unknown): fc.Arbitrary<unknown> {
  const paths: (string | number)[][] = [];
  const walk = (v: unknown, p: (string | number)[]) => {
    paths.push(p);
    if (paths.length > 200) return;
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...p, i]));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, [...p, k]);
  };
  walk(value, []);
  return fc.tuple(fc.constantFrom(...paths), junk, fc.constantFrom('set', 'delete')).map(([p, j, op]) => {
    const copy = structuredCloneSafe(value);
    if (p.length === 0) return op === 'set' ? j : copy;
    let parent = copy as Record<string | number, unknown>;
    for (const k of p.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
    const last = p[p.length - 1]!;
    if (op === 'delete' && !Array.isArray(parent)) delete parent[last];
    else parent[last] = j;
    return copy;
  });
}

describe.skipIf(!existsSync(YUP_COPY))('engine/schema against yup', () => {
  it.each(ours.map((d) => [d.name, d] as const))('%s params (server)', (name, def) => {
    const yupDef = theirs.get(name);
    if (!yupDef) return;
    fc.assert(
      fc.property(arb(yupDef.params.describe() as Desc), fc.boolean(), (value, abortEarly) => {
        const options = { abortEarly, stripUnknown: true };
        expect(run(def.params, value, options)).toEqual(run(yupDef.params, value, options));
      }),
      { numRuns: RUNS },
    );
  });

  it('every fixture response, mutated (client)', () => {
    let compared = 0;
    for (const { def, body } of ALL_FIXTURES) {
      const yupDef = theirs.get(def.name);
      const data = (body as { data?: unknown }).data;
      if (!yupDef || (body as { success?: boolean }).success === false) continue;
      compared += 1;
      fc.assert(
        fc.property(mutate(data), fc.boolean(), (value, abortEarly) => {
          const options = { strict: true, abortEarly };
          expect(run(def.data as unknown as Judge, value, options)).toEqual(run(yupDef.data, value, options));
        }),
        { numRuns: Math.ceil(RUNS / 3) },
      );
    }
    expect(compared).toBeGreaterThan(100);
  }, 300_000);

  it('judged valid, invalid and unreadable values', () => {
    expect(tally.ok).toBeGreaterThan(100);
    expect(tally.invalid).toBeGreaterThan(100);
    console.log('outcomes', tally);
  });
});
