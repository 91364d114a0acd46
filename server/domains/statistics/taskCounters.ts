/**
 * The to-dos of the home page as registrations: each workflow registers the kinds of work it knows (the casebook:
 * pages to enter; queries: queries to answer, answers to review; SDV: pages to verify …) and `myTaskInfo.do` asks
 * every counter, in registration order, for the session's role at its chosen site. A counter answers null for a role
 * that has no such work (a monitor has no pages to enter): the kind is then not shown at all.
 */
import type { TaskRow } from '../../../engine/api/statistics';
import type { RoleSession } from '../../core/auth/guard';
import type { Db } from '../../core/db/db';

export interface TaskCounter {
  /** The kind (the client's label is the message `tasks.<id>`). */
  readonly id: string;
  count(db: Db, session: RoleSession, rolecode: string): Promise<Omit<TaskRow, 'id'> | null>;
}

export interface TaskCounters {
  register(counter: TaskCounter): void;
  /** Every counter's answer for the session, in registration order (nulls left out). */
  count(db: Db, session: RoleSession, rolecode: string): Promise<TaskRow[]>;
}

export function createTaskCounters(): TaskCounters {
  const counters: TaskCounter[] = [];
  return {
    register(counter) {
      if (counters.some((c) => c.id === counter.id))
        throw new Error(`task counter "${counter.id}" registered twice`);
      counters.push(counter);
    },
    async count(db, session, rolecode) {
      const rows: TaskRow[] = [];
      for (const counter of counters) {
        const found = await counter.count(db, session, rolecode);
        if (found) rows.push({ id: counter.id, ...found });
      }
      return rows;
    },
  };
}
