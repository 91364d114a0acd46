/**
 * The code-list version (migration 0025) read in a request's session statement, and what a process keeps by it: the
 * names of a study's code lists (a form open answers them) and, in formSchemas.ts, a form compiled with its lists'
 * options (a save validates with it). Any write to codelist_items by any process moves the version in the same
 * transaction, so what was kept at another version is read again; several instances on one database each see a
 * write at their next request (docs/deploy-instances.md).
 */
import type { Db } from '../../core/db/db';
import type { SessionExtra } from '../../core/auth/sessions';
import { codeListNames } from './codeLists';

/** sessionRead of the routes that use the study's code lists: the version, as text (a bigint). */
export const CODE_LIST_VERSION_READ: SessionExtra = {
  columns: `(select cv.version::text from codelist_version cv) as "codeListVersion"`,
  params: [],
};

/** The version read by CODE_LIST_VERSION_READ; null when the route read none (then nothing kept is used). */
export function codeListVersionOf(read: Record<string, unknown> | null): string | null {
  const version = read?.codeListVersion;
  return typeof version === 'string' ? version : null;
}

/** At most this many studies' names kept per process (the oldest dropped first). */
const MAX_STUDIES = 1_000;

export interface CodeListNamesCache {
  /** The study's code-list names: kept at `version`, read (and kept) when the version differs or is null. */
  names(db: Db, studyId: string, version: string | null): Promise<string[]>;
}

export function createCodeListNamesCache(): CodeListNamesCache {
  const kept = new Map<string, { version: string; names: string[] }>();
  return {
    async names(db, studyId, version) {
      const hit = version === null ? undefined : kept.get(studyId);
      if (hit && hit.version === version) return hit.names;
      const names = await codeListNames(db, studyId);
      if (version !== null) {
        kept.delete(studyId);
        if (kept.size >= MAX_STUDIES) kept.delete(kept.keys().next().value!);
        kept.set(studyId, { version, names });
      }
      return names;
    },
  };
}
