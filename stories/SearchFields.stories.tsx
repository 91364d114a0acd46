/**
 * Every built-in search field type in each state — empty, filled, invalid, at its maximum — as one-item search bars
 * fed from fixtures/metadata/searchFields.allTypes.json. The plays check the input rules of the field-type registry.
 * (Dates and selects take no typed text, so they have no max-length state; a multi-select's maximum is every option.)
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, userEvent, waitFor, within } from 'storybook/test';
import dayjs from 'dayjs';
import type { MetaText } from '../engine/metadata/types';
import { fakeFailure } from '../renderers/testing/fakeApiClient';
import allTypes from '../fixtures/metadata/searchFields.allTypes.json';
import { SearchBarStory, storyClient } from './support/listStory';
import { label, msg } from './support/storyText';

type RawField = (typeof allTypes)[number] & Record<string, unknown>;

/** One definition of the fixture (by innerid), shown, with changes. */
function field(innerid: string, changes: Record<string, unknown> = {}): RawField {
  const found = allTypes.find((d) => d.innerid === innerid);
  if (!found) throw new Error(`no ${innerid} in searchFields.allTypes.json`);
  return { ...found, show: true, ...changes } as RawField;
}

const text = field('sf-text');
const num = field('sf-num');
const date = field('sf-date');
const range = field('sf-range');
const select = field('sf-select');
const selectKeys = field('sf-select-keys');
const mselect = field('sf-mselect');

interface WireOption {
  codevalue?: string;
  codedesp?: MetaText;
  id?: string;
  name?: MetaText;
}
const optionsOf = (f: RawField) => (f.selector ?? []) as WireOption[];
const labelOf = (f: RawField) => label(f.fieldname as MetaText);
/** The label of option `i` of a field (`codedesp`, or `name` with custom keys). */
const optionLabel = (f: RawField, i: number) => {
  const option = optionsOf(f)[i];
  return label((option?.codedesp ?? option?.name ?? '') as MetaText);
};
const body = (canvas: HTMLElement) => within(canvas.ownerDocument.body);
const searchButton = (canvas: HTMLElement) =>
  within(canvas).getByRole('button', { name: msg('search.submit', undefined, true) });
const MAX = 100;
/** Fresh spies for each story (a spy shared through the meta would carry calls from story to story). */
const spies = () => ({ onSearch: fn(), onReset: fn() });

const meta = {
  title: 'List/Search fields',
  component: SearchBarStory,
  args: { definitions: [text] },
} satisfies Meta<typeof SearchBarStory>;

export default meta;
type Story = StoryObj<typeof meta>;

// ---------------------------------------------------------------- string

export const StringEmpty: Story = {
  args: { ...spies(), definitions: [text] },
  play: async ({ canvasElement, args }) => {
    const input = await within(canvasElement).findByLabelText(labelOf(text));
    await expect(input).toHaveValue('');
    await userEvent.type(input, 'BJ01');
    await userEvent.click(searchButton(canvasElement));
    await expect(args.onSearch).toHaveBeenCalledWith({ subjid: 'BJ01' });
  },
};

export const StringFilled: Story = {
  args: { ...spies(), definitions: [text], initial: { subjid: 'BJ01-0003' } },
  play: async ({ canvasElement, args }) => {
    await expect(await within(canvasElement).findByLabelText(labelOf(text))).toHaveValue('BJ01-0003');
    await userEvent.click(searchButton(canvasElement));
    await expect(args.onSearch).toHaveBeenCalledWith({ subjid: 'BJ01-0003' });
  },
};

/** Longer than 100 characters (a hand-made link): an error, and the search waits until it is corrected. */
export const StringInvalid: Story = {
  args: { ...spies(), definitions: [text], initial: { subjid: 'x'.repeat(MAX + 1) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(msg('search.maxLengthReached', { max: MAX }))).toBeInTheDocument();
    await expect(searchButton(canvasElement)).toBeDisabled();
    await expect(canvas.getByTestId('search-blocked')).toHaveTextContent(msg('search.blocked'));
  },
};

