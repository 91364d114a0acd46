import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ForcedLogoutPage } from '../src/pages/errors/ForcedLogoutPage';
import { NotFoundPage } from '../src/pages/errors/NotFoundPage';
import { ServerErrorPage } from '../src/pages/errors/ServerErrorPage';
import { UnauthorizedPage } from '../src/pages/errors/UnauthorizedPage';
import en from '../src/i18n/en.json';
import zh from '../src/i18n/zh_CN.json';
import type { AppStoryParameters } from './support/StoryHarness';

const meta = {
  title: 'Pages/ErrorPages',
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const at = (path: string) => ({ app: { path } satisfies AppStoryParameters });
const either = (id: keyof typeof zh & keyof typeof en) => new RegExp(`${zh[id]}|${en[id]}`);

const showsStatus =
  (status: string) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(await within(canvasElement).findByTestId('error-status')).toHaveTextContent(status);
  };

export const Unauthorized401: Story = {
  render: () => <UnauthorizedPage />,
  parameters: at('/401'),
  play: showsStatus('401'),
};

export const NotFound404: Story = {
  render: () => <NotFoundPage />,
  parameters: at('/404'),
  play: showsStatus('404'),
};

/** Sent here by the server with code 601: the role is no longer available. */
export const ForcedLogout402Code601: Story = {
  render: () => <ForcedLogoutPage />,
  parameters: at('/402?code=601'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('error-message')).toHaveTextContent(
      either('logout.expire.601'),
    );
  },
};

export const ServerError500: Story = {
  render: () => <ServerErrorPage />,
  parameters: at('/500'),
  play: showsStatus('500'),
};
