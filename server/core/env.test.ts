import { describe, expect, it } from 'vitest';
import { readEnv } from './env';
import { StartupError } from './startupErrors';

describe('MAX_ACTIVE_REQUESTS (the admission gate, http/admission.ts)', () => {
  it('defaults to the pool size less 2 (connections left for what does not wait at the gate), at least 1', () => {
    expect(readEnv({}).maxActiveRequests).toBe(8);
    expect(readEnv({ DB_POOL_SIZE: '4' }).maxActiveRequests).toBe(2);
    expect(readEnv({ DB_POOL_SIZE: '2' }).maxActiveRequests).toBe(1);
    expect(readEnv({ DB_POOL_SIZE: '1' }).maxActiveRequests).toBe(1);
  });

  it('takes a whole number, and 0 for no bound', () => {
    expect(readEnv({ MAX_ACTIVE_REQUESTS: '3' }).maxActiveRequests).toBe(3);
    expect(readEnv({ MAX_ACTIVE_REQUESTS: '0' }).maxActiveRequests).toBe(0);
  });

  it.each(['-1', '2.5', 'many', '10001'])('refuses %s at start-up, naming the variable', (value) => {
    expect(() => readEnv({ MAX_ACTIVE_REQUESTS: value })).toThrow(StartupError);
    expect(() => readEnv({ MAX_ACTIVE_REQUESTS: value })).toThrow(/MAX_ACTIVE_REQUESTS/);
  });
});
