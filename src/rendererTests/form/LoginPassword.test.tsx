// The login front's password field follows §5, and the login still sends the password itself (not its MD5).
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { hashOf } from '../../../engine/input/passwordInput';
import { createFakeApiClient } from '../../../renderers/testing/fakeApiClient';
import { renderApp, text } from '../../testing/renderApp';
import { anonymousLoginInfo, loginData, loginFrontData, sampleRoles } from '../../testing/sampleData';

function loginClient() {
  return createFakeApiClient(
    { loginInfo: anonymousLoginInfo, loginFront: loginFrontData, login: loginData, siteList: sampleRoles },
    { token: null },
  );
}

describe('login front password', () => {
  it('strips Chinese characters, refuses a middle deletion, and sends the kept password in plain', async () => {
    const client = loginClient();
    renderApp('/loginfront', { client });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(new RegExp(text('login.username'))), 'crc.li');
    const password = screen.getByLabelText(new RegExp(text('login.password'))) as HTMLInputElement;
    expect(password).toHaveAttribute('type', 'password');
    await user.type(password, 'Demo密码#2026');
    expect(password).toHaveValue('Demo#2026');
    password.setSelectionRange(2, 2);
    await user.keyboard('{Backspace}');
    expect(password).toHaveValue('Demo#2026');
    expect(screen.getByText(text('common.password.noMiddleDelete'))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: text('login.submit') }));
    expect(client.paramsOf('loginFront')).toEqual([{ username: 'crc.li', password: 'Demo#2026' }]);
    expect(JSON.stringify(client.calls)).not.toContain(hashOf('Demo#2026'));
  });
});
