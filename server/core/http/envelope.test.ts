/**
 * KeptJson: a value serialised once is spliced into the answer as its text — the bytes parse to exactly what
 * serialising the whole answer would give, whatever the other fields hold.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fail, keptEnvelopeText, keptJsonOf, KeptJson, ok } from './envelope';

describe('keptEnvelopeText', () => {
  const schema = {
    tid: 'VS',
    name: { zh_CN: '生命体征', en: 'Vital signs' },
    items: [{ variable: 'SYSBP' }],
  };

  it('splices the kept field into data, beside the others, in the envelope', () => {
    const body = ok({ schema: keptJsonOf(schema), record: null, values: {}, capabilities: ['view'] });
    const text = keptEnvelopeText(body);
    expect(text).not.toBeNull();
    expect(JSON.parse(text!)).toEqual({
      success: true,
      msg: '',
      data: { schema, record: null, values: {}, capabilities: ['view'] },
    });
    // the same as serialising it whole (KeptJson.toJSON)
    expect(JSON.parse(text!)).toEqual(JSON.parse(JSON.stringify(body)));
  });

  it('serialises a value once, by identity', () => {
    expect(keptJsonOf(schema)).toBe(keptJsonOf(schema));
    expect(keptJsonOf({ ...schema })).not.toBe(keptJsonOf(schema));
  });

  it('leaves an answer without kept fields to the usual serialiser', () => {
    expect(keptEnvelopeText(ok({ a: 1 }))).toBeNull();
    expect(keptEnvelopeText(ok([new KeptJson('1')]))).toBeNull();
    expect(keptEnvelopeText(fail('no'))).toBeNull();
    expect(keptEnvelopeText('text')).toBeNull();
  });

  it('keeps a key named __proto__ as a key', () => {
    const data = JSON.parse('{"__proto__": 1, "b": 2}') as Record<string, unknown>;
    const text = keptEnvelopeText(ok({ ...data, kept: new KeptJson('[1]') }));
    expect(text).toContain('"__proto__":1');
  });

  it('any other fields (property): the spliced text parses as the whole answer serialised', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.jsonValue(),
        fc.string(),
        (others, kept, msg) => {
          const data = { ...others, kept: new KeptJson(JSON.stringify(kept)) };
          const body = { success: true, msg, data };
          const text = keptEnvelopeText(body);
          expect(text).not.toBeNull();
          expect(JSON.parse(text!)).toEqual(JSON.parse(JSON.stringify(body)));
        },
      ),
      { numRuns: 300 },
    );
  });
});
