/**
 * logininfo.do (spec §3): the per-host UI config, and who is logged in, in which study, as which role at which site.
 */
import type { FastifyRequest } from 'fastify';
import type { LoginInfo, SiteUiConfig } from '../../../engine/api/session';
import type { Locale } from '../../../engine/api/localized';
import type { AppContext } from '../../core/context';
import { findRole, findSite, findStudy } from '../../core/auth/access';
import { siteUiConfig } from './repository';
import type { SessionRow } from '../../core/auth/sessions';
import { findUserById } from '../../core/auth/users';

export const DEFAULT_TIMEZONE = 'Asia/Shanghai';
export const DEFAULT_STR_LENGTH = 2000;
/** spec §9: default date format. */
export const DEFAULT_DATE_FORMAT = 'yyyy-MM-dd';

/** The integration address: configured, else the origin the request came to. */
export function backAddressFor(ctx: AppContext, request: FastifyRequest): string {
  return ctx.config.backAddress ?? `${request.protocol}://${request.host}`;
}

export function uiConfigFor(ctx: AppContext, request: FastifyRequest): Promise<SiteUiConfig> {
  return siteUiConfig(ctx.db, request.host, backAddressFor(ctx, request));
}

export async function buildLoginInfo(
  ctx: AppContext,
  request: FastifyRequest,
  session: SessionRow | null,
  locale: Locale,
): Promise<LoginInfo> {
  const ui = await uiConfigFor(ctx, request);
  const anonymous: LoginInfo = {
    ...ui,
    userid: null,
    username: null,
    realname: null,
    studyid: null,
    studycode: null,
    studyname: null,
    role: null,
    roleid: null,
    rolecode: null,
    rolename: null,
    siteid: null,
    sitecode: null,
    sitename: null,
    locale,
    timezone: DEFAULT_TIMEZONE,
    defultDateFormat: DEFAULT_DATE_FORMAT,
    strLength: DEFAULT_STR_LENGTH,
    numfieldUKallowed: false,
    productRelease: ctx.config.productRelease,
    online: { isShow: false },
  };
  const user = session ? await findUserById(ctx.db, session.userId) : null;
  if (!session || !user) return anonymous;
  const { db } = ctx;
  const study = session.studyId ? await findStudy(db, session.studyId) : null;
  const role = session.roleId ? await findRole(db, session.roleId) : null;
  const site = session.siteId ? await findSite(db, session.siteId) : null;
  return {
    ...anonymous,
    userid: user.id,
    username: user.username,
    realname: user.realname,
    studyid: study?.studyid ?? null,
    studycode: study?.studycode ?? null,
    studyname: study?.studyname ?? null,
    roleid: role?.roleid ?? null,
    role: role?.rolecode ?? null,
    rolecode: role?.rolecode ?? null,
    rolename: role ? { zh_CN: role.rolename_zh, en: role.rolename_en } : null,
    siteid: site?.siteid ?? null,
    sitecode: site?.sitecode ?? null,
    sitename: site?.sitename ?? null,
    locale: user.locale,
    timezone: user.timezone,
    strLength: user.strLength,
    numfieldUKallowed: user.numfieldUKallowed,
    online: { isShow: user.onlineShow },
  };
}
