import { describe, expect, it } from 'vitest';
import { memoryStore } from '../http/testkit';
import { NO_PIC_PARAMS, loadPicParams, savePicParams } from './picParams';
import { STORAGE_KEYS } from './storageKeys';
import { clearSession } from './clearSession';

describe('picture permissions in session storage', () => {
  it('round-trips and is cleared with the session', () => {
    const store = memoryStore();
    const params = { can_ocr: false, can_see: true, can_upload: true, can_desen: false };
    savePicParams(store, params);
    expect(loadPicParams(store)).toEqual(params);
    clearSession(store);
    expect(loadPicParams(store)).toBeNull();
  });

  it.each([
    ['not JSON', '{'],
    ['a string for a flag', JSON.stringify({ ...NO_PIC_PARAMS, can_see: 'true' })],
    ['a missing flag', JSON.stringify({ can_ocr: true, can_see: true, can_upload: true })],
  ])('is null for %s', (_label, raw) => {
    expect(loadPicParams(memoryStore({ [STORAGE_KEYS.picParams]: raw }))).toBeNull();
  });
});
