import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ChunkLoadFailed } from '../renderers/ChunkLoadFailed';
import { lazyPage } from '../src/lazy/lazyPage';
import en from '../src/i18n/en.json';
import zh from '../src/i18n/zh_CN.json';

const meta = {
  title: 'Renderers/ChunkLoadFailed',
  component: ChunkLoadFailed,
  args: { onRetry: fn() },
} satisfies Meta<typeof ChunkLoadFailed>;

export default meta;
type Story = StoryObj<typeof meta>;

const failed = new RegExp(`${zh['app.chunkLoadFailed']}|${en['app.chunkLoadFailed']}`);

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(failed)).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button'));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

const BrokenPage = lazyPage(() =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
);

/** A route whose chunk cannot be fetched, as the lazy page loader shows it. */
export const RouteChunkRejected: Story = {
  render: () => <BrokenPage />,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(failed)).toBeInTheDocument();
  },
};
