/**
 * Every eCRF field type in its states: empty, filled, with errors, with warnings, read-only, with item adornments.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { msg } from '../support/storyText';
import { codeListApi, EcrfStory } from './support/EcrfStory';
import {
  badValues,
  fieldTypesSchema,
  filledValues,
  serverWarnings,
  warningValues,
} from './support/fieldTypesSchema';

const meta = {
  title: 'eCRF/Field types',
  component: EcrfStory,
  args: { schema: fieldTypesSchema },
  parameters: codeListApi,
} satisfies Meta<typeof EcrfStory>;

export default meta;
type Story = StoryObj<typeof meta>;

const row = (canvas: HTMLElement, variable: string) => within(canvas).getByTestId(`ecrf-row-${variable}`);
const problemsOf = (canvas: HTMLElement, variable: string) =>
  [...row(canvas, variable).querySelectorAll<HTMLElement>('.ecrf-problem')].map(
    (p) => `${p.dataset.level}:${p.textContent}`,
  );
/** The only problem of an item: its level and text (a catalogue message in either language). */
const onlyProblem = (
  canvas: HTMLElement,
  variable: string,
  level: 'error' | 'warning',
  id: string,
  values?: Record<string, string | number>,
) => {
  const list = problemsOf(canvas, variable);
  expect(list).toHaveLength(1);
  expect(list[0]).toMatch(new RegExp(`^${level}:(${msg(id, values).source})$`));
};
const validateAll = (canvas: HTMLElement) =>
  userEvent.click(
    within(canvas).getByRole('button', { name: msg('ecrf.story.validateAll', undefined, true) }),
  );

/** Nothing entered: every type shows its input; static text, upload slots and the calculated dash are there. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const v of [
      'TXT',
      'NOTE',
      'INT',
      'DEC',
      'DAT',
      'PDAT',
      'TIM',
      'DTM',
      'RAD',
      'CHK',
      'SEL',
      'MSEL',
      'CALC',
    ])
      await expect(row(canvasElement, v)).toBeInTheDocument();
    await expect(canvas.getByText(/请按原始记录填写|Enter as in the source documents/)).toBeInTheDocument();
    await expect(row(canvasElement, 'FILE')).toHaveTextContent(msg('ecrf.upload.later'));
    await expect(canvas.getByTestId('ecrf-calc-CALC')).toHaveTextContent('—');
    // the code list arrives through the fake client
    await expect(await within(row(canvasElement, 'SEX')).findAllByRole('radio')).not.toHaveLength(0);
  },
};

/** Values of every type as saved: text as typed, lists of codes, partial dates. */
export const Filled: Story = {
  args: { values: filledValues },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(within(row(canvasElement, 'PDAT')).getByRole('textbox')).toHaveValue('2026-03-UK');
    await expect(within(row(canvasElement, 'RAD')).getAllByRole('radio')[0]).toBeChecked();
    const boxes = within(row(canvasElement, 'CHK')).getAllByRole('checkbox');
    await expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([true, false, true]);
    await expect(canvas.getByTestId('ecrf-calc-CALC')).toHaveTextContent('240');
    // a changed value makes the form dirty; changing it back does not
    const int = within(row(canvasElement, 'INT')).getByRole('textbox');
    fireEvent.change(int, { target: { value: '121' } });
    await expect(canvas.getByTestId('ecrf-calc-CALC')).toHaveTextContent('242');
    await userEvent.click(
      canvas.getByRole('button', { name: msg('ecrf.story.showValues', undefined, true) }),
    );
    await expect(canvas.getByTestId('story-values')).toHaveTextContent('dirty=true');
  },
};

/** Wrong values: every type's own error, shown once the whole form is validated; focus goes to the first. */
export const Errors: Story = {
  args: { values: badValues },
  play: async ({ canvasElement }) => {
    await validateAll(canvasElement);
    await waitFor(() => onlyProblem(canvasElement, 'INT', 'error', 'form.notInteger'));
    onlyProblem(canvasElement, 'TXT', 'error', 'form.required');
    await expect(problemsOf(canvasElement, 'DAT')[0]).toMatch(/^error:/);
    await expect(problemsOf(canvasElement, 'TIM')[0]).toMatch(/^error:/);
    await expect(within(row(canvasElement, 'TXT')).getByRole('textbox')).toHaveFocus();
  },
};

