import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { EmbeddedPageOverlay } from '../renderers/overlay/EmbeddedPageOverlay';

const meta = {
  title: 'Renderers/EmbeddedPageOverlay',
  component: EmbeddedPageOverlay,
  args: {
    open: true,
    url: 'data:text/html;charset=utf-8,%3Ch1%3EUser%20manual%3C%2Fh1%3E',
    title: '用户手册 / User manual',
    onClose: fn(),
  },
} satisfies Meta<typeof EmbeddedPageOverlay>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  play: async ({ canvasElement, args }) => {
    // the dialog is portalled to the body
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('dialog');
    await expect(dialog.querySelector('iframe')).toHaveAttribute('src', args.url);
  },
};
