/**
 * getCodingInfo.do (a term's coding and history; coders and the roles that read data), searchDictionary.do and
 * saveCoding.do (coders: coding.code), importDictionary.do (coding.import). Every call reaches only terms at the
 * session's chosen site; a refusal writes nothing. The worklist's rows route is the list engine's (list.ts).
 */
import type { FastifyInstance } from 'fastify';
import {
  MED_CODING_PAGE,
  getCodingInfo,
  importDictionary,
  saveCoding,
  searchDictionary,
} from '../../../engine/api/medCoding';
import { sessionRoleCode } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import { ok } from '../../core/http/envelope';
import { roleEndpoint } from '../../core/http/route';
import { orRefused } from '../notes/refused';
import { dictionaryInfo, searchEntries } from './repository';
import { codingInfo, importDictionaryFile, requireCodingPermission, saveTermCode } from './service';

export function medCodingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  // no page: the coder's worklist and the form page's coding adornment both ask it (the permission decides)
  roleEndpoint(app, ctx, getCodingInfo, {
    handler: async ({ params, session, locale }) =>
      orRefused(locale, async () =>
        ok(await codingInfo(db, session, await sessionRoleCode(db, session), params)),
      ),
  });

  roleEndpoint(app, ctx, searchDictionary, {
    page: MED_CODING_PAGE,
    handler: async ({ params, session, locale }) =>
      orRefused(locale, async () => {
        await requireCodingPermission(db, session, 'code');
        return ok({
          dictionary: await dictionaryInfo(db, session.studyId, params.dictionary),
          list: await searchEntries(db, session.studyId, params.dictionary, params.q, params.size),
        });
      }),
  });

  roleEndpoint(app, ctx, saveCoding, {
    page: MED_CODING_PAGE,
    handler: async ({ params, session, locale, now }) =>
      orRefused(locale, async () => {
        await requireCodingPermission(db, session, 'code');
        return ok({ term: await saveTermCode(db, session, params, now) });
      }),
  });

  roleEndpoint(app, ctx, importDictionary, {
    page: MED_CODING_PAGE,
    handler: async ({ params, session, locale, now, file }) =>
      orRefused(locale, async () => {
        await requireCodingPermission(db, session, 'import');
        // the route has read and checked the file (an upload endpoint never reaches here without one)
        if (!file) throw new Error('importDictionary.do without a file');
        return ok(await importDictionaryFile(db, session, params, file, now));
      }),
  });
}
