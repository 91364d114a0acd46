import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../engine/session/storageKeys';
import type { Timers } from '../../engine/ports';
import { createFakeApiClient, fakeFailure } from '../../renderers/testing/fakeApiClient';
import { createTestPlatform } from '../testing/testPlatform';
import { configRetryDelay } from './LoginFront';
import { renderApp, text } from '../testing/renderApp';
import {
  anonymousLoginInfo,
  loginData,
  loginFrontData,
  sampleRoles,
  userLoginInfo,
} from '../testing/sampleData';

function loginClient() {
  const client = createFakeApiClient(
    {
      // anonymous until the token is there
      loginInfo: () => (client.token.get() ? userLoginInfo : anonymousLoginInfo),
      loginFront: loginFrontData,
      login: loginData,
      siteList: sampleRoles,
    },
    { token: null },
  );
  return client;
}

describe('login front', () => {
  it('requires user name and password before calling the server', async () => {
    const client = loginClient();
    renderApp('/loginfront', { client });
    await userEvent.click(await screen.findByRole('button', { name: text('login.submit') }));
    expect(screen.getByText(text('login.username.required'))).toBeInTheDocument();
    expect(screen.getByText(text('login.password.required'))).toBeInTheDocument();
    expect(client.paramsOf('loginFront')).toEqual([]);
  });

  it('logs in with what was typed, keeps the token and opens the session', async () => {
    const client = loginClient();
    const { router } = renderApp('/loginfront', { client });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(new RegExp(text('login.username'))), '  crc.li ');
    await user.type(screen.getByLabelText(new RegExp(text('login.password'))), 's3cret pw');
    await user.click(screen.getByRole('button', { name: text('login.submit') }));

    expect(client.paramsOf('loginFront')).toEqual([{ username: 'crc.li', password: 's3cret pw' }]);
    expect(client.token.get()).toBe(loginFrontData.token);
    // /entrance: login.do (the login info), then role and site selection
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkRole'));
    const names = client.calls.map((c) => c.name).filter((n) => n !== 'siteList');
    expect(names.slice(names.indexOf('loginFront'))).toEqual(['loginFront', 'login']);
    // the studies of login.do are not part of the login info kept for the session
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.loginInfo) ?? '{}')).not.toHaveProperty('studies');
  });

  it('shows why the user was logged out (?expireType=504)', async () => {
    renderApp('/loginfront?expireType=504', { client: loginClient() });
    expect(await screen.findByTestId('expire-message')).toHaveTextContent(text('logout.expire.504'));
  });

  it('shows no expire message for an unknown code', async () => {
    renderApp('/loginfront?expireType=999', { client: loginClient() });
    await screen.findByRole('button', { name: text('login.submit') });
    expect(screen.queryByTestId('expire-message')).toBeNull();
  });

  it('keeps the integration address of this host, and says when it is missing', async () => {
    renderApp('/loginfront', { client: loginClient() });
    await screen.findByTestId('eclinical-version');
    expect(sessionStorage.getItem(STORAGE_KEYS.backAddress)).toBe('http://localhost:8080');
    expect(screen.queryByTestId('backaddress-missing')).toBeNull();
  });

  it('warns when the host has no integration address', async () => {
    const client = createFakeApiClient(
      { loginInfo: { ...anonymousLoginInfo, backAddress: '' } },
      { token: null },
    );
    renderApp('/loginfront', { client });
    expect(await screen.findByTestId('backaddress-missing')).toHaveTextContent(
      text('request.backAddressMissing'),
    );
    expect(sessionStorage.getItem(STORAGE_KEYS.backAddress)).toBeNull();
  });

  it('switches the language', async () => {
    renderApp('/loginfront', { client: loginClient() });
    await userEvent.click(await screen.findByRole('button', { name: text('language.en') }));
    expect(await screen.findByRole('button', { name: text('login.submit', 'en') })).toBeInTheDocument();
    expect(sessionStorage.getItem(STORAGE_KEYS.locale)).toBe('en');
  });

  it('while the server is away: "network exception", logininfo.do asked again with back-off; works once back', async () => {
    const delays: number[] = [];
    const timers: Timers = {
      setInterval: () => 0,
      clearInterval: () => {},
      setTimeout: (fn, ms) => {
        delays.push(ms);
        return setTimeout(fn, 5);
      },
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    };
    let failures = 3;
    const client = createFakeApiClient(
      {
        loginInfo: () => {
          if (failures-- > 0) throw fakeFailure('network', '/login/info/logininfo.do');
          return anonymousLoginInfo;
        },
      },
      { token: null },
    );
    renderApp('/loginfront', { client, platform: createTestPlatform({ timers }) });
    expect(await screen.findByTestId('login-offline')).toHaveTextContent(text('request.network'));
    expect(await screen.findByTestId('eclinical-version')).toBeInTheDocument();
    expect(screen.queryByTestId('login-offline')).toBeNull();
    expect(delays).toEqual([1000, 2000, 4000]);
    expect(client.paramsOf('loginInfo')).toHaveLength(4);
    expect(configRetryDelay(10)).toBe(30_000);
  });
});
