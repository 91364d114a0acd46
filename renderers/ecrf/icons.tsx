/**
 * The few icons of the form rows (Material Design paths), drawn by CSS: a form of 1,000 items shows five per row,
 * and an empty <span> whose class paints the icon as a mask costs far less to mount than an <svg> (let alone a
 * styled icon component). The classes are defined once on the form's root (iconClassesSx).
 */

export const ICON_PATHS = {
  /** entered data (pencil) */
  entered:
    'M3 17.25V21h3.75L17.81 9.94l-3.75-3.75zM20.71 7.04a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75z',
  /** imported or derived data (database) */
  derived:
    'M12 3C7.58 3 4 4.79 4 7v10c0 2.21 3.59 4 8 4s8-1.79 8-4V7c0-2.21-3.58-4-8-4m0 2c3.87 0 6 1.5 6 2s-2.13 2-6 2-6-1.5-6-2 2.13-2 6-2m6 12c0 .5-2.13 2-6 2s-6-1.5-6-2v-2.23c1.61.78 3.72 1.23 6 1.23s4.39-.45 6-1.23zm0-4.5c0 .5-2.13 2-6 2s-6-1.5-6-2V10.3c1.61.78 3.72 1.2 6 1.2s4.39-.42 6-1.2z',
  noteAdd:
    'M14 2H6c-1.1 0-2 .9-2 2v16c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V8zm2 14h-3v3h-2v-3H8v-2h3v-3h2v3h3zM13 9V3.5L18.5 9z',
  noteList: 'M3 13h2v-2H3zm0 4h2v-2H3zm0-8h2V7H3zm4 4h14v-2H7zm0 4h14v-2H7zM7 7v2h14V7z',
  noteReview:
    'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17a5 5 0 1 1 0-10 5 5 0 0 1 0 10m0-8a3 3 0 1 0 0 6 3 3 0 0 0 0-6',
  query: 'M20 2H4c-1.1 0-2 .9-2 2v18l4-4h14c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2m-7 12h-2v-2h2zm0-4h-2V6h2z',
  sdv: 'M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z',
  signature:
    'M17.75 7 14 3.25l-10 10V17h3.75zm2.96-2.96a1 1 0 0 0 0-1.41L18.37.29a1 1 0 0 0-1.41 0L15 2.25 18.75 6zM0 20h24v4H0z',
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
  for (const [name, path] of Object.entries(ICON_PATHS)) {
    rules[`& .ecrf-ico-${name}`] = { maskImage: maskOf(path), WebkitMaskImage: maskOf(path) };
  }
  return rules;
}
