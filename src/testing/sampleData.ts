/**
 * Session data for UI tests and stories: the reference server's own answers (fixtures/), so tests and stories
 * show what the server sends.
 */
import type { DataOf } from '../../engine/api/endpoint';
import type { LoginInfo, Role, SiteUiConfig, menuList } from '../../engine/api/session';
import { fixtures, menuListByRole } from '../../fixtures';

/** logininfo.do: the per-host UI config (unit logo, eClinical version, integration address). */
export const anonymousLoginInfo: SiteUiConfig = fixtures.loginInfoAnonymous.data;

/** Logged in as crc.li, CRC at site BJ01 (the online service is shown). */
export const roleLoginInfo: LoginInfo = fixtures.loginInfo.data;

/** Logged in, no role and site chosen yet. */
export const userLoginInfo: LoginInfo = {
  ...roleLoginInfo,
  roleid: null,
  role: null,
  rolecode: null,
  rolename: null,
  siteid: null,
  sitecode: null,
  sitename: null,
};

/** sitelist.do of dm.chen: CRA at one site, DM at three. */
export const sampleRoles: Role[] = fixtures.siteList.data;

/** menuList.do of the data manager: a group (administration) with management pages. */
export const sampleMenus: DataOf<typeof menuList> = menuListByRole.DM.data;

export const loginData = fixtures.login.data;
export const loginFrontData = fixtures.loginFront.data;
export const helpDocs = fixtures.help.data;
export const onlineData = fixtures.online.data;
