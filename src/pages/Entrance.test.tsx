import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadLoginInfo } from '../../engine/session/loginInfo';
import { STORAGE_KEYS } from '../../engine/session/storageKeys';
import { createFakeApiClient } from '../../renderers/testing/fakeApiClient';
import { renderApp } from '../testing/renderApp';
import { loginData, roleLoginInfo, sampleMenus, sampleRoles, userLoginInfo } from '../testing/sampleData';

describe('/entrance', () => {
  it('opens the login front when there is no token', async () => {
    const client = createFakeApiClient({}, { token: null });
    const { router } = renderApp('/entrance', { client });
    await waitFor(() => expect(router.state.location.pathname).toBe('/loginfront'));
    expect(client.paramsOf('login')).toEqual([]);
  });

  it('opens the session, keeps the login info and its locale, then asks for role and site', async () => {
    const client = createFakeApiClient({
      login: { ...loginData, ...userLoginInfo, locale: 'en' },
      siteList: sampleRoles,
    });
    const { router } = renderApp('/', { client });
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkRole'));
    expect(client.calls.slice(0, 1).map((c) => c.name)).toEqual(['login']);
    expect(loadLoginInfo(window.sessionStorage)?.userid).toBe(loginData.userid);
    expect(sessionStorage.getItem(STORAGE_KEYS.locale)).toBe('en');
  });

  it('goes straight home (the first page of the role) when a role is already chosen', async () => {
    const client = createFakeApiClient({
      login: { ...roleLoginInfo, studies: loginData.studies },
      appVersion: { version: 'V2.0.10' },
      menuList: sampleMenus,
    });
    const { router } = renderApp('/entrance', { client });
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/subjects'));
    expect(
      client.calls.filter((c) => c.name === 'login' || c.name === 'loginInfo').map((c) => c.name),
    ).toEqual(['login']);
    expect(loadLoginInfo(window.sessionStorage)).not.toHaveProperty('studies');
  });
});
