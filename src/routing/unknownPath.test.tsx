import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../engine/session/storageKeys';
import { createFakeApiClient } from '../../renderers/testing/fakeApiClient';
import { renderApp, seedSession, text } from '../testing/renderApp';
import { roleLoginInfo, sampleMenus } from '../testing/sampleData';

function shellClient() {
  return createFakeApiClient({ appVersion: { version: 'V2.0.10' }, menuList: sampleMenus });
}

describe('unknown paths', () => {
  it('show the 404 page when entered directly; Back home clears the menu item and opens /index', async () => {
    seedSession(window.sessionStorage, roleLoginInfo, sampleMenus.allowedPaths);
    sessionStorage.setItem(STORAGE_KEYS.menuCode, 'userManage');
    const { router } = renderApp('/no/such/page', { client: shellClient() });
    expect(await screen.findByText(text('error.404.title'))).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/no/such/page');

    await userEvent.click(screen.getByRole('button', { name: text('error.backHome') }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/subjects'));
    // the menu item of the home page replaces the cleared one
    await waitFor(() => expect(sessionStorage.getItem(STORAGE_KEYS.menuCode)).toBe('subjects'));
  });

  it('clear the menu item on Back home', async () => {
    sessionStorage.setItem(STORAGE_KEYS.menuCode, 'userManage');
    const client = createFakeApiClient({}, { token: null });
    const { router } = renderApp('/404', { client });
    await userEvent.click(await screen.findByRole('button', { name: text('error.backHome') }));
    expect(sessionStorage.getItem(STORAGE_KEYS.menuCode)).toBeNull();
    // nobody logged in: /index sends the user on to log in
    await waitFor(() => expect(router.state.location.pathname).toBe('/loginfront'));
  });

  it('keep the user on the previous path when reached from inside the app', async () => {
    const client = createFakeApiClient({}, { token: null });
    const { router } = renderApp('/loginfront', { client });
    await screen.findByRole('button', { name: text('login.submit') });
    await router.navigate('/does-not-exist');
    await waitFor(() => expect(router.state.location.pathname).toBe('/loginfront'));
    expect(screen.queryByText(text('error.404.title'))).toBeNull();
    expect(await screen.findByText(text('error.404.stayed'))).toBeInTheDocument();
  });

  it('inside the shell keep the current page', async () => {
    seedSession(window.sessionStorage, roleLoginInfo, sampleMenus.allowedPaths);
    const { router } = renderApp('/index/statistics', { client: shellClient() });
    await screen.findByTestId('home-user');
    await router.navigate('/index/not-built-yet');
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/statistics'));
  });
});
