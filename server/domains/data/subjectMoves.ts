/**
 * What follows a subject to another site (subject transfer, transfersubject.do; docs/casebook-batch.md). The data
 * domain moves the subject and its records; each workflow whose rows carry the subject's site for scoping (queries,
 * notes, SDV marks …) registers an `onMoved` hook that moves its current rows in the transfer's own transaction, so
 * a moved subject's open queries are answered, listed and counted at its new site. History rows keep the site they
 * were written at. A hook that throws rolls the whole transfer back. Names must be unique.
 */
import type { Db } from '../../core/db/db';

export interface SubjectMove {
  studyId: string;
  subjectId: string;
  fromSiteId: string;
  toSiteId: string;
  at: Date;
}

export type SubjectMovedHook = (tx: Db, move: SubjectMove) => Promise<void>;

export interface SubjectMoves {
  onMoved(name: string, hook: SubjectMovedHook): void;
  /** Runs every hook, in registration order, in the transfer's transaction. */
  runMoved(tx: Db, move: SubjectMove): Promise<void>;
}

export function createSubjectMoves(): SubjectMoves {
  const hooks: { name: string; hook: SubjectMovedHook }[] = [];
  return {
    onMoved(name, hook) {
      if (hooks.some((h) => h.name === name))
        throw new Error(`subject-moved hook "${name}" registered twice`);
      hooks.push({ name, hook });
    },
    async runMoved(tx, move) {
      for (const { hook } of hooks) await hook(tx, move);
    },
  };
}

/** A hook that moves the subject's rows of `table` (a table with study_id, subject_id and site_id columns). */
export function movesSiteColumn(table: string): SubjectMovedHook {
  if (!/^[a-z_]+$/.test(table)) throw new Error(`not a table name: ${table}`);
  return async (tx, move) => {
    await tx.query(`update ${table} set site_id = $3 where study_id = $1 and subject_id = $2`, [
      move.studyId,
      move.subjectId,
      move.toSiteId,
    ]);
  };
}
