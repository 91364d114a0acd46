import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApiClient } from '../../../renderers/testing/fakeApiClient';
import { renderApp, text } from '../../testing/renderApp';
import { forcedLogoutCode } from './ForcedLogoutPage';

describe('402 forced-logout page', () => {
  it('shows the message of ?code=601 and offers to log in again', async () => {
    const { router } = renderApp('/402?code=601');
    expect(await screen.findByText(text('logout.expire.601'))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: text('error.loginAgain') }));
    expect(router.state.location.pathname).toBe('/loginfront');
  });

  it('explains only 600, 601 and 602', () => {
    expect(forcedLogoutCode('600')).toBe(600);
    expect(forcedLogoutCode('602')).toBe(602);
    expect(forcedLogoutCode('405')).toBeNull();
    expect(forcedLogoutCode('abc')).toBeNull();
    expect(forcedLogoutCode(null)).toBeNull();
  });

  it('falls back to a general message without a known code', async () => {
    renderApp('/402?code=405');
    expect(await screen.findByText(text('error.402.message'))).toBeInTheDocument();
  });
});

describe('401 page', () => {
  it('goes back to where the user came from', async () => {
    const { router } = renderApp('/404');
    await screen.findByText(text('error.404.title'));
    await router.navigate('/401');
    await userEvent.click(await screen.findByRole('button', { name: text('error.back') }));
    expect(router.state.location.pathname).toBe('/404');
  });
});

describe('500 page', () => {
  it('re-enters the app through /entrance', async () => {
    const client = createFakeApiClient({}, { token: null });
    const { router } = renderApp('/500', { client });
    await userEvent.click(await screen.findByRole('button', { name: text('error.tryAgain') }));
    // no token: /entrance sends the user on to the login front
    await screen.findByRole('button', { name: text('login.submit') });
    expect(router.state.location.pathname).toBe('/loginfront');
  });
});
