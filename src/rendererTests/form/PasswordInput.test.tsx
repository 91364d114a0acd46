// Password input (spec §5): Chinese stripped; no paste or delete in the middle, each refusal with its message; MD5.
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PasswordInput } from '../../../renderers/form/PasswordInput';
import { TestProviders, text } from '../../testing/renderApp';

const MESSAGES = {
  deleteBeforePaste: text('common.password.deleteBeforePaste'),
  noMiddlePaste: text('common.password.noMiddlePaste'),
  noMiddleDelete: text('common.password.noMiddleDelete'),
};

function Field({ initial = '', onHash }: { initial?: string; onHash?: (hash: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <TestProviders>
      <PasswordInput label="Password" name="password" value={value} onChange={setValue} onHash={onHash} />
      <output data-testid="value">{value}</output>
    </TestProviders>
  );
}

async function setup(initial = '', onHash?: (hash: string) => void) {
  const user = userEvent.setup();
  render(<Field initial={initial} onHash={onHash} />);
  const input = (await screen.findByLabelText('Password')) as HTMLInputElement;
  return { user, input };
}

const valueShown = () => screen.getByTestId('value').textContent;

describe('PasswordInput', () => {
  it('is a password field', async () => {
    const { input } = await setup();
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('autocomplete', 'current-password');
  });

  it('strips Chinese characters as they are typed', async () => {
    const { user, input } = await setup();
    await user.type(input, 'Ab密1码c，');
    expect(input).toHaveValue('Ab1c');
    expect(valueShown()).toBe('Ab1c');
    expect(screen.queryByText(MESSAGES.noMiddleDelete)).toBeNull();
  });

  it('deletes from the end, refuses Backspace and Delete in the middle with a message', async () => {
    const { user, input } = await setup('secret');
    await user.click(input);
    input.setSelectionRange(6, 6);
    await user.keyboard('{Backspace}');
    expect(input).toHaveValue('secre');

    input.setSelectionRange(2, 2);
    await user.keyboard('{Backspace}');
    expect(input).toHaveValue('secre');
    expect(screen.getByText(MESSAGES.noMiddleDelete)).toBeInTheDocument();

    input.setSelectionRange(0, 0);
    await user.keyboard('{Delete}');
    expect(input).toHaveValue('secre');
    expect(valueShown()).toBe('secre');

    // the next accepted edit clears the message
    input.setSelectionRange(5, 5);
    await user.keyboard('t');
    expect(input).toHaveValue('secret');
    expect(screen.queryByText(MESSAGES.noMiddleDelete)).toBeNull();
  });

  it('deletes a selection that reaches the end or is everything, refuses a middle selection', async () => {
    const { user, input } = await setup('abcdef');
    await user.click(input);
    input.setSelectionRange(1, 3);
    await user.keyboard('{Backspace}');
    expect(input).toHaveValue('abcdef');
    expect(screen.getByText(MESSAGES.noMiddleDelete)).toBeInTheDocument();

    input.setSelectionRange(4, 6);
    await user.keyboard('{Backspace}');
    expect(input).toHaveValue('abcd');

    input.setSelectionRange(0, 4);
    await user.keyboard('{Delete}');
    expect(input).toHaveValue('');
  });

  it('refuses a middle deletion that comes as a plain change (cut, input method)', async () => {
    const { input } = await setup('abcd');
    fireEvent.change(input, { target: { value: 'abd' } });
    expect(input).toHaveValue('abcd');
    expect(valueShown()).toBe('abcd');
    expect(screen.getByText(MESSAGES.noMiddleDelete)).toBeInTheDocument();
  });

  it('pastes at the end without Chinese characters', async () => {
    const { user, input } = await setup('ab');
    await user.click(input);
    input.setSelectionRange(2, 2);
    await user.paste('c中d');
    expect(input).toHaveValue('abcd');
  });

  it('a paste over the whole value replaces it', async () => {
    const { user, input } = await setup('old');
    await user.click(input);
    input.setSelectionRange(0, 3);
    await user.paste('New1');
    expect(input).toHaveValue('New1');
  });

  it('refuses a paste in the middle with its message', async () => {
    const { user, input } = await setup('abcd');
    await user.click(input);
    input.setSelectionRange(1, 1);
    await user.paste('XY');
    expect(input).toHaveValue('abcd');
    expect(valueShown()).toBe('abcd');
    expect(screen.getByText(MESSAGES.noMiddlePaste)).toBeInTheDocument();
  });

  it('refuses a paste over part of the value at its end: delete first', async () => {
    const { user, input } = await setup('abcd');
    await user.click(input);
    input.setSelectionRange(2, 4);
    await user.paste('XY');
    expect(input).toHaveValue('abcd');
    expect(screen.getByText(MESSAGES.deleteBeforePaste)).toBeInTheDocument();
  });

  it('tells the MD5 of each new value', async () => {
    const onHash = vi.fn();
    const { user, input } = await setup('', onHash);
    await user.type(input, 'abc');
    expect(onHash).toHaveBeenLastCalledWith('900150983cd24fb0d6963f7d28e17f72');
    await user.keyboard('{Backspace}{Backspace}{Backspace}');
    expect(onHash).toHaveBeenLastCalledWith('d41d8cd98f00b204e9800998ecf8427e');
  });
});