/** Exactly 100 characters: a warning that does not block, and no 101st character. */
export const StringAtMaxLength: Story = {
  args: { ...spies(), definitions: [text], initial: { subjid: 'x'.repeat(MAX) } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = await canvas.findByLabelText(labelOf(text));
    await expect(canvas.getByText(msg('search.maxLengthReached', { max: MAX }))).toBeInTheDocument();
    await expect(input).toHaveAttribute('maxlength', String(MAX));
    fireEvent.change(input, { target: { value: `${'x'.repeat(MAX)}y` } });
    await expect(input).toHaveValue('x'.repeat(MAX));
    await userEvent.click(searchButton(canvasElement));
    await expect(args.onSearch).toHaveBeenCalledWith({ subjid: 'x'.repeat(MAX) });
  },
};

// ---------------------------------------------------------------- num

/** Typing keeps only digits and the point: `12a` leaves `12`. */
export const NumEmpty: Story = {
  args: { ...spies(), definitions: [num] },
  play: async ({ canvasElement, args }) => {
    const input = await within(canvasElement).findByLabelText(labelOf(num));
    await userEvent.type(input, '12a');
    await expect(input).toHaveValue('12');
    await userEvent.type(input, 'x.5');
    await expect(input).toHaveValue('12.5');
    await userEvent.click(searchButton(canvasElement));
    await expect(args.onSearch).toHaveBeenCalledWith({ age: '12.5' });
  },
};

export const NumFilled: Story = {
  args: { ...spies(), definitions: [num], initial: { age: '65' } },
  play: async ({ canvasElement, args }) => {
    await expect(await within(canvasElement).findByLabelText(labelOf(num))).toHaveValue('65');
    await userEvent.click(searchButton(canvasElement));
    await expect(args.onSearch).toHaveBeenCalledWith({ age: '65' });
  },
};

/** Two points (a hand-made link): digits and one point only. */
export const NumInvalid: Story = {
  args: { ...spies(), definitions: [num], initial: { age: '1.2.3' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(msg('search.numberOnly'))).toBeInTheDocument();
    await expect(searchButton(canvasElement)).toBeDisabled();
  },
};

/** 100 digits: the input takes no more. */
export const NumAtMaxLength: Story = {
  args: { ...spies(), definitions: [num], initial: { age: '1'.repeat(MAX) } },
  play: async ({ canvasElement }) => {
    const input = await within(canvasElement).findByLabelText(labelOf(num));
    fireEvent.change(input, { target: { value: `${'1'.repeat(MAX)}2` } });
    await expect(input).toHaveValue('1'.repeat(MAX));
    await expect(searchButton(canvasElement)).toBeEnabled();
  },
};

// ---------------------------------------------------------------- date

/** The field cannot be typed into; a click opens the calendar. */
export const DateEmpty: Story = {
  args: { ...spies(), definitions: [date] },
  play: async ({ canvasElement, args }) => {
    const group = await within(canvasElement).findByRole('group', { name: labelOf(date) });
    for (const section of within(group).getAllByRole('spinbutton'))
      await expect(section).toHaveAttribute('aria-readonly', 'true');
    fireEvent.click(group);
    const calendar = await body(canvasElement).findByRole('dialog');
    fireEvent.click(within(calendar).getByRole('gridcell', { name: '12' }));
    await userEvent.click(searchButton(canvasElement));
    await expect(args.onSearch).toHaveBeenCalledWith({ visitdate: dayjs().date(12).format('YYYY-MM-DD') });
  },
};

export const DateFilled: Story = {
  args: { ...spies(), definitions: [date], initial: { visitdate: '2026-03-01' } },
  play: async ({ canvasElement, args }) => {
    const item = await within(canvasElement).findByTestId('search-item-visitdate');
    await waitFor(() => expect(item.querySelector('input')).toHaveValue('2026-03-01'));
    await userEvent.click(searchButton(canvasElement));
    await expect(args.onSearch).toHaveBeenCalledWith({ visitdate: '2026-03-01' });
  },
};