/** A soft range: a warning (amber), not an error; the warning the server sent is shown as it is. */
export const Warnings: Story = {
  args: { values: warningValues, problems: serverWarnings },
  play: async ({ canvasElement }) => {
    onlyProblem(canvasElement, 'INT', 'warning', 'form.outOfSoftRange', { min: 90, max: 140 });
    await expect(row(canvasElement, 'INT')).toHaveClass('ecrf-row-warning');
    const int = within(row(canvasElement, 'INT')).getByRole('textbox');
    fireEvent.change(int, { target: { value: '400' } });
    onlyProblem(canvasElement, 'INT', 'error', 'form.outOfRange', { min: 0, max: 300 });
  },
};

/** A role without data entry: values shown, nothing can be changed. */
export const ReadOnly: Story = {
  args: { values: filledValues, readOnly: true },
  play: async ({ canvasElement }) => {
    await expect(within(row(canvasElement, 'TXT')).getByRole('textbox')).toHaveAttribute('readonly');
    for (const radio of within(row(canvasElement, 'RAD')).getAllByRole('radio'))
      await expect(radio).toBeDisabled();
    await expect(within(row(canvasElement, 'SEL')).getByRole('combobox')).toBeDisabled();
    await expect(within(row(canvasElement, 'RAD')).queryByRole('button')).toBeNull();
  },
};

/** Item adornments: entered vs imported data (datatype 0/2 vs −1/−2) and notes (1 list, 2 review, otherwise add). */
export const ItemAdornments: Story = {
  args: {
    values: filledValues,
    itemStatus: {
      TXT: { datatype: 0, note: 1 },
      INT: { datatype: -1, note: 2 },
      DEC: { datatype: 2, note: 0 },
    },
  },
  play: async ({ canvasElement }) => {
    const txt = within(row(canvasElement, 'TXT'));
    await expect(
      txt.getByRole('img', { name: msg('ecrf.status.entered', undefined, true) }),
    ).toBeInTheDocument();
    await expect(
      txt.getByRole('img', { name: msg('ecrf.status.noteList', undefined, true) }),
    ).toBeInTheDocument();
    const int = within(row(canvasElement, 'INT'));
    await expect(
      int.getByRole('img', { name: msg('ecrf.status.derived', undefined, true) }),
    ).toBeInTheDocument();
    await expect(
      int.getByRole('img', { name: msg('ecrf.status.noteReview', undefined, true) }),
    ).toBeInTheDocument();
    // only what exists is drawn: data type and note, no placeholders of later workflows
    await expect(int.getAllByRole('img')).toHaveLength(2);
    // nothing saved for this item: no data-type icon, only "add a note"
    const noState = within(row(canvasElement, 'SEL'));
    await expect(
      noState.queryByRole('img', { name: msg('ecrf.status.entered', undefined, true) }),
    ).toBeNull();
    await expect(
      noState.getByRole('img', { name: msg('ecrf.status.noteAdd', undefined, true) }),
    ).toBeInTheDocument();
    // help as a tooltip
    await expect(
      within(row(canvasElement, 'TXT')).getByRole('img', { name: /最多 20 个字符|At most 20 characters/ }),
    ).toBeInTheDocument();
  },
};

/** A partial date: the UK button marks the day, then month and day, as unknown. */
export const PartialDate: Story = {
  play: async ({ canvasElement }) => {
    const input = within(row(canvasElement, 'PDAT')).getByRole('textbox');
    fireEvent.change(input, { target: { value: '2026-03-15' } });
    const uk = within(row(canvasElement, 'PDAT')).getByRole('button', {
      name: /^UK.*(部分日期|Partial date)/,
    });
    await userEvent.click(uk);
    await expect(input).toHaveValue('2026-03-UK');
    await userEvent.click(uk);
    await expect(input).toHaveValue('2026-UK-UK');
    await expect(problemsOf(canvasElement, 'PDAT')).toEqual([]);
  },
};
