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
 * The app tier is itself in three parts, so that a page loads only the texts it can show:
 * - `formRoute`: what a form shows when it is first drawn (FORM_ROUTE_IDS below: the form, its toolbar, its widgets,
 *   the record workflows' states and page actions);
 * - `core`: every other area not listed below (lists, the record workflows' dialogs, the subject pages …);
 * - `management`: study and subject management (study import and export, the builder, query import, the casebook:
 *   adding, changing, moving and withdrawing subjects, batch operations).
 * A page of the shell loads every part unless its route says it needs fewer (`appTierParts` in its route handle,
 * see routing/paths.ts): the form route needs `formRoute` only. What a page loads later (a dialog, the log-line
 * table) waits for LAZY_CONTENT_PARTS (AppCatalogueGate.tsx: already there on every other page). The build cuts the
 * parts out of the one catalogue file (`?part=` imports, see buildPlugin.ts); appTierParts.test.ts keeps every
 * message id the form route's first paint uses in `formRoute`, and every id its later parts use out of `management`.
 */
export const MANAGEMENT_AREAS: readonly string[] = ['builder', 'casebook', 'interchange', 'queryImport'];

/**
 * The ids (and groups of ids: `a.b` is `a.b` and every `a.b.…`) of the `formRoute` part. Whole groups where an id is
 * made at run time (`freeze.frozenLevel.${level}`, `sdv.state.${state}` …).
 */
export const FORM_ROUTE_IDS: readonly string[] = [
  'async',
  'form',
  'formPage',
  'rule',
  'coding.state',
  'ecrf.calendar',
  'ecrf.clear',
  'ecrf.clearValue',
  'ecrf.options',
  'ecrf.placeholder',
  'ecrf.schemaIssues',
  'ecrf.sections',
  'ecrf.select',
  'ecrf.status',
  'ecrf.toolbar',
  'ecrf.unknownFieldType',
  'ecrf.unknownPart',
  'ecrf.upload',
  'freeze.appliedApproved',
  'freeze.approvedBy',
  'freeze.frozenLevel',
  'freeze.pageAction',
  'freeze.readOnly',
  'freeze.reasonIs',
  'freeze.state',
  'grid.retry',
  'notes.pageAction',
  'queries.icon',
  'queries.pageAction',
  'sdv.pageAction',
  'sdv.state',
  'signature.pageAction',
  'signature.state',
  'visit.status',
];

export const APP_TIER_PARTS = ['formRoute', 'core', 'management'] as const;
export type AppTierPart = (typeof APP_TIER_PARTS)[number];

/** What a page of the shell loads after its first paint (dialogs, the log-line table) may show: all but management. */
export const LAZY_CONTENT_PARTS: readonly AppTierPart[] = ['formRoute', 'core'];

export function appTierPartOf(id: string): AppTierPart {
  if (MANAGEMENT_AREAS.includes(id.split('.', 1)[0] ?? '')) return 'management';
  return FORM_ROUTE_IDS.some((group) => id === group || id.startsWith(`${group}.`)) ? 'formRoute' : 'core';
}

/** The messages of one part of an app-tier catalogue (ids → text or → parsed AST alike). */
export function appTierPart<T>(messages: Record<string, T>, part: AppTierPart): Record<string, T> {
  return Object.fromEntries(Object.entries(messages).filter(([id]) => appTierPartOf(id) === part));
}
