import { useEffect } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import Button from '@mui/material/Button';
import type { Notice } from '../engine/ports';
import { useNotifier } from '../renderers/notices/NoticesProvider';

/** Sends its notice on mount and on each click (toasts leave after 2–3 s). */
function NoticeDemo({ notice }: { notice: Notice }) {
  const notifier = useNotifier();
  useEffect(() => notifier.notify(notice), [notifier, notice]);
  return (
    <Button variant="outlined" sx={{ m: 3 }} onClick={() => notifier.notify(notice)}>
      notify
    </Button>
  );
}

const meta = {
  title: 'Renderers/Notices',
  component: NoticeDemo,
} satisfies Meta<typeof NoticeDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

function expectToast(level: Notice['level']) {
  return async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const urgent = level === 'error' || level === 'warning';
    const toast = await within(canvasElement).findByRole(urgent ? 'alert' : 'status');
    await expect(toast).toHaveAttribute('data-level', level);
  };
}

export const Success: Story = {
  args: { notice: { level: 'success', text: '保存成功' } },
  play: expectToast('success'),
};

export const Info: Story = {
  args: { notice: { level: 'info', text: 'Data export started' } },
  play: expectToast('info'),
};

/** An engine message id, translated. */
export const Warning: Story = {
  args: { notice: { level: 'warning', messageId: 'logout.expire.405' } },
  play: expectToast('warning'),
};

export const Error: Story = {
  args: { notice: { level: 'error', messageId: 'request.network' } },
  play: expectToast('error'),
};
