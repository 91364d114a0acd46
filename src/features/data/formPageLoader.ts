/**
 * The form page's code, one step removed from the route table: the login front's chunk then lists a single tiny
 * chunk to preload for this route instead of every chunk the form page needs (the login front is at its size limit).
 */
export const loadFormPage = () => import('./FormPage').then((m) => m.FormPage);
