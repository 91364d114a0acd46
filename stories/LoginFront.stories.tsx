import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { LoginFront } from '../src/pages/LoginFront';
import en from '../src/i18n/en.json';
import zh from '../src/i18n/zh_CN.json';
import type { AppStoryParameters } from './support/StoryHarness';
import { anonymousLoginInfo, loginFrontData } from './support/storyData';

const app = (overrides: Partial<AppStoryParameters> = {}): { app: AppStoryParameters } => ({
  app: {
    path: '/loginfront',
    token: null,
    api: { loginInfo: anonymousLoginInfo, loginFront: loginFrontData },
    ...overrides,
  },
});

const meta = {
  title: 'Pages/LoginFront',
  component: LoginFront,
  parameters: app(),
} satisfies Meta<typeof LoginFront>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Normal: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const submit = await canvas.findByRole('button', {
      name: new RegExp(`${zh['login.submit']}|${en['login.submit']}`),
    });
    await userEvent.click(submit);
    await expect(
      await canvas.findByText(
        new RegExp(`${zh['login.username.required']}|${en['login.username.required']}`),
      ),
    ).toBeInTheDocument();
  },
};

/** Sent back by a forced logout: the session expired. */
export const ExpireType405: Story = {
  parameters: app({ path: '/loginfront?expireType=405' }),
  play: async ({ canvasElement }) => {
    const message = await within(canvasElement).findByTestId('expire-message');
    await expect(message.textContent).toMatch(
      new RegExp(`${zh['logout.expire.405']}|${en['logout.expire.405']}`),
    );
  },
};

/** This host has no integration address configured. */
export const BackAddressMissing: Story = {
  parameters: app({ api: { loginInfo: { ...anonymousLoginInfo, backAddress: '' } } }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('backaddress-missing')).toBeInTheDocument();
  },
};