/** Not a date (a hand-made link): `yyyy-MM-dd` or nothing. */
export const DateInvalid: Story = {
  args: { ...spies(), definitions: [date], initial: { visitdate: '2026-02-30' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(msg('search.badDate'))).toBeInTheDocument();
    await expect(searchButton(canvasElement)).toBeDisabled();
  },
};

// ---------------------------------------------------------------- date range

const rangeLabel = (end: boolean) =>
  msg(end ? 'search.rangeEnd' : 'search.rangeStart', { label: range.fieldname.zh_CN });

export const DateRangeEmpty: Story = {
  args: { ...spies(), definitions: [range] },
  play: async ({ canvasElement, args }) => {
    const start = await within(canvasElement).findByRole('group', { name: rangeLabel(false) });
    fireEvent.click(start);
    const calendar = await body(canvasElement).findByRole('dialog');
    fireEvent.click(within(calendar).getByRole('gridcell', { name: '3' }));
    await userEvent.click(searchButton(canvasElement));
    await expect(args.onSearch).toHaveBeenCalledWith({
      enrolldate: { start: dayjs().date(3).format('YYYY-MM-DD'), end: null },
    });
  },
};

export const DateRangeFilled: Story = {
  args: {
    ...spies(),
    definitions: [range],
    initial: { enrolldate: { start: '2026-01-01', end: '2026-03-31' } },
  },
  play: async ({ canvasElement, args }) => {
    const inputs = (await within(canvasElement).findByTestId('search-item-enrolldate')).querySelectorAll(
      'input',
    );
    await waitFor(() => expect([...inputs].map((i) => i.value)).toEqual(['2026-01-01', '2026-03-31']));
    await userEvent.click(searchButton(canvasElement));
    await expect(args.onSearch).toHaveBeenCalledWith({
      enrolldate: { start: '2026-01-01', end: '2026-03-31' },
    });
  },
};

/** The end before the start: 'end time must be later than start time', and no search. */
export const DateRangeInvalid: Story = {
  args: {
    ...spies(),
    definitions: [range],
    initial: { enrolldate: { start: '2026-03-10', end: '2026-03-01' } },
  },
  play: async ({ canvasElement }) => {
    const item = await within(canvasElement).findByTestId('search-item-enrolldate');
    await expect(await within(item).findByText(msg('search.rangeOrder'))).toBeInTheDocument();
    await expect(searchButton(canvasElement)).toBeDisabled();
  },
};

// ---------------------------------------------------------------- select

/** "All" until an option is chosen; a choice searches by itself 300 ms later. */
export const SelectEmpty: Story = {
  args: { ...spies(), definitions: [select] },
  play: async ({ canvasElement, args }) => {
    const combo = await within(canvasElement).findByRole('combobox', { name: labelOf(select) });
    await expect(combo).toHaveTextContent(msg('search.options.any'));
    fireEvent.mouseDown(combo);
    fireEvent.click(await body(canvasElement).findByRole('option', { name: optionLabel(select, 1) }));
    await waitFor(() => expect(args.onSearch).toHaveBeenCalledWith({ sex: 'F' }));
  },
};

export const SelectFilled: Story = {
  args: { ...spies(), definitions: [select], initial: { sex: 'M' } },
  play: async ({ canvasElement }) => {
    const combo = await within(canvasElement).findByRole('combobox', { name: labelOf(select) });
    await expect(combo).toHaveTextContent(optionLabel(select, 0));
  },
};

/** A select without options: the definition's problem in place of the item. */
export const SelectInvalid: Story = {
  args: { ...spies(), definitions: [field('sf-select', { selector: undefined })] },
  play: async ({ canvasElement }) => {
    const item = await within(canvasElement).findByTestId('search-invalid-searchFields[0]');
    await expect(item).toHaveTextContent(
      msg('meta.noOptions', { path: 'searchFields[0]', prop: 'sex', fieldtype: 'select' }),
    );
  },
};

