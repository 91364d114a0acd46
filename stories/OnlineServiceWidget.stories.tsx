import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { OnlineServiceWidget } from '../renderers/OnlineServiceWidget';
import type { AppStoryParameters } from './support/StoryHarness';
import { onlineData } from './support/storyData';

const SERVICE_URL = onlineData.url;

const meta = {
  title: 'Shell/OnlineServiceWidget',
  component: OnlineServiceWidget,
  args: { visible: true, openUrl: fn() },
  parameters: { app: { api: { online: onlineData } } satisfies AppStoryParameters },
} satisfies Meta<typeof OnlineServiceWidget>;

export default meta;
type Story = StoryObj<typeof meta>;

/** login info `online.isShow: true`: the button asks online.do and opens the address. */
export const Shown: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(await within(canvasElement).findByRole('button'));
    await waitFor(() => expect(args.openUrl).toHaveBeenCalledWith(SERVICE_URL));
  },
};

export const Hidden: Story = {
  args: { visible: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button')).toBeNull();
  },
};
