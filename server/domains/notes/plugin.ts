/**
 * The notes domain (`edc-notes`, issue 14): piNoteList.do and savePINote.do (routes.ts), and what it adds to a
 * record through the data domain's record hooks — the `note` field of each annotated item's state (spec §4: 2 a note
 * awaits review, 1 notes, otherwise 0 "add"), overriding the stored one, and the capabilities `note.add` and
 * `note.review` of the roles holding those permissions (fixtures/seed/sdv.json). docs/notes-and-sdv.md.
 */
import fp from 'fastify-plugin';
import type { RecordCapability } from '../../../engine/api/data';
import { appContext } from '../../core/context';
import { movesSiteColumn } from '../data/subjectMoves';
import { noteCountsSql, noteStatesOf } from './repository';
import { noteRoutes } from './routes';

export const NOTE_CAPABILITIES = ['note.add', 'note.review'] as const;

export const notesPlugin = fp(
  async (app) => {
    const ctx = appContext(app);
    noteRoutes(app, ctx);
    app.subjectMoves.onMoved('notes', movesSiteColumn('notes'));
    app.recordHooks.itemStateRead('notes', {
      // a record inserted by the asking save has no note: a note is added by a request of its own, on a stored record
      reads: (q) => !q.fresh,
      select: (on) => noteCountsSql(on.record),
      fields: (value) =>
        Object.fromEntries(
          Object.entries(noteStatesOf((value ?? []) as { variable: string; pending: number }[])).map(
            ([variable, note]) => [variable, { note }],
          ),
        ),
    });
    app.recordHooks.capabilities('notes', (_db, q): Promise<RecordCapability[]> =>
      Promise.resolve(NOTE_CAPABILITIES.filter((c) => q.permissions.has(c))),
    );
  },
  { name: 'edc-notes', dependencies: ['edc-core', 'edc-data'] },
);
