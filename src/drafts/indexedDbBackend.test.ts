/** The drafts' browser storage falls back to memory when IndexedDB is missing or refuses to open. */
import { describe, expect, it } from 'vitest';
import { createIndexedDbBackend } from './indexedDbBackend';

function refusingFactory(): IDBFactory {
  return {
    open() {
      const request = {} as IDBOpenDBRequest & { onerror: (() => void) | null };
      setTimeout(() => request.onerror?.(), 0);
      return request;
    },
  } as unknown as IDBFactory;
}

describe('the IndexedDB draft backend', () => {
  it.each([
    ['missing', undefined],
    ['refusing to open', refusingFactory()],
  ])('keeps drafts in memory when IndexedDB is %s', async (_, factory) => {
    const backend = createIndexedDbBackend(factory);
    await backend.set('draft:a:b:1', '{"x":1}');
    await backend.set('draft:a:c:1', '{"x":2}');
    expect(await backend.get('draft:a:b:1')).toBe('{"x":1}');
    expect(await backend.keys('draft:a:b:')).toEqual(['draft:a:b:1']);
    await backend.delete('draft:a:b:1');
    expect(await backend.get('draft:a:b:1')).toBeNull();
  });
});
