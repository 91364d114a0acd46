/**
 * The calendar of eCRF date and date-time items, opened and used from the keyboard (issue 11): ArrowDown in the
 * input opens it at the typed day, arrows move the day, Enter picks, Escape closes; focus comes back to the input.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { codeListApi, EcrfStory } from './support/EcrfStory';
import { fieldTypesSchema, filledValues } from './support/fieldTypesSchema';

const meta = {
  title: 'eCRF/Date calendar',
  component: EcrfStory,
  args: { schema: fieldTypesSchema, values: filledValues },
  parameters: codeListApi,
} satisfies Meta<typeof EcrfStory>;

export default meta;
type Story = StoryObj<typeof meta>;

const inputOf = (canvas: HTMLElement, variable: string) =>
  within(canvas).getByTestId(`ecrf-row-${variable}`).querySelector('input') as HTMLInputElement;

/** A date: ArrowDown opens the calendar on 1 November 2026, ArrowRight + Enter picks the 2nd. */
export const PickADay: Story = {
  play: async ({ canvasElement }) => {
    const input = inputOf(canvasElement, 'DAT');
    input.focus();
    await userEvent.keyboard('{ArrowDown}');
    const dialog = await within(document.body).findByRole('dialog');
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('gridcell'));
    expect(document.activeElement).toHaveTextContent('1');
    await userEvent.keyboard('{ArrowRight}{Enter}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(input).toHaveValue('2026-11-02');
    expect(input).toHaveFocus();
  },
};

/** A date-time keeps its time; Escape closes a calendar without a change. */
export const DateTimeKeepsItsTime: Story = {
  play: async ({ canvasElement }) => {
    const input = inputOf(canvasElement, 'DTM');
    input.focus();
    await userEvent.keyboard('{Enter}');
    await within(document.body).findByRole('dialog');
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('gridcell'));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(input).toHaveValue('2026-11-08 08:30'));
    await userEvent.keyboard('{ArrowDown}');
    await within(document.body).findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    expect(input).toHaveValue('2026-11-08 08:30');
    expect(input).toHaveFocus();
  },
};
