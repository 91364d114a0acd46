// Text limit (spec §3, §5): typing and pasting past the limit are cut at it; the warning shows exactly at it.
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { textLimitOf } from '../../../engine/input/textLimit';
import { LimitHint } from '../../../renderers/form/LimitHint';
import { TextInput } from '../../../renderers/form/TextInput';
import { TestProviders, testCatalogues } from '../../testing/renderApp';

const hint = (max: number) =>
  testCatalogues.zh_CN['common.input.maxLengthReached']!.replace('{max}', String(max));

function Field({ maxLength, initial = '', error }: { maxLength?: number; initial?: string; error?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <TestProviders>
      <TextInput
        label="Remark"
        name="remark"
        value={value}
        onChange={setValue}
        maxLength={maxLength}
        error={error}
      />
      <output data-testid="value">{value}</output>
    </TestProviders>
  );
}

describe('TextInput with a maximum length', () => {
  it('cuts typing at the limit and warns exactly when it is reached', async () => {
    const user = userEvent.setup();
    render(<Field maxLength={5} />);
    const input = await screen.findByLabelText('Remark');
    expect(input).toHaveAttribute('maxlength', '5');
    await user.type(input, 'abcd');
    expect(screen.queryByText(hint(5))).toBeNull();
    await user.type(input, 'e');
    expect(screen.getByText(hint(5))).toBeInTheDocument();
    await user.type(input, 'fgh');
    expect(input).toHaveValue('abcde');
    expect(screen.getByTestId('value')).toHaveTextContent(/^abcde$/);
    // back under the limit: the warning goes
    await user.type(input, '{Backspace}');
    expect(screen.queryByText(hint(5))).toBeNull();
  });

  it('cuts a paste (or any longer change) at the limit', async () => {
    render(<Field maxLength={textLimitOf(100)} initial="x" />);
    const input = await screen.findByLabelText('Remark');
    fireEvent.change(input, { target: { value: `x${'y'.repeat(150)}` } });
    expect(input).toHaveValue(`x${'y'.repeat(99)}`);
    expect(screen.getByText(hint(100))).toBeInTheDocument();
  });

  it('uses the long limit when strLength is larger than 100', async () => {
    render(<Field maxLength={textLimitOf(500)} />);
    const input = await screen.findByLabelText('Remark');
    fireEvent.change(input, { target: { value: 'z'.repeat(2100) } });
    expect(input).toHaveValue('z'.repeat(2000));
    expect(screen.getByText(hint(2000))).toBeInTheDocument();
  });

  it('an error shows before the warning', async () => {
    render(<Field maxLength={3} initial="abc" error="Bad remark" />);
    expect(await screen.findByText('Bad remark')).toBeInTheDocument();
    expect(screen.queryByText(hint(3))).toBeNull();
  });

  it('without a maximum, nothing is cut and nothing warns', async () => {
    render(<Field />);
    const input = await screen.findByLabelText('Remark');
    fireEvent.change(input, { target: { value: 'w'.repeat(3000) } });
    expect(input).toHaveValue('w'.repeat(3000));
    expect(screen.queryByTestId('limit-hint')).toBeNull();
  });
});

describe('LimitHint', () => {
  it('shows from the limit on, nothing below it or without a limit', () => {
    const { rerender } = render(
      <TestProviders>
        <LimitHint text="abcd" max={5} />
      </TestProviders>,
    );
    expect(screen.queryByTestId('limit-hint')).toBeNull();
    rerender(
      <TestProviders>
        <LimitHint id="h" text="abcde" max={5} />
      </TestProviders>,
    );
    expect(screen.getByTestId('limit-hint')).toHaveTextContent(hint(5));
    expect(screen.getByRole('status')).toHaveAttribute('id', 'h');
    rerender(
      <TestProviders>
        <LimitHint text="abcde" max={undefined} />
      </TestProviders>,
    );
    expect(screen.queryByTestId('limit-hint')).toBeNull();
  });
});
