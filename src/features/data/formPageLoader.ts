/**
 * The form page's code, one step removed from the route table: the login front's chunk then lists a single tiny
 * chunk to preload for this route instead of every chunk the form page needs (the login front is at its size limit).
 * The page comes with the app's record registries (features/recordWorkflows.tsx: queries, notes, SDV …).
 */
export const loadFormPage = () =>
  Promise.all([import('./FormPage'), import('../recordWorkflows')]).then(([page, workflows]) =>
    workflows.withRecordWorkflows(page.FormPage),
  );
