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
