import { describe, expect, it, vi } from 'vitest';
import type { CodeOption } from '../metadata/types';
import { createCodeListCache } from './codeListCache';

const SEX: CodeOption[] = [
  { value: 'M', label: 'Male' },
  { value: 'F', label: 'Female' },
];

describe('createCodeListCache', () => {
  it('loads a type once for concurrent and later requests', async () => {
    const load = vi.fn(async () => SEX);
    const cache = createCodeListCache(load);
    expect(cache.peek('SEX')).toBeUndefined();
    const [a, b] = await Promise.all([cache.get('SEX'), cache.get('SEX')]);
    expect(a).toBe(SEX);
    expect(b).toBe(SEX);
    await cache.get('SEX');
    expect(load).toHaveBeenCalledTimes(1);
    expect(cache.peek('SEX')).toBe(SEX);
  });

  it('loads each type separately', async () => {
    const load = vi.fn(async (type: string) => [{ value: type, label: type }]);
    const cache = createCodeListCache(load);
    await Promise.all([cache.get('SEX'), cache.get('YN')]);
    expect(load.mock.calls.map((c) => c[0])).toEqual(['SEX', 'YN']);
  });

  it('does not keep a failure: the next get loads again', async () => {
    const load = vi.fn<(type: string) => Promise<readonly CodeOption[]>>();
    load.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(SEX);
    const cache = createCodeListCache(load);
    const first = Promise.all([cache.get('SEX'), cache.get('SEX')]);
    await expect(first).rejects.toThrow('offline');
    expect(cache.peek('SEX')).toBeUndefined();
    await expect(cache.get('SEX')).resolves.toBe(SEX);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a synchronous throw of the loader is a rejected get, not a crash', async () => {
    const cache = createCodeListCache(() => {
      throw new Error('boom');
    });
    await expect(cache.get('SEX')).rejects.toThrow('boom');
  });

  it('clear forgets loaded lists and ignores loads under way', async () => {
    let resolve: (o: readonly CodeOption[]) => void = () => undefined;
    const load = vi
      .fn<(type: string) => Promise<readonly CodeOption[]>>()
      .mockImplementationOnce(() => new Promise((r) => (resolve = r)))
      .mockResolvedValue(SEX);
    const cache = createCodeListCache(load);
    const stale = cache.get('SITE');
    await Promise.resolve();
    cache.clear();
    resolve([{ value: 'old', label: 'old' }]);
    await stale;
    expect(cache.peek('SITE')).toBeUndefined();
    await expect(cache.get('SITE')).resolves.toBe(SEX);
  });
});
