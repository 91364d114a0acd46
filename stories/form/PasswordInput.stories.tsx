/**
 * The password field (spec §5): Chinese characters are stripped; pasting only at the end (or over everything) and
 * deleting only from the end (or everything), each refusal with its message; the MD5 of the value is offered
 * (shown here; the login sends the password itself and the server keeps only a slow hash).
 */
import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import Box from '@mui/material/Box';
import { PasswordInput } from '../../renderers/form/PasswordInput';
import { msg } from '../support/storyText';

function PasswordInputDemo({ label, initial = '' }: { label: string; initial?: string }) {
  const [value, setValue] = useState(initial);
  const [hash, setHash] = useState('');
  return (
    <Box sx={{ p: 3, maxWidth: 420 }}>
      <PasswordInput label={label} name="password" value={value} onChange={setValue} onHash={setHash} />
      <Box component="output" data-testid="md5" sx={{ typography: 'caption', fontFamily: 'monospace' }}>
        {hash}
      </Box>
    </Box>
  );
}

const meta = {
  title: 'Form/PasswordInput',
  component: PasswordInputDemo,
  args: { label: 'Password' },
} satisfies Meta<typeof PasswordInputDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

const field = async (canvasElement: HTMLElement) =>
  (await within(canvasElement).findByLabelText('Password')) as HTMLInputElement;

/** Typing: Chinese characters do not get in; the MD5 of what is kept is offered. */
export const StripsChinese: Story = {
  play: async ({ canvasElement }) => {
    const input = await field(canvasElement);
    await userEvent.type(input, 'a密b码c');
    await expect(input).toHaveValue('abc');
    await expect(within(canvasElement).getByTestId('md5')).toHaveTextContent(
      '900150983cd24fb0d6963f7d28e17f72',
    );
  },
};

/** Backspace before the end: refused, "no deleting in the middle"; the value stays. */
export const NoMiddleDelete: Story = {
  args: { initial: 'Secret#1' },
  play: async ({ canvasElement }) => {
    const input = await field(canvasElement);
    await userEvent.click(input);
    input.setSelectionRange(3, 3);
    await userEvent.keyboard('{Backspace}');
    await expect(input).toHaveValue('Secret#1');
    await expect(within(canvasElement).getByText(msg('common.password.noMiddleDelete'))).toBeInTheDocument();
    // from the end it deletes
    input.setSelectionRange(8, 8);
    await userEvent.keyboard('{Backspace}');
    await expect(input).toHaveValue('Secret#');
  },
};

/** A paste with the caret before the end: refused, "no pasting in the middle". */
export const NoMiddlePaste: Story = {
  args: { initial: 'Secret#1' },
  play: async ({ canvasElement }) => {
    const input = await field(canvasElement);
    await userEvent.click(input);
    input.setSelectionRange(2, 2);
    await userEvent.paste('XYZ');
    await expect(input).toHaveValue('Secret#1');
    await expect(within(canvasElement).getByText(msg('common.password.noMiddlePaste'))).toBeInTheDocument();
    // at the end it pastes (without Chinese characters)
    input.setSelectionRange(8, 8);
    await userEvent.paste('中2');
    await expect(input).toHaveValue('Secret#12');
  },
};

/** A paste over a part that reaches the end: refused, "delete before pasting"; over everything it replaces. */
export const DeleteBeforePaste: Story = {
  args: { initial: 'Secret#1' },
  play: async ({ canvasElement }) => {
    const input = await field(canvasElement);
    await userEvent.click(input);
    input.setSelectionRange(6, 8);
    await userEvent.paste('99');
    await expect(input).toHaveValue('Secret#1');
    await expect(
      within(canvasElement).getByText(msg('common.password.deleteBeforePaste')),
    ).toBeInTheDocument();
    input.setSelectionRange(0, 8);
    await userEvent.paste('New#2026');
    await expect(input).toHaveValue('New#2026');
    await expect(within(canvasElement).queryByText(msg('common.password.deleteBeforePaste'))).toBeNull();
  },
};