/** Options with their own keys (`valueKey: id`, `labelKey: name`). */
export const SelectCustomKeys: Story = {
  args: { ...spies(), definitions: [selectKeys], initial: { arm: 'B' } },
  play: async ({ canvasElement }) => {
    const combo = await within(canvasElement).findByRole('combobox', { name: labelOf(selectKeys) });
    await expect(combo).toHaveTextContent(optionLabel(selectKeys, 1));
  },
};

/** Options from a code list (SEX), fetched once through the code-list cache. */
export const SelectFromCodeList: Story = {
  args: { ...spies(), definitions: [field('sf-select', { selector: undefined, codelisttype: 'SEX' })] },
  play: async ({ canvasElement }) => {
    const combo = await within(canvasElement).findByRole('combobox', { name: labelOf(select) });
    await waitFor(() => expect(combo).not.toHaveAttribute('aria-disabled', 'true'));
    fireEvent.mouseDown(combo);
    await expect(await body(canvasElement).findAllByRole('option')).toHaveLength(3);
    await expect(storyClient(canvasElement).paramsOf('codeList')).toEqual([{ codelisttype: 'SEX' }]);
  },
};

/** The code list fails to load: said in place, with a retry. */
export const SelectCodeListFailed: Story = {
  args: {
    ...spies(),
    definitions: [field('sf-select', { selector: undefined, codelisttype: 'SEX' })],
    api: {
      handlers: {
        codeList: () => {
          throw fakeFailure('server', 'codelist.do');
        },
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(msg('search.options.failed'))).toBeInTheDocument();
    await expect(
      canvas.getByRole('button', { name: msg('search.retry', undefined, true) }),
    ).toBeInTheDocument();
  },
};

// ---------------------------------------------------------------- mselect

export const MselectEmpty: Story = {
  args: { ...spies(), definitions: [mselect] },
  play: async ({ canvasElement, args }) => {
    const combo = await within(canvasElement).findByRole('combobox', { name: labelOf(mselect) });
    fireEvent.mouseDown(combo);
    const options = body(canvasElement);
    fireEvent.click(await options.findByRole('option', { name: optionLabel(mselect, 0) }));
    fireEvent.click(await options.findByRole('option', { name: optionLabel(mselect, 1) }));
    await waitFor(() => expect(args.onSearch).toHaveBeenCalledWith({ status: ['1', '2'] }));
  },
};

export const MselectFilled: Story = {
  args: { ...spies(), definitions: [mselect], initial: { status: ['2', '3'] } },
  play: async ({ canvasElement }) => {
    const item = await within(canvasElement).findByTestId('search-item-status');
    const chips = item.querySelectorAll('.MuiChip-label');
    await expect([...chips].map((c) => c.textContent)).toEqual(
      expect.arrayContaining([expect.stringMatching(optionLabel(mselect, 1))]),
    );
    await expect(chips).toHaveLength(2);
  },
};

/** An option without a label: the definition's problem in place of the item. */
export const MselectInvalid: Story = {
  args: {
    ...spies(),
    definitions: [field('sf-mselect', { selector: [...optionsOf(mselect), { codevalue: '9' }] })],
  },
  play: async ({ canvasElement }) => {
    const item = await within(canvasElement).findByTestId('search-invalid-searchFields[0]');
    await expect(item).toHaveTextContent(
      msg('meta.badOption', { path: 'searchFields[0]', prop: 'status', option: 6 }),
    );
  },
};

/** Every option chosen: all of them go out as a list. */
export const MselectAllChosen: Story = {
  args: {
    ...spies(),
    definitions: [mselect],
    initial: { status: optionsOf(mselect).map((o) => o.codevalue ?? '') },
  },
  play: async ({ canvasElement, args }) => {
    const item = await within(canvasElement).findByTestId('search-item-status');
    await waitFor(() =>
      expect(item.querySelectorAll('.MuiChip-root')).toHaveLength(optionsOf(mselect).length),
    );
    await userEvent.click(searchButton(canvasElement));
    await expect(args.onSearch).toHaveBeenCalledWith({ status: ['1', '2', '3', '4', '5'] });
  },
};
