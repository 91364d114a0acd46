/**
 * Focus inside a mounted eCRF form, found in its DOM: the first field of the form or of a section (the form page
 * focuses it when the form opens; the section navigator when a section is chosen). A row is `[data-variable]`, a
 * section `<section data-section={id}>` with an `<h2 class="ecrf-section-title">`.
 */

/** The inputs of the rows, in document order (a radio group: its first radio). */
const FIELDS = [
  'input:not([type="hidden"]):not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
]
  .map((field) => `[data-variable] ${field}`)
  .join(', ');

const editable = (el: HTMLElement) => !(el as HTMLInputElement).readOnly;

/**
 * The first field to type in under `root`: the first one that is not read-only (a calculated item is skipped), else
 * the first one at all (a form opened for review); null when there is none (static texts only).
 */
export function firstField(root: ParentNode): HTMLElement | null {
  const fields = root.querySelectorAll<HTMLElement>(FIELDS);
  for (const field of fields) if (editable(field)) return field;
  return fields[0] ?? null;
}

/** The section element of `id` under `root` (by attribute value: section ids may hold any character). */
export function sectionElement(root: ParentNode, id: string): HTMLElement | null {
  for (const section of root.querySelectorAll<HTMLElement>('section[data-section]')) {
    if (section.dataset.section === id) return section;
  }
  return null;
}

/**
 * Brings a section to the top of its scroll container (below a sticky toolbar: the container's scroll-padding).
 * False when the section is not in the DOM.
 */
export function scrollToSection(root: ParentNode, id: string): boolean {
  const section = sectionElement(root, id);
  if (!section) return false;
  if (typeof section.scrollIntoView === 'function') section.scrollIntoView({ block: 'start' });
  return true;
}

/**
 * Moves the focus to the first field of a section; with `orTitle`, to its title when it has none (static texts
 * only). False when nothing got the focus (the section, or its rows, not mounted yet).
 */
export function focusSection(root: ParentNode, id: string, orTitle = true): boolean {
  const section = sectionElement(root, id);
  if (!section) return false;
  const field = firstField(section);
  if (field) {
    field.focus({ preventScroll: true });
    return true;
  }
  if (!orTitle) return false;
  const title = section.querySelector<HTMLElement>('.ecrf-section-title') ?? section;
  // a title is not in the tab order: focusable by script only
  if (!title.hasAttribute('tabindex')) title.setAttribute('tabindex', '-1');
  title.focus({ preventScroll: true });
  return true;
}
