/** The eCRF date and date-time items, driven by the keyboard only (no pointer events). */
import { screen, waitFor } from '@testing-library/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EcrfForm } from '../../../renderers/ecrf/EcrfForm';
import { withPickedDay } from '../../../renderers/ecrf/widgets/DateCalendar';
import { compiled, Providers, t, testCtx } from '../ecrf/ecrfTestKit';

const form = compiled({
  formid: 'KD',
  tid: 'KD',
  name: { zh_CN: '键盘日期', en: 'Keyboard dates' },
  version: 1,
  reftype: '3',
  sections: [
    {
      id: 's',
      title: { zh_CN: '日期', en: 'Dates' },
      items: [
        { variable: 'NOTE', label: { zh_CN: '备注', en: 'Note' }, fieldtype: 'text' },
        {
          variable: 'VISDAT',
          label: { zh_CN: '访视日期', en: 'Visit date' },
          fieldtype: 'date',
          required: true,
        },
        { variable: 'DOSEDTM', label: { zh_CN: '给药时间', en: 'Dose time' }, fieldtype: 'datetime' },
        { variable: 'AFTER', label: { zh_CN: '之后', en: 'After' }, fieldtype: 'text' },
      ],
    },
  ],
});

function setup(values: Record<string, string> = {}) {
  render(
    <Providers>
      <EcrfForm form={form} ctx={testCtx} values={values} />
    </Providers>,
  );
  const user = userEvent.setup({ skipHover: true });
  const input = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
  const focusedDay = () => document.activeElement as HTMLElement;
  const calendarOpen = async (label: string) => {
    const dialog = await screen.findByRole('dialog', { name: label });
    await waitFor(() => expect(dialog.contains(focusedDay())).toBe(true));
    await waitFor(() => expect(focusedDay()).toHaveAttribute('role', 'gridcell'));
    return dialog;
  };
  return { user, input, focusedDay, calendarOpen };
}

describe('eCRF date items by keyboard', () => {
  it('Tab into a date, ArrowDown opens the calendar at the typed day, arrows + PageUp move, Enter picks', async () => {
    const { user, input, focusedDay, calendarOpen } = setup({ VISDAT: '2026-03-10' });
    input('Note').focus();
    await user.tab();
    expect(input('Visit date')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    await calendarOpen('Visit date');
    expect(focusedDay()).toHaveTextContent('10');
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowUp}{PageUp}'); // 12, minus a week: 5, next month
    await waitFor(() => expect(focusedDay()).toHaveTextContent('5'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(input('Visit date')).toHaveValue('2026-04-05');
    expect(input('Visit date')).toHaveFocus();
    // Tab goes on to the next item: the calendar button is not a tab stop
    await user.tab();
    expect(input('Dose time')).toHaveFocus();
  });

  it('opens with Enter and Space on an empty date (today first); Escape closes, changes nothing, refocuses', async () => {
    const { user, input, focusedDay, calendarOpen } = setup();
    input('Visit date').focus();
    for (const key of ['{Enter}', '{ }']) {
      await user.keyboard(key);
      await calendarOpen('Visit date');
      expect(focusedDay()).toHaveTextContent(String(new Date().getDate()));
      await user.keyboard('{ArrowLeft}{PageDown}{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(input('Visit date')).toHaveFocus();
      expect(input('Visit date')).toHaveValue('');
    }
  });

  it('stays typeable, and a typed date is where the calendar opens; Backspace edits the text', async () => {
    const { user, input, focusedDay, calendarOpen } = setup();
    input('Visit date').focus();
    await user.keyboard('2025-12-31');
    expect(input('Visit date')).toHaveValue('2025-12-31');
    await user.keyboard('{ArrowDown}');
    await calendarOpen('Visit date');
    expect(focusedDay()).toHaveTextContent('31');
    await user.keyboard('{ArrowRight}{Enter}'); // into January of the next year
    await waitFor(() => expect(input('Visit date')).toHaveValue('2026-01-01'));
    await user.keyboard('{Backspace}{Backspace}');
    expect(input('Visit date')).toHaveValue('2026-01-');
  });

  it('a date-time keeps its time when a day is picked (Space types a space there, it does not open)', async () => {
    const { user, input, calendarOpen } = setup({ DOSEDTM: '2026-02-01 08:30' });
    input('Dose time').focus();
    await user.keyboard('{ArrowDown}');
    await calendarOpen('Dose time');
    await user.keyboard('{ArrowDown}{Enter}'); // a week later
    await waitFor(() => expect(input('Dose time')).toHaveValue('2026-02-08 08:30'));
    expect(input('Dose time')).toHaveFocus();
    await user.keyboard('{ }');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the calendar button is named after its item, out of the Tab order', () => {
    setup();
    const button = screen.getByRole('button', { name: t('ecrf.calendar.open', { label: 'Visit date' }) });
    expect(button).toHaveAttribute('tabindex', '-1');
  });

  it('withPickedDay: a date takes the day; a date-time keeps its time or waits for one', () => {
    expect(withPickedDay('date', '2024-UK-UK', '2024-05-06')).toBe('2024-05-06');
    expect(withPickedDay('datetime', '2024-01-01 10:15', '2024-05-06')).toBe('2024-05-06 10:15');
    expect(withPickedDay('datetime', '', '2024-05-06')).toBe('2024-05-06 ');
  });
});
