/** The search bar's date picker, driven by the keyboard only (no pointer events). */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { dateFieldType } from '../../../engine/fieldTypes/dateTypes';
import type { SearchBehaviour } from '../../../engine/fieldTypes/types';
import type { SearchFieldDef, SearchValue } from '../../../engine/metadata/types';
import { DatePickerProvider } from '../../../renderers/search/widgets/DatePickerProvider';
import { DateWidget } from '../../../renderers/search/widgets/DateWidget';
import { TestProviders } from '../../testing/renderApp';

const field = {
  innerid: 'f-visit',
  prop: 'visitdate',
  fieldname: '访视日期',
  fieldtype: 'date',
} as unknown as SearchFieldDef;
const behaviour = dateFieldType.search as SearchBehaviour;

function setup(initial: SearchValue = null) {
  const changes = vi.fn<(value: SearchValue) => void>();
  function Harness() {
    const [value, setValue] = useState<SearchValue>(initial);
    return (
      <>
        <button type="button">before</button>
        <DateWidget
          field={field}
          behaviour={behaviour}
          label="访视日期"
          value={value}
          onChange={(next) => {
            changes(next);
            setValue(next);
          }}
          onSubmit={() => {}}
          problems={[]}
          id="search-visitdate"
        />
      </>
    );
  }
  render(
    <TestProviders>
      <DatePickerProvider>
        <Harness />
      </DatePickerProvider>
    </TestProviders>,
  );
  const user = userEvent.setup({ skipHover: true });
  return { changes, user };
}

/** Tab from the button before the widget into the date field. */
async function tabIntoField(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'before' })); // only to place focus before the field
  await user.tab();
  const group = screen.getByRole('group', { name: '访视日期' });
  expect(group.contains(document.activeElement)).toBe(true);
  return group;
}

const grid = () => screen.getByRole('grid');
const focusedDay = () => document.activeElement as HTMLElement;

describe('search date picker by keyboard', () => {
  it('opens on Enter at the value, moves by day with arrows and by month with PageUp, picks with Enter', async () => {
    const { changes, user } = setup('2024-03-15');
    const group = await tabIntoField(user);
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog');
    await waitFor(() => expect(focusedDay()).toHaveTextContent('15'));
    expect(grid().contains(focusedDay())).toBe(true);
    await user.keyboard('{ArrowRight}{ArrowDown}'); // 16, then a week later: 23
    expect(focusedDay()).toHaveTextContent('23');
    await user.keyboard('{PageUp}'); // April 23 (MUI: PageUp is the next month, PageDown the previous)
    await waitFor(() => expect(focusedDay()).toHaveTextContent('23'));
    await user.keyboard('{Enter}');
    expect(changes).toHaveBeenLastCalledWith('2024-04-23');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(group.contains(document.activeElement)).toBe(true));
  });

  it('opens on Space and ArrowDown too; Escape closes without a change and gives focus back to the field', async () => {
    const { changes, user } = setup('2024-03-15');
    const group = await tabIntoField(user);
    for (const key of ['{ }', '{ArrowDown}']) {
      await user.keyboard(key);
      await screen.findByRole('dialog');
      await waitFor(() => expect(grid().contains(focusedDay())).toBe(true));
      await user.keyboard('{ArrowLeft}{PageDown}{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(group.contains(document.activeElement)).toBe(true));
    }
    expect(changes).not.toHaveBeenCalled();
  });

  it('clears with Delete or Backspace; typing digits changes nothing (the field is not typeable)', async () => {
    const { changes, user } = setup('2024-03-15');
    const group = await tabIntoField(user);
    await user.keyboard('2025');
    expect(changes).not.toHaveBeenCalled();
    await user.keyboard('{Backspace}');
    expect(changes).toHaveBeenLastCalledWith(behaviour.empty(field));
    await act(async () => {});
    expect(
      within(group)
        .getAllByRole('spinbutton')
        .every((s) => !/\d/.test(s.textContent ?? '')),
    ).toBe(true);
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog');
    await waitFor(() => expect(grid().contains(focusedDay())).toBe(true));
    await user.keyboard('{Enter}'); // today, the focused day of an empty picker
    expect(changes).toHaveBeenLastCalledWith(expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));
    await waitFor(() => expect(group.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Delete}');
    expect(changes).toHaveBeenLastCalledWith(behaviour.empty(field));
  });
});
