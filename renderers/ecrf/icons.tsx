/**
 * The icons of the form rows (Material Design paths), drawn by CSS: a form of 1,000 items shows several per row, and
 * an empty <span> whose class paints the icon as a mask costs far less to mount than an <svg> (let alone a styled
 * icon component). The classes are defined once on the form's root (iconClassesSx; the item adornments' own icons
 * through iconRule, see ItemAdornments.tsx).
 */

export const ICON_PATHS = {
  calendar:
    'M19 4h-1V2h-2v2H8V2H6v2H5c-1.11 0-1.99.9-1.99 2L3 20c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2V6c0-1.1-.9-2-2-2m0 16H5V10h14zM9 14H7v-2h2zm4 0h-2v-2h2zm4 0h-2v-2h2zm-8 4H7v-2h2zm4 0h-2v-2h2zm4 0h-2v-2h2z',
  help: 'M11 18h2v-2h-2zm1-16C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8m0-14c-2.21 0-4 1.79-4 4h2c0-1.1.9-2 2-2s2 .9 2 2c0 2-3 1.75-3 5h2c0-2.25 3-2.5 3-5 0-2.21-1.79-4-4-4',
} as const;

export type IconName = keyof typeof ICON_PATHS;

/** The class that paints an icon (in the current text colour). */
export const iconClass = (name: IconName) => `ecrf-ico ecrf-ico-${name}`;

const maskOf = (path: string) =>
  `url("data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'><path d='${path}'/></svg>`,
  )}")`;

/** The style rules of every icon class, for the form's root. */
export function iconClassesSx(): Record<string, Record<string, string | number>> {
  const rules: Record<string, Record<string, string | number>> = {
    '& .ecrf-ico': {
      display: 'inline-block',
      width: 16,
      height: 16,
      backgroundColor: 'currentColor',
      maskRepeat: 'no-repeat',
      maskSize: 'contain',
      verticalAlign: 'middle',
    },
  };
  for (const [name, path] of Object.entries(ICON_PATHS))
    Object.assign(rules, iconRule(`ecrf-ico-${name}`, path));
  return rules;
}

/** The style rule that paints an icon for the elements of one class (the class of an `ecrf-ico` element). */
export function iconRule(className: string, path: string): Record<string, Record<string, string>> {
  return { [`& .${className}`]: { maskImage: maskOf(path), WebkitMaskImage: maskOf(path) } };
}
