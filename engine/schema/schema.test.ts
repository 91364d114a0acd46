/**
 * The contract schemas' behaviour the project depends on (yup's semantics): casting only when not strict, defaults,
 * presence, paths of nested errors, every error collected, unknown keys stripped, yup's messages.
 */
import { describe, expect, it } from 'vitest';
import * as cs from './index';

function errorsOf(run: () => unknown): { errors: string[]; paths: (string | undefined)[] } {
  try {
    run();
  } catch (err) {
    if (!(err instanceof cs.ValidationError)) throw err;
    const inner = err.inner.length > 0 ? err.inner : [err];
    return { errors: err.errors, paths: inner.map((e) => e.path) };
  }
  throw new Error('no error');
}

describe('numbers', () => {
  const page = cs.object({ page: cs.number().integer().min(1).required() });

  it('a non-strict number reads a query text and refuses one that is no number, saying what it was cast from', () => {
    expect(page.validateSync({ page: '12' })).toEqual({ page: 12 });
    expect(page.validateSync({ page: ' 1 2 ' })).toEqual({ page: 12 });
    expect(errorsOf(() => page.validateSync({ page: '12a' })).errors).toEqual([
      'page must be a `number` type, but the final value was: `NaN` (cast from the value `"12a"`).',
    ]);
    expect(errorsOf(() => page.validateSync({ page: '' })).errors[0]).toMatch(
      /^page must be a `number` type/,
    );
  });

  it('a strict number never casts', () => {
    const strict = cs.object({ n: cs.number().strict().required() });
    expect(errorsOf(() => strict.validateSync({ n: '12' })).errors).toEqual([
      'n must be a `number` type, but the final value was: `"12"`.',
    ]);
    expect(strict.validateSync({ n: 3.5 })).toEqual({ n: 3.5 });
  });

  it('min, max and integer use yup texts and ${min}/${max}; a custom message is interpolated', () => {
    const n = cs.number().integer().min(1).max(10);
    expect(errorsOf(() => n.validateSync(0)).errors).toEqual(['this must be greater than or equal to 1']);
    expect(errorsOf(() => n.validateSync(11)).errors).toEqual(['this must be less than or equal to 10']);
    expect(errorsOf(() => n.validateSync(1.5)).errors).toEqual(['this must be an integer']);
    const own = cs.object({ x: cs.number().min(-5, '${path} must be at least ${min}') });
    expect(errorsOf(() => own.validateSync({ x: -6 })).errors).toEqual(['x must be at least -5']);
  });

  it('round() rounds when casting', () => {
    expect(cs.number().round('floor').validateSync('2.7')).toBe(2);
    expect(cs.number().round().validateSync(2.5)).toBe(3);
  });
});

describe('strings', () => {
  it('a strict string refuses 12; a non-strict one reads it as "12"', () => {
    expect(errorsOf(() => cs.string().strict().validateSync(12)).errors).toEqual([
      'this must be a `string` type, but the final value was: `12`.',
    ]);
    expect(cs.string().validateSync(12)).toBe('12');
  });

  it('trim() trims when casting and refuses an untrimmed text when strict', () => {
    expect(cs.string().trim().validateSync('  a ')).toBe('a');
    expect(errorsOf(() => cs.string().strict().trim().validateSync(' a')).errors).toEqual([
      'this must be a trimmed string',
    ]);
  });

  it('required() refuses undefined, null and the empty text; defined() only undefined', () => {
    const r = cs.string().required();
    for (const v of [undefined, null, '']) {
      expect(errorsOf(() => r.validateSync(v)).errors).toEqual(['this is a required field']);
    }
    expect(errorsOf(() => cs.string().defined().validateSync(undefined)).errors).toEqual([
      'this must be defined',
    ]);
    expect(cs.string().defined().validateSync('')).toBe('');
    expect(errorsOf(() => cs.string().validateSync(null)).errors).toEqual(['this cannot be null']);
    expect(cs.string().nullable().validateSync(null)).toBeNull();
  });

  it('oneOf names the allowed values; min/max/length/matches', () => {
    const kind = cs.string().oneOf(['page', 'item'] as const);
    expect(errorsOf(() => kind.validateSync('row')).errors).toEqual([
      'this must be one of the following values: page, item',
    ]);
    expect(kind.validateSync(undefined)).toBeUndefined();
    const s = cs.string().min(2).max(3);
    expect(errorsOf(() => s.validateSync('a')).errors).toEqual(['this must be at least 2 characters']);
    expect(errorsOf(() => s.validateSync('abcd')).errors).toEqual(['this must be at most 3 characters']);
    expect(errorsOf(() => cs.string().length(2).validateSync('a')).errors).toEqual([
      'this must be exactly 2 characters',
    ]);
    expect(errorsOf(() => cs.string().matches(/^\d+$/).validateSync('x')).errors).toEqual([
      'this must match the following: "/^\\d+$/"',
    ]);
  });

  it('an exclusive test replaces the one of its name (max(5).max(3) checks 3)', () => {
    expect(cs.string().max(5).max(3).isValidSync('abcd')).toBe(false);
    expect(cs.string().max(3).max(5).isValidSync('abcd')).toBe(true);
  });
});

