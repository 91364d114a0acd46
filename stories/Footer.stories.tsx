import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Footer } from '../renderers/Footer';

const meta = {
  title: 'Shell/Footer',
  component: Footer,
  args: { year: 2025 },
} satisfies Meta<typeof Footer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No productRelease in the login info: V4.1.0. */
export const DefaultRelease: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('footer-release')).toHaveTextContent('V4.1.0');
    await expect(canvas.getByTestId('footer-copyright')).toHaveTextContent('2025');
  },
};

export const WithProductRelease: Story = {
  args: { release: 'V4.2.0' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('footer-release')).toHaveTextContent('V4.2.0');
  },
};
