/**
 * Addresses of the form pages (kept out of paths.ts: the login front's chunk carries only the route patterns).
 * Route pattern, below a subject (src/routes.tsx): `visits/:visitnum/:cycnum/:svnum/forms/:tid`.
 */
import { subjectPath } from './paths';

/** A form of a visit, as the form page route names it. */
export interface FormRouteKeys {
  visitnum: string;
  cycnum: number;
  svnum: number;
  tid: string;
}

/** Query parameter of the form page naming a log-line row: a row number, or `new` for a row to add. */
export const LINENO_PARAM = 'lineno';
export const NEW_LINE = 'new';

/**
 * The page of one form of a subject's visit (below the subject page, inside the shell or standalone); `lineno`
 * opens a row of a log-line form (`'new'`: a row to add).
 */
export function formPath(
  base: string,
  subjectid: string,
  keys: FormRouteKeys,
  lineno?: number | typeof NEW_LINE,
): string {
  const e = encodeURIComponent;
  const path = `${subjectPath(base, subjectid)}/visits/${e(keys.visitnum)}/${keys.cycnum}/${keys.svnum}/forms/${e(keys.tid)}`;
  return lineno === undefined ? path : `${path}?${LINENO_PARAM}=${lineno}`;
}