describe('booleans', () => {
  it('read "true"/"1"/"false"/"0" when not strict; strict refuses them', () => {
    expect(cs.boolean().validateSync('1')).toBe(true);
    expect(cs.boolean().validateSync('FALSE')).toBe(false);
    expect(cs.boolean().strict().isValidSync('true')).toBe(false);
  });
});

describe('objects and lists', () => {
  const shape = cs.object({
    a: cs.object({
      b: cs.array(cs.object({ c: cs.string().strict().required() })).required(),
    }),
    n: cs.number().strict().required(),
  });

  it('names nested paths (a.b[2].c) and collects every error with abortEarly false, in the shape order', () => {
    const value = { a: { b: [{ c: 'x' }, { c: 'y' }, { c: 3 }] }, n: 'x' };
    const { errors, paths } = errorsOf(() => shape.validateSync(value, { abortEarly: false }));
    expect(paths).toEqual(['a.b[2].c', 'n']);
    expect(errors).toEqual([
      'a.b[2].c must be a `string` type, but the final value was: `3`.',
      'n must be a `number` type, but the final value was: `"x"`.',
    ]);
  });

  it('abortEarly (the default) throws one error, with its path', () => {
    try {
      shape.validateSync({ a: { b: [] }, n: 'x' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(cs.ValidationError);
      expect((err as cs.ValidationError).path).toBe('n');
      expect((err as cs.ValidationError).inner).toEqual([]);
    }
  });

  it('the aggregate says how many errors occurred', () => {
    try {
      cs.object({ x: cs.string().required(), y: cs.string().required() }).validateSync(
        {},
        { abortEarly: false },
      );
    } catch (err) {
      expect((err as cs.ValidationError).message).toBe('2 errors occurred');
      expect((err as cs.ValidationError).inner.map((e) => e.path)).toEqual(['x', 'y']);
    }
  });

  it('stripUnknown drops the keys the shape does not name; otherwise they are kept', () => {
    const o = cs.object({ a: cs.string() });
    expect(o.validateSync({ a: 'x', b: 1 }, { stripUnknown: true })).toEqual({ a: 'x' });
    expect(o.validateSync({ a: 'x', b: 1 })).toEqual({ a: 'x', b: 1 });
  });

  it('refuses a key named like an Object.prototype member when casting (as yup did, by failing)', () => {
    expect(() => cs.object({ a: cs.string() }).validateSync({ toString: 'x' })).toThrow(TypeError);
  });

  it('defaults: filled when casting (not when strict), getDefault() and an object of its fields’ defaults', () => {
    const o = cs.object({
      cycnum: cs.number().integer().default(1),
      reason: cs.string().strict().default(''),
    });
    // a strict field is not cast while validating, so it gets no default (withContractDefaults fills those)
    expect(o.validateSync({})).toEqual({ cycnum: 1 });
    expect(o.validateSync({}, { strict: true })).toEqual({});
    expect(o.cast({})).toEqual({ cycnum: 1, reason: '' });
    const reason = o.fields.reason;
    expect(reason instanceof cs.Schema && reason.getDefault()).toBe('');
    expect(o.getDefault()).toEqual({ cycnum: 1, reason: '' });
    const list = cs.array(cs.string()).default(() => []);
    expect(list.validateSync(undefined)).toEqual([]);
  });

  it('shape() adds fields; array min/max; json() parses a JSON text when casting', () => {
    const base = cs.object({ a: cs.string().required() });
    const more = base.shape({ b: cs.number().required() });
    expect(more.isValidSync({ a: 'x' })).toBe(false);
    expect(base.isValidSync({ a: 'x' })).toBe(true);
    expect(errorsOf(() => cs.array().min(1).validateSync([])).errors).toEqual([
      'this field must have at least 1 items',
    ]);
    expect(errorsOf(() => cs.array().max(1).validateSync([1, 2])).errors).toEqual([
      'this field must have less than or equal to 1 items',
    ]);
    expect(cs.object({ a: cs.number() }).json().validateSync('{"a":"2"}')).toEqual({ a: 2 });
    expect(cs.array(cs.number()).json().validateSync('[1,"2"]')).toEqual([1, 2]);
  });

  it('an array casts its items even when they are strict (yup); a strict object field is not cast', () => {
    const o = cs.object({ ids: cs.array(cs.string().strict()), one: cs.string().strict() });
    expect(o.validateSync({ ids: [12] })).toEqual({ ids: ['12'] });
    expect(o.isValidSync({ one: 12 })).toBe(false);
  });

  it('lazy() builds the schema from the value: recursive shapes', () => {
    interface Menu {
      code: string;
      children?: Menu[];
    }
    const menu: cs.ObjectSchema<Menu> = cs.object({
      code: cs.string().strict().required(),
      children: cs.array(cs.lazy(() => menu.default(undefined))).optional(),
    }) as cs.ObjectSchema<Menu>;
    expect(menu.isValidSync({ code: 'a', children: [{ code: 'b', children: [{ code: 'c' }] }] })).toBe(true);
    expect(
      errorsOf(() => menu.validateSync({ code: 'a', children: [{ children: [{}] }] }, { abortEarly: false }))
        .paths,
    ).toEqual(['children[0].children[0].code', 'children[0].code']);
  });
});

describe('tests', () => {
  it('a test sees path and parent and may create its own error', () => {
    const o = cs.object({
      from: cs.number(),
      to: cs.number().test('after', '${path} must come after from', function (v) {
        const parent = this.parent as { from?: number };
        return v === undefined || parent.from === undefined || v > parent.from;
      }),
      code: cs
        .string()
        .test('code', (v, c) => (v === 'bad' ? c.createError({ message: `${c.path} is bad` }) : true)),
    });
    expect(
      errorsOf(() => o.validateSync({ from: 3, to: 2, code: 'bad' }, { abortEarly: false })).errors,
    ).toEqual(['to must come after from', 'code is bad']);
  });

  it('the type is checked first: a value of the wrong type is not tested further', () => {
    let called = false;
    const s = cs
      .string()
      .strict()
      .test('t', 'never', () => {
        called = true;
        return false;
      });
    expect(errorsOf(() => s.validateSync(1, { abortEarly: false })).errors).toHaveLength(1);
    expect(called).toBe(false);
  });

  it('builders are immutable: a shared field is never changed by a contract deriving from it', () => {
    const shared = cs.string().strict();
    shared.required().max(2);
    expect(shared.isValidSync(undefined)).toBe(true);
    expect(shared.isValidSync('abc')).toBe(true);
  });

  it('describe() gives type, presence, fields and the list item', () => {
    const d = cs.object({ a: cs.string().required(), b: cs.array(cs.object({ c: cs.number() })) }).describe();
    expect(d.type).toBe('object');
    expect(d.fields?.a).toMatchObject({ type: 'string', optional: false, nullable: false });
    expect(d.fields?.b?.innerType?.fields?.c?.type).toBe('number');
  });
});

// type-level: what InferType gives (a compile error here is a failure)
const _typedSchema = cs.object({
  a: cs.string().required(),
  b: cs.string().optional(),
  c: cs.number().nullable().defined(),
  d: cs.boolean().default(false),
  e: cs
    .string()
    .oneOf(['x', 'y'] as const)
    .required(),
});
type Typed = cs.InferType<typeof _typedSchema>;
const sample: Typed = { a: '', c: null, d: true, e: 'x' };
export const _typed: { a: string; b?: string | undefined; c: number | null; d: boolean; e: 'x' | 'y' } =
  sample;
