/**
 * The catalogues come in two tiers, so that the login front stays small however many screens the product grows:
 * - boot (`src/i18n/<locale>.json`): the login front, role choice, shell, error pages, request and logout messages;
 *   the default locale's boot catalogue ships with the app;
 * - app (`src/i18n/app/<locale>.json`): everything else (lists, metadata issues, subjects, eCRF …), loaded when a page
 *   of the shell first needs it.
 * A key's tier is decided by its first segment; a test keeps every key in the file of its tier.
 */
export const BOOT_AREAS: readonly string[] = [
  'app',
  'checkRole',
  'common',
  'entrance',
  'error',
  'footer',
  'home',
  'language',
  'login',
  'logout',
  'online',
  'overlay',
  'request',
  'shell',
];

export function isBootKey(id: string): boolean {
  return BOOT_AREAS.includes(id.split('.', 1)[0] ?? '');
}

/**
 * The app tier is itself in two parts, so that a page loads only the texts of the areas it can show:
 * - `core`: every area not listed below (lists, eCRF, the record workflows, the subject pages …);
 * - `management`: study and subject management (study import and export, the builder, query import, the casebook:
 *   adding, changing, moving and withdrawing subjects, batch operations).
 * A page of the shell loads both parts unless its route says it needs fewer (`appTierParts` in its route handle,
 * see routing/paths.ts): the form route needs `core` only. The build cuts the two parts out of the one catalogue
 * file (`?part=` imports, see buildPlugin.ts); a test keeps every message id the form route's modules use in `core`.
 */
export const MANAGEMENT_AREAS: readonly string[] = ['builder', 'casebook', 'interchange', 'queryImport'];

export const APP_TIER_PARTS = ['core', 'management'] as const;
export type AppTierPart = (typeof APP_TIER_PARTS)[number];

export function appTierPartOf(id: string): AppTierPart {
  return MANAGEMENT_AREAS.includes(id.split('.', 1)[0] ?? '') ? 'management' : 'core';
}

/** The messages of one part of an app-tier catalogue (ids → text or → parsed AST alike). */
export function appTierPart<T>(messages: Record<string, T>, part: AppTierPart): Record<string, T> {
  return Object.fromEntries(Object.entries(messages).filter(([id]) => appTierPartOf(id) === part));
}
