import * as cs from '../schema';
import { describe, expect, it } from 'vitest';
import { allEndpoints } from './allEndpoints';
import { int, str, withContractDefaults } from './endpoint';

const schema = cs.object({
  reason: str().max(5).default(''),
  tid: str().nullable().default(null),
  page: int().default(1),
  name: str(),
});

describe('withContractDefaults', () => {
  it("fills a strict text's default that validation leaves out", async () => {
    const validated = await schema.validate({}, { stripUnknown: true });
    expect(validated.reason).toBeUndefined(); // as yup did: a strict schema is never cast
    expect(withContractDefaults(schema, validated)).toEqual({ reason: '', tid: null, page: 1 });
  });

  it('keeps what was sent, and a parameter without a default stays absent', async () => {
    const validated = await schema.validate({ reason: 'why', tid: 'x', page: 3 }, { stripUnknown: true });
    const params = withContractDefaults(schema, validated);
    expect(params).toEqual({ reason: 'why', tid: 'x', page: 3 });
    expect('name' in params).toBe(false);
  });

  it('every default the contract declares reaches the parameters when the client leaves it out', () => {
    for (const def of Object.values(allEndpoints)) {
      const params: Record<string, unknown> = withContractDefaults(
        def.params as cs.ObjectSchema<cs.AnyObject>,
        {},
      );
      for (const [key, field] of Object.entries(def.params.fields)) {
        const declared = field instanceof cs.Schema ? (field.getDefault() as unknown) : undefined;
        if (declared !== undefined) expect([def.name, key, params[key]]).toEqual([def.name, key, declared]);
      }
    }
  });
});
