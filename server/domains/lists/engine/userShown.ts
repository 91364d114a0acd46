/**
 * The search-field definitions a user gets: as stored, with `show` of each custom item set to whether the user
 * chose to show it (searchField/shown.do). Which items are custom, and their innerids, come from the engine's
 * parseSearchFields — the same reading as the client's.
 */
import type { FieldTypeRegistry } from '../../../../engine/fieldTypes/types';
import { parseSearchFields, validSearchFields } from '../../../../engine/metadata/parseSearchFields';

export function withUserShown(
  raw: readonly unknown[],
  shown: readonly string[] | null,
  registry: FieldTypeRegistry,
): unknown[] {
  if (shown === null) return [...raw];
  const custom = new Map(
    validSearchFields(parseSearchFields(raw, registry))
      .filter((f) => f.custom)
      .map((f) => [f.index, f.innerid]),
  );
  return raw.map((item, index) => {
    const innerid = custom.get(index);
    if (innerid === undefined) return item;
    return { ...(item as Record<string, unknown>), show: shown.includes(innerid) };
  });
}
