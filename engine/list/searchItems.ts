/**
 * Which search items a bar shows. A non-custom item is shown as the server says (`show`); a custom item (`custom:
 * true`) is shown when its innerid is in the user's `shown` list, which starts from the server's `show` and is saved
 * with searchField/shown.do.
 */
import type { SearchFieldDef } from '../metadata/types';

type Item = Pick<SearchFieldDef, 'innerid' | 'show' | 'custom'>;

/** The innerids shown initially (from `show`), the starting `shown` list. */
export function shownInnerids(fields: readonly Item[]): string[] {
  return fields.filter((f) => f.show).map((f) => f.innerid);
}

function isShown(field: Item, shown: readonly string[]): boolean {
  return field.custom ? shown.includes(field.innerid) : field.show;
}

/** The items the bar shows, in definition order. */
export function visibleFields<F extends Item>(fields: readonly F[], shown: readonly string[]): F[] {
  return fields.filter((f) => isShown(f, shown));
}

/** Custom items the user may add (not shown now). */
export function addableFields<F extends Item>(fields: readonly F[], shown: readonly string[]): F[] {
  return fields.filter((f) => f.custom && !shown.includes(f.innerid));
}

/** Whether the user may remove a shown item (custom items only). */
export function isRemovable(field: Item): boolean {
  return field.custom;
}

export function withShown(shown: readonly string[], innerid: string): string[] {
  return shown.includes(innerid) ? [...shown] : [...shown, innerid];
}

export function withoutShown(shown: readonly string[], innerid: string): string[] {
  return shown.filter((id) => id !== innerid);
}
