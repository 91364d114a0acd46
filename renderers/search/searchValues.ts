import type { SearchValue } from '../../engine/metadata/types';

/** Search values by field `prop` (ListQuery['search']). */
export type SearchValues = Readonly<Record<string, SearchValue>>;
