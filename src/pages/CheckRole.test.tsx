import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { loadAllowedPaths } from '../../engine/access/accessGuard';
import { loadLoginInfo } from '../../engine/session/loginInfo';
import { STORAGE_KEYS } from '../../engine/session/storageKeys';
import { createFakeApiClient, fakeFailure } from '../../renderers/testing/fakeApiClient';
import { renderApp, seedSession, text } from '../testing/renderApp';
import { roleLoginInfo, sampleMenus, sampleRoles, userLoginInfo } from '../testing/sampleData';

const ALLOWED = ['/index/statistics', '/index/userManage'];

function roleClient(onMenuList: () => void = () => {}, roleTranFails = false) {
  return createFakeApiClient({
    siteList: sampleRoles,
    changeSiteRole: ({ roleid, siteid }) => ({
      roleid,
      rolecode: sampleRoles.find((r) => r.roleid === roleid)?.rolecode ?? '',
      siteid,
      allowedPaths: ALLOWED,
    }),
    roleTranAdd: () => {
      if (roleTranFails) throw fakeFailure('server', 'roleTran/add.do');
      return null;
    },
    appVersion: { version: 'V2.0.10' },
    menuList: () => {
      onMenuList();
      return sampleMenus;
    },
  });
}

const roleField = () => screen.findByLabelText(new RegExp(text('checkRole.role')));
const siteField = () => screen.getByLabelText(new RegExp(text('checkRole.site')));

describe('/checkRole', () => {
  it('requires a role and a site', async () => {
    seedSession(window.sessionStorage, userLoginInfo);
    const client = roleClient();
    renderApp('/checkRole', { client });
    await roleField();
    await userEvent.click(screen.getByRole('button', { name: text('checkRole.confirm') }));
    expect(screen.getByText(text('checkRole.role.required'))).toBeInTheDocument();
    expect(screen.getByText(text('checkRole.site.required'))).toBeInTheDocument();
    expect(client.paramsOf('changeSiteRole')).toEqual([]);
  });

  it('offers only the sites of the chosen role', async () => {
    seedSession(window.sessionStorage, userLoginInfo);
    renderApp('/checkRole', { client: roleClient() });
    await userEvent.selectOptions(await roleField(), 'role-dm');
    const options = within(siteField())
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value);
    expect(options).toEqual(['', 'site-bj01', 'site-bos01', 'site-sh01']);
    // a role with one site gets it chosen
    await userEvent.selectOptions(await roleField(), 'role-cra');
    expect((siteField() as HTMLSelectElement).value).toBe('site-sh01');
  });

  it('changes role, records the switch, keeps the allowed paths and opens the home page', async () => {
    seedSession(window.sessionStorage, userLoginInfo);
    sessionStorage.setItem(STORAGE_KEYS.menuCode, 'old');
    // the shell's menuList.do comes after the choice: what was kept by then is what changeSiteRole.do answered
    let keptBeforeMenu: string[] = [];
    const client = roleClient(() => {
      keptBeforeMenu = loadAllowedPaths(window.sessionStorage);
    });
    const { router } = renderApp('/checkRole', { client });
    const user = userEvent.setup();
    await user.selectOptions(await roleField(), 'role-dm');
    await user.selectOptions(siteField(), 'site-bos01');
    await user.click(screen.getByRole('button', { name: text('checkRole.confirm') }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/index/subjects'));
    const order = client.calls
      .map((c) => c.name)
      .filter((n) => n === 'changeSiteRole' || n === 'roleTranAdd');
    expect(order).toEqual(['changeSiteRole', 'roleTranAdd']);
    expect(client.paramsOf('changeSiteRole')).toEqual([{ roleid: 'role-dm', siteid: 'site-bos01' }]);
    expect(client.paramsOf('roleTranAdd')).toEqual([
      { fromRoleid: null, toRoleid: 'role-dm', siteid: 'site-bos01' },
    ]);
    await waitFor(() => expect(keptBeforeMenu).toEqual(ALLOWED));
    expect(loadLoginInfo(window.sessionStorage)).toMatchObject({
      roleid: 'role-dm',
      rolecode: 'DM',
      siteid: 'site-bos01',
      sitecode: 'BOS01',
    });
    expect(sessionStorage.getItem(STORAGE_KEYS.menuCode)).not.toBe('old');
  });

  it('when switching, starts from the current role and site and records where it came from', async () => {
    const asDataManager = { ...roleLoginInfo, roleid: 'role-dm', rolecode: 'DM', siteid: 'site-bj01' };
    seedSession(window.sessionStorage, asDataManager, ['/index/statistics']);
    const client = roleClient();
    const { router } = renderApp('/checkRole', { client });
    expect(((await roleField()) as HTMLSelectElement).value).toBe('role-dm');
    expect((siteField() as HTMLSelectElement).value).toBe('site-bj01');
    await userEvent.selectOptions(await roleField(), 'role-cra');
    await userEvent.click(screen.getByRole('button', { name: text('checkRole.confirm') }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/subjects'));
    expect(client.paramsOf('roleTranAdd')).toEqual([
      { fromRoleid: 'role-dm', toRoleid: 'role-cra', siteid: 'site-sh01' },
    ]);
  });

  it('keeps the chosen role when only the role-switch record fails (the server holds the new role already)', async () => {
    seedSession(window.sessionStorage, userLoginInfo);
    const client = roleClient(undefined, true);
    const { router } = renderApp('/checkRole', { client });
    await userEvent.selectOptions(await roleField(), 'role-dm');
    await userEvent.selectOptions(siteField(), 'site-bos01');
    await userEvent.click(screen.getByRole('button', { name: text('checkRole.confirm') }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/subjects'));
    expect(loadLoginInfo(window.sessionStorage)).toMatchObject({ roleid: 'role-dm', siteid: 'site-bos01' });
  });

  it('goes to /entrance without a login', async () => {
    const client = createFakeApiClient({}, { token: null });
    const { router } = renderApp('/checkRole', { client });
    await waitFor(() => expect(router.state.location.pathname).toBe('/loginfront'));
  });
});
