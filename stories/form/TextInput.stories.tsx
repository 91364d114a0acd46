/**
 * The text field with a maximum length (spec §3, §5): the session's limit is 100 unless login info's strLength is
 * larger (then 2000); typing past it is cut and the field warns once the text reaches it.
 */
import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, userEvent, within } from 'storybook/test';
import Box from '@mui/material/Box';
import { textLimitOf } from '../../engine/input/textLimit';
import { TextInput } from '../../renderers/form/TextInput';
import { msg } from '../support/storyText';

interface DemoProps {
  label: string;
  /** Login info's strLength the limit comes from (textLimitOf); `maxLength` overrides it. */
  strLength?: unknown;
  maxLength?: number;
  initial?: string;
}

function TextInputDemo({ label, strLength, maxLength, initial = '' }: DemoProps) {
  const [value, setValue] = useState(initial);
  return (
    <Box sx={{ p: 3, maxWidth: 420 }}>
      <TextInput
        label={label}
        name="remark"
        value={value}
        onChange={setValue}
        maxLength={maxLength ?? textLimitOf(strLength)}
      />
      <Box component="output" data-testid="length" sx={{ typography: 'caption' }}>
        {value.length}
      </Box>
    </Box>
  );
}

const meta = {
  title: 'Form/TextInput',
  component: TextInputDemo,
  args: { label: 'Remark' },
} satisfies Meta<typeof TextInputDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A 10-character limit: no warning at 9, the warning at 10, and nothing typed after it. */
export const LimitReached: Story = {
  args: { maxLength: 10 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = await canvas.findByLabelText('Remark');
    await expect(input).toHaveAttribute('maxlength', '10');
    await userEvent.type(input, '123456789');
    await expect(canvas.queryByText(msg('common.input.maxLengthReached', { max: 10 }))).toBeNull();
    await userEvent.type(input, '0');
    await expect(canvas.getByText(msg('common.input.maxLengthReached', { max: 10 }))).toBeInTheDocument();
    await userEvent.type(input, 'abc');
    await expect(input).toHaveValue('1234567890');
    await expect(canvas.getByTestId('length')).toHaveTextContent('10');
  },
};

/** strLength 100 (and any missing or invalid strLength): the field stops at 100 characters, a paste is cut. */
export const SessionLimit100: Story = {
  args: { strLength: 100, initial: 'x'.repeat(95) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = await canvas.findByLabelText('Remark');
    await expect(input).toHaveAttribute('maxlength', '100');
    fireEvent.change(input, { target: { value: `${'x'.repeat(95)}${'y'.repeat(20)}` } });
    await expect(input).toHaveValue(`${'x'.repeat(95)}yyyyy`);
    await expect(canvas.getByText(msg('common.input.maxLengthReached', { max: 100 }))).toBeInTheDocument();
  },
};

/** strLength larger than 100: 2000 characters. */
export const SessionLimit2000: Story = {
  args: { strLength: 500, initial: 'z'.repeat(1999) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = await canvas.findByLabelText('Remark');
    await expect(input).toHaveAttribute('maxlength', '2000');
    await expect(canvas.queryByText(msg('common.input.maxLengthReached', { max: 2000 }))).toBeNull();
    await userEvent.type(input, 'zz');
    await expect(canvas.getByTestId('length')).toHaveTextContent('2000');
    await expect(canvas.getByText(msg('common.input.maxLengthReached', { max: 2000 }))).toBeInTheDocument();
  },
};
