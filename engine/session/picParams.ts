/**
 * Picture permissions of the chosen role (spec §3, §6: findPicParam.do → can_ocr, can_see, can_upload, can_desen),
 * kept in session storage once the role is chosen. None known → every capability is off.
 */
import { picParamsSchema, type PicParams } from '../api/session';
import type { KeyValueStore } from '../ports';
import { STORAGE_KEYS } from './storageKeys';

export const NO_PIC_PARAMS: PicParams = Object.freeze({
  can_ocr: false,
  can_see: false,
  can_upload: false,
  can_desen: false,
});

export function savePicParams(store: KeyValueStore, params: PicParams): void {
  store.setItem(STORAGE_KEYS.picParams, JSON.stringify(params));
}

/** The kept permissions; null when none are kept (or they do not match the contract). */
export function loadPicParams(store: KeyValueStore): PicParams | null {
  const raw = store.getItem(STORAGE_KEYS.picParams);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return picParamsSchema.isValidSync(parsed, { strict: true }) ? (parsed as PicParams) : null;
  } catch {
    return null;
  }
}
