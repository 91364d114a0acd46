/**
 * MUI Paper's look in the app's (light) theme, for a Box: the first screens (login front, role choice, toasts, error
 * pages, the dialog-failed notice) draw their surfaces without Paper's code (stop 28 in docs/perf-list-and-bundles.md).
 * `elevation` as Paper's (a theme shadow), or `'outlined'` (a divider border).
 */
export function paperSx(elevation: number | 'outlined') {
  return {
    bgcolor: 'background.paper',
    color: 'text.primary',
    borderRadius: 1,
    ...(elevation === 'outlined' ? { border: 1, borderColor: 'divider' } : { boxShadow: elevation }),
  } as const;
}
