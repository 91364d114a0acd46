/**
 * The signature domain (`edc-signatures`, issue 14): showSignature.do and saveSignature.do (routes.ts), and what it
 * adds to a record through the data domain's record hooks:
 * - `onSaved('signature.break')`: a change of a signed page's data breaks its signature, in the save's transaction;
 * - `onMarked('signature.break')`: a signed page marked invalid (or not collected, not occurred) loses its signature,
 *   in the mark's transaction;
 * - `itemStateRead('signature')`: each saved item of a signed page carries `sign` (signed / broken), signer and time;
 * - `capabilities('sign')`: `sign` for the roles holding signature.sign (fixtures/seed/signatures.json: PI);
 * and the to-dos `pagesToSign` and `brokenSignatures` (signature.sign) of the home page. docs/signatures.md.
 */
import fp from 'fastify-plugin';
import type { SignatureItemFields } from '../../../engine/api/signatures';
import { SUBJECTS_PAGE } from '../../../engine/api/subjects';
import { appContext } from '../../core/context';
import { movesSiteColumn } from '../data/subjectMoves';
import { signatureAuditEvents } from './auditEvents';
import { recordSignatureSql, signatureCounts, type RecordSignature } from './repository';
import { signatureRoutes } from './routes';
import { breakOnMark, breakOnSave, maySign, SIGN_PERMISSION } from './service';

export const signaturesPlugin = fp(
  async (app) => {
    const ctx = appContext(app);
    signatureRoutes(app, ctx);
    app.recordHooks.onSaved('signature.break', breakOnSave);
    app.recordHooks.onMarked('signature.break', breakOnMark);
    app.recordHooks.auditEvents('signatures', signatureAuditEvents);
    app.subjectMoves.onMoved('signatures', movesSiteColumn('signatures'));
    app.recordHooks.itemStateRead('signature', {
      // a record inserted by the asking save has no signature: signing is a request of its own, on a stored record
      reads: (q) => !q.fresh,
      select: (on) => recordSignatureSql(on.record),
      fields: (value) => {
        const signature = value as RecordSignature | null;
        if (!signature) return {};
        const fields: SignatureItemFields = {
          sign: signature.status,
          signBy: signature.signerName,
          signAt: new Date(signature.signedAt).toISOString(),
        };
        return Object.fromEntries(signature.items.map((variable) => [variable, { ...fields }]));
      },
    });
    app.recordHooks.capabilities('sign', (_db, q) =>
      Promise.resolve(q.permissions.has(SIGN_PERMISSION) ? ['sign' as const] : []),
    );
    app.taskCounters.register({
      id: 'pagesToSign',
      count: async (db, session) =>
        (await maySign(db, session))
          ? {
              count: (await signatureCounts(db, session.studyId, session.siteId)).toSign,
              link: SUBJECTS_PAGE,
            }
          : null,
    });
    app.taskCounters.register({
      id: 'brokenSignatures',
      count: async (db, session) =>
        (await maySign(db, session))
          ? {
              count: (await signatureCounts(db, session.studyId, session.siteId)).broken,
              link: SUBJECTS_PAGE,
            }
          : null,
    });
  },
  { name: 'edc-signatures', dependencies: ['edc-core', 'edc-data', 'edc-statistics'] },
);
