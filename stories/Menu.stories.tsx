import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import Box from '@mui/material/Box';
import { MenuRenderer } from '../renderers/menu/MenuRenderer';
import { menuListData } from './support/storyData';

const meta = {
  title: 'Shell/Menu',
  component: MenuRenderer,
  decorators: [
    (Story) => (
      <Box
        sx={{
          width: 240,
          bgcolor: 'background.paper',
          borderRight: 1,
          borderColor: 'divider',
          minHeight: 400,
        }}
      >
        <Story />
      </Box>
    ),
  ],
  args: {
    items: menuListData.menus,
    locale: 'zh_CN',
    activeCode: null,
    onSelect: fn(),
    label: 'menu',
  },
} satisfies Meta<typeof MenuRenderer>;

export default meta;
type Story = StoryObj<typeof meta>;

const firstLeaf = () => {
  const stack = [...menuListData.menus];
  while (stack.length > 0) {
    const item = stack.shift();
    if (item && !item.children?.length) return item;
    if (item?.children) stack.unshift(...item.children);
  }
  throw new Error('the menu fixture has no leaf');
};

export const Chinese: Story = {
  play: async ({ canvasElement, args }) => {
    const leaf = firstLeaf();
    await userEvent.click(await within(canvasElement).findByRole('button', { name: leaf.name.zh_CN }));
    await expect(args.onSelect).toHaveBeenCalledWith(expect.objectContaining({ menuCode: leaf.menuCode }));
  },
};

export const EnglishWithActiveItem: Story = {
  args: { locale: 'en', activeCode: firstLeaf().menuCode },
  play: async ({ canvasElement }) => {
    const active = await within(canvasElement).findByRole('button', { name: firstLeaf().name.en });
    await expect(active).toHaveAttribute('aria-current', 'page');
  },
};
