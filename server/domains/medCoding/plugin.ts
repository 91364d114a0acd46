/**
 * The medical coding domain (`edc-med-coding`, issue 14; docs/medical-coding.md): getCodingInfo.do and the coder's
 * endpoints (routes.ts), the worklist declared to the list engine (list.ts), and what coding adds to a record through
 * the data domain's record hooks:
 * - `onSaved('medCoding.terms')`: the terms of codable items follow the saved values (auto-code on an exact match,
 *   a changed verbatim term loses its code), in the save's transaction;
 * - `itemStateRead('medCoding')`: each coded or to-code item's `coding` (status, code, name, auto);
 * - `capabilities('medCoding')`: `coding` for the roles holding coding.code;
 * and the to-do `termsToCode` of the home page (coding.code), linking to the worklist.
 */
import fp from 'fastify-plugin';
import { MED_CODING_PAGE, type CodingItemFields } from '../../../engine/api/medCoding';
import { appContext } from '../../core/context';
import { movesSiteColumn } from '../data/subjectMoves';
import { roleHasPermission } from '../notes/repository';
import { codingListDeclaration } from './list';
import { recordTermsSql, termsToCode, type RecordTerm } from './repository';
import { medCodingRoutes } from './routes';
import { CODING_PERMISSIONS, syncTermsOnSave } from './service';

export const medCodingPlugin = fp(
  async (app) => {
    medCodingRoutes(app, appContext(app));
    app.lists.register(codingListDeclaration);
    app.recordHooks.onSaved('medCoding.terms', syncTermsOnSave);
    app.subjectMoves.onMoved('medCoding', movesSiteColumn('coding_terms'));
    app.recordHooks.itemStateRead('medCoding', {
      select: (on) => recordTermsSql(on.record),
      fields: (value) =>
        Object.fromEntries(
          ((value ?? []) as RecordTerm[]).map((t): [string, CodingItemFields & Record<string, unknown>] => [
            t.variable,
            {
              coding: {
                termid: t.termid,
                dictionary: t.dictionary,
                status: t.status,
                auto: t.auto,
                code: t.code,
                name: t.name,
              },
            },
          ]),
        ),
    });
    app.recordHooks.capabilities('medCoding', (_db, q) =>
      Promise.resolve(q.permissions.has(CODING_PERMISSIONS.code) ? ['coding' as const] : []),
    );
    app.taskCounters.register({
      id: 'termsToCode',
      count: async (db, session) =>
        (await roleHasPermission(db, session.roleId, CODING_PERMISSIONS.code))
          ? { count: await termsToCode(db, session.studyId, session.siteId), link: MED_CODING_PAGE }
          : null,
    });
  },
  { name: 'edc-med-coding', dependencies: ['edc-core', 'edc-data', 'edc-lists', 'edc-statistics'] },
);
