/**
 * piNoteList.do and savePINote.do (spec §7 `pinote/…`): the notes of a saved record, adding one (site staff:
 * note.add) and reviewing one (monitors, data managers: note.review). Every call serves the subject page, needs the
 * data-read permission and a record at the session's chosen site; the permission is checked before anything is read.
 */
import type { FastifyInstance } from 'fastify';
import { PAGE_NOTE, piNoteList, savePINote } from '../../../engine/api/notes';
import { SUBJECTS_PAGE } from '../../../engine/api/subjects';
import { requireDataAccess } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import { ok } from '../../core/http/envelope';
import { roleEndpoint } from '../../core/http/route';
import { scopedRecord } from '../data/service';
import { Refused, orRefused } from './refused';
import { findNote, insertNote, insertReview, noteStates, recordNotes, roleHasPermission } from './repository';

export function noteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  roleEndpoint(app, ctx, piNoteList, {
    page: SUBJECTS_PAGE,
    handler: async ({ params, session, locale }) => {
      await requireDataAccess(db, session, 'read', locale);
      return orRefused(locale, async () => {
        const record = await scopedRecord(ctx, session, params.recordid);
        return ok(await recordNotes(db, record.id, params.variable));
      });
    },
  });

  roleEndpoint(app, ctx, savePINote, {
    page: SUBJECTS_PAGE,
    handler: async ({ params, session, locale, now }) => {
      await requireDataAccess(db, session, 'read', locale);
      return orRefused(locale, async () => {
        const permission = params.action === 'review' ? 'note.review' : 'note.add';
        if (!(await roleHasPermission(db, session.roleId, permission))) {
          throw new Refused(
            params.action === 'review' ? 'noteReviewNotAllowed' : 'noteAddNotAllowed',
            {},
            403,
          );
        }
        const record = await scopedRecord(ctx, session, params.recordid);
        if (params.action === 'review') {
          const noteId = params.noteid ?? '';
          const comment = params.text?.trim() || null;
          const reviewed = await db.transaction(async (tx) => {
            const note = await findNote(tx, record.id, noteId);
            if (!note) throw new Refused('noteNotFound');
            const written = await insertReview(tx, {
              noteId,
              comment,
              userId: session.userId,
              roleId: session.roleId,
              siteId: session.siteId,
              at: now,
            });
            if (!written) throw new Refused('noteAlreadyReviewed');
            return (await findNote(tx, record.id, noteId))!;
          });
          const states = await noteStates(db, record.id);
          return ok({ note: reviewed, notestate: states[reviewed.variable] ?? 0 });
        }
        const variable = params.variable?.trim() ?? '';
        const text = params.text?.trim() ?? '';
        if (variable === '' || text === '') throw new Refused('noteEmpty');
        if (variable !== PAGE_NOTE) {
          const loaded = await app.formSchemas.load(session.studyId, record.tid, record.schemaVersion);
          if (!loaded?.ok || !loaded.form.items.has(variable)) throw new Refused('itemNotFound');
        }
        const note = await db.transaction(async (tx) => {
          const id = await insertNote(tx, {
            studyId: session.studyId,
            recordId: record.id,
            subjectId: record.subjectId,
            siteId: record.siteId,
            tid: record.tid,
            variable,
            text,
            userId: session.userId,
            roleId: session.roleId,
            at: now,
          });
          return (await findNote(tx, record.id, id))!;
        });
        const states = await noteStates(db, record.id);
        return ok({ note, notestate: states[variable] ?? 0 });
      });
    },
  });
}
