/**
 * Options of items by `codelisttype`: the engine cannot know them, the server can. withOptions puts the code list's
 * options into each such item without inline options, so that validation then also checks membership.
 */
import type { CodeOption } from '../metadata/types';
import { registryOf, rememberRegistry } from './formIndex';
import type { CompiledForm, CompiledItem, CompiledSection } from './types';

/** Options of a code list, or null/undefined when unknown (the item then stays unchecked). */
export type CodeListLookup = (codelisttype: string) => readonly CodeOption[] | null | undefined;

/** A copy of the form with code-list options filled in (the same form when nothing changes). */
export function withOptions(form: CompiledForm, lookup: CodeListLookup): CompiledForm {
  let changed = false;
  const items = new Map<string, CompiledItem>();
  const sections: CompiledSection[] = form.sections.map((section) => ({
    ...section,
    items: section.items.map((item) => {
      let next = item;
      if (item.options === null && item.codelisttype !== null) {
        const options = lookup(item.codelisttype);
        if (options !== null && options !== undefined) {
          next = { ...item, options: [...options] };
          changed = true;
        }
      }
      items.set(next.variable, next);
      return next;
    }),
  }));
  if (!changed) return form;
  const copy: CompiledForm = { ...form, sections, items };
  rememberRegistry(copy, registryOf(form));
  return copy;
}
