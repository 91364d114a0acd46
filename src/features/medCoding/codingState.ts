/** The coding icons by status, and an item's coding read from its item state (engine/api/medCoding CodingItemFields). */
import type { CodingItemFields, CodingStatus } from '../../../engine/api/medCoding';
import type { AdornmentIcon, ItemState } from '../../../renderers/actions/itemAdornments';

export const CODING_ICONS: Readonly<Record<CodingStatus, AdornmentIcon>> = {
  coded: {
    labelId: 'coding.state.coded',
    // book with a check (library-add-check)
    path: 'M20 2H8c-1.1 0-2 .9-2 2v12c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2m-7.53 12L9 10.5l1.4-1.41 2.07 2.08L17.6 6 19 7.41zM4 6H2v14c0 1.1.9 2 2 2h14v-2H4z',
  },
  uncoded: {
    labelId: 'coding.state.uncoded',
    // book outline with a question (book to code)
    path: 'M18 2H6c-1.1 0-2 .9-2 2v16c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2m0 18H6V4h12zm-7-3h2v2h-2zm1-11c-1.66 0-3 1.34-3 3h2c0-.55.45-1 1-1s1 .45 1 1c0 1-1.5.88-1.5 2.5v.5h2v-.5c0-1.12 1.5-1.25 1.5-2.5 0-1.66-1.34-3-3-3',
  },
};

export type ItemCoding = CodingItemFields['coding'];

export function codingOf(state: ItemState | undefined): ItemCoding | null {
  const coding = state?.coding;
  if (typeof coding !== 'object' || coding === null) return null;
  const status = (coding as { status?: unknown }).status;
  return typeof status === 'string' && status in CODING_ICONS ? (coding as ItemCoding) : null;
}

export function codingStateOf(state: ItemState | undefined): CodingStatus | null {
  return codingOf(state)?.status ?? null;
}
