import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SearchValue } from '../../engine/metadata/types';
import dayjs from 'dayjs';
import { defaultFieldTypes } from '../../engine/fieldTypes/registry';
import type { SearchBehaviour } from '../../engine/fieldTypes/types';
import { SearchBar, type SearchBarProps } from '../../renderers/search/SearchBar';
import { sharedFieldTypes } from '../../renderers/search/sharedFieldTypes';
import type { SearchWidgetProps } from '../../renderers/search/widgets/types';
import { createFakeApiClient, fakeFailure, type FakeApiClient } from '../../renderers/testing/fakeApiClient';
import { createIntl, type MessageDescriptor } from '../../renderers/intl';
import { TestProviders, testCatalogues, text } from '../testing/renderApp';
import { definitionsName, manualTimers, pathHandlers, type ManualTimers } from './listTestKit';

const FIELDS_PATH = 'test/searchFields.do';

const zhIntl = createIntl({ locale: 'zh-CN', messages: testCatalogues.zh_CN });
const say = (id: string, values: Record<string, string | number>) => {
  const descriptor: MessageDescriptor = { id };
  return zhIntl.formatMessage(descriptor, values);
};

const definitions = [
  {
    innerid: 'f-subjid',
    prop: 'subjid',
    fieldname: { zh_CN: '受试者编号', en: 'Subject ID' },
    fieldtype: 'string',
  },
  { innerid: 'f-age', prop: 'age', fieldname: '年龄', fieldtype: 'num' },
  {
    innerid: 'f-status',
    prop: 'status',
    fieldname: '状态',
    fieldtype: 'select',
    selector: [
      { codevalue: '1', codedesp: '筛选中' },
      { codevalue: '2', codedesp: '已入组' },
    ],
  },
  {
    innerid: 'f-enrol',
    prop: 'enrolldate',
    fieldname: '入组日期',
    fieldtype: 'date',
    endValue: { type: 'range' },
  },
  {
    innerid: 'f-sex',
    prop: 'sex',
    fieldname: '性别',
    fieldtype: 'select',
    codelisttype: 'SEX',
    custom: true,
    show: false,
  },
  { innerid: 'f-bad', prop: 'weird', fieldname: '怪', fieldtype: 'colour' },
];

function setup(props: Partial<SearchBarProps> = {}, client?: FakeApiClient) {
  const timers = manualTimers();
  const api =
    client ??
    createFakeApiClient(
      pathHandlers({
        [definitionsName(FIELDS_PATH)]: definitions,
        codeList: [
          { codevalue: 'M', codedesp: { zh_CN: '男', en: 'Male' } },
          { codevalue: 'F', codedesp: { zh_CN: '女', en: 'Female' } },
        ],
        searchFieldShown: null,
      }),
    );
  const onSearch = vi.fn<(search: Record<string, SearchValue>) => void>();
  const onReset = vi.fn();
  const bar = (more: Partial<SearchBarProps>) => (
    <TestProviders client={api}>
      <SearchBar
        fieldsPath={FIELDS_PATH}
        listKey="subjects"
        value={{}}
        onSearch={onSearch}
        onReset={onReset}
        timers={timers}
        {...props}
        {...more}
      />
    </TestProviders>
  );
  const { rerender } = render(bar({}));
  return {
    client: api,
    timers,
    onSearch,
    onReset,
    rerender: (more: Partial<SearchBarProps>) => rerender(bar(more)),
  };
}

const advance = (timers: ManualTimers, ms: number) => act(() => timers.advance(ms));

describe('SearchBar', () => {
  it('shows an invalid definition in place, naming it, while the other items search', async () => {
    const { onSearch } = setup();
    const invalid = await screen.findByTestId('search-invalid-searchFields[5]');
    expect(invalid).toHaveTextContent('searchFields[5]');
    expect(invalid).toHaveTextContent('weird');
    expect(invalid).toHaveTextContent('colour');

    await userEvent.type(screen.getByLabelText('受试者编号'), 'BJ01');
    await userEvent.click(screen.getByRole('button', { name: text('search.submit') }));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith({ subjid: 'BJ01' });
  });

  it('keeps only digits and the point in a number item: typing 12a leaves 12', async () => {
    setup();
    const age = await screen.findByLabelText('年龄');
    await userEvent.type(age, '12a');
    expect(age).toHaveValue('12');
    await userEvent.type(age, 'x.5');
    expect(age).toHaveValue('12.5');
  });

  it('keeps only digits and the point of pasted text in a number item, cut at 100 characters', async () => {
    const { onSearch } = setup();
    const age = await screen.findByLabelText('年龄');
    expect(age).toHaveAttribute('maxlength', '100');
    expect(age).toHaveAttribute('inputmode', 'decimal');
    fireEvent.change(age, { target: { value: '４2 岁, -3e1.5' } });
    expect(age).toHaveValue('231.5');
    fireEvent.change(age, { target: { value: `${'9'.repeat(60)}abc${'8'.repeat(60)}` } });
    expect(age).toHaveValue(`${'9'.repeat(60)}${'8'.repeat(40)}`);
    await userEvent.click(screen.getByRole('button', { name: text('search.submit') }));
    expect(onSearch).toHaveBeenCalledWith({ age: `${'9'.repeat(60)}${'8'.repeat(40)}` });
  });

  it('cuts search text at 100 characters and warns at the limit without blocking the search', async () => {
    const { onSearch } = setup();
    const subjid = await screen.findByLabelText('受试者编号');
    expect(subjid).toHaveAttribute('maxlength', '100');
    fireEvent.change(subjid, { target: { value: 'x'.repeat(120) } });
    expect(subjid).toHaveValue('x'.repeat(100));
    expect(screen.getByText(say('search.maxLengthReached', { max: 100 }))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: text('search.submit') }));
    expect(onSearch).toHaveBeenCalledWith({ subjid: 'x'.repeat(100) });
  });

  it('shows the range order rule under the end date and blocks the search', async () => {
    const { onSearch } = setup({ value: { enrolldate: { start: '2024-05-10', end: '2024-05-01' } } });
    const item = await screen.findByTestId('search-item-enrolldate');
    expect(within(item).getByText(text('search.rangeOrder'))).toBeInTheDocument();
    const search = screen.getByRole('button', { name: text('search.submit') });
    expect(search).toBeDisabled();
    expect(screen.getByTestId('search-blocked')).toHaveTextContent(text('search.blocked'));
    // Enter in a text item does not get past the rule either
    fireEvent.keyDown(screen.getByLabelText('受试者编号'), { key: 'Enter' });
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('searches once, 300 ms after the last select change', async () => {
    const { timers, onSearch } = setup();
    const status = await screen.findByRole('combobox', { name: '状态' });
    fireEvent.mouseDown(status);
    fireEvent.click(await screen.findByRole('option', { name: '筛选中' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '状态' }));
    fireEvent.click(await screen.findByRole('option', { name: '已入组' }));
    advance(timers, 299);
    expect(onSearch).not.toHaveBeenCalled();
    advance(timers, 1);
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith({ status: '2' });
  });

  it('searches once for a double click, and Enter in a text item searches', async () => {
    const { timers, onSearch } = setup();
    const subjid = await screen.findByLabelText('受试者编号');
    await userEvent.type(subjid, 'SH');
    const search = screen.getByRole('button', { name: text('search.submit') });
    await userEvent.dblClick(search);
    expect(onSearch).toHaveBeenCalledTimes(1);
    advance(timers, 500);
    fireEvent.keyDown(subjid, { key: 'Enter' });
    expect(onSearch).toHaveBeenCalledTimes(2);
    expect(onSearch).toHaveBeenLastCalledWith({ subjid: 'SH' });
  });

  it('adds and removes custom items and saves the shown set once, 500 ms after the last change', async () => {
    const { client, timers } = setup();
    await userEvent.click(await screen.findByRole('button', { name: new RegExp(text('search.addItem')) }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '性别' }));
    // the added item loads its options from the SEX code list
    await screen.findByRole('combobox', { name: '性别' });
    advance(timers, 400);
    await userEvent.click(
      screen.getByRole('button', { name: text('search.removeItem').replace('{label}', '性别') }),
    );
    expect(screen.queryByRole('combobox', { name: '性别' })).toBeNull();
    advance(timers, 499);
    expect(client.paramsOf('searchFieldShown')).toHaveLength(0);
    advance(timers, 1);
    // only custom items are the user's to choose: fixed ones are never sent
    expect(client.paramsOf('searchFieldShown')).toEqual([{ listKey: 'subjects', shown: [] }]);

    await userEvent.click(screen.getByRole('button', { name: new RegExp(text('search.addItem')) }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '性别' }));
    advance(timers, 500);
    expect(client.paramsOf('searchFieldShown')).toHaveLength(2);
    expect(client.paramsOf('searchFieldShown')[1]).toEqual({
      listKey: 'subjects',
      shown: ['f-sex'],
    });
    expect(client.paramsOf('codeList')).toEqual([{ codelisttype: 'SEX' }]);
  });

  it('resets to the initial values of the definitions', async () => {
    const withInitial = [
      { innerid: 'i', prop: 'subjid', fieldname: '编号', fieldtype: 'string', value: 'BJ' },
    ];
    const client = createFakeApiClient(pathHandlers({ [definitionsName(FIELDS_PATH)]: withInitial }));
    const { timers, onReset } = setup({ value: { subjid: 'other' } }, client);
    const input = await screen.findByLabelText('编号');
    expect(input).toHaveValue('other');
    await userEvent.click(screen.getByRole('button', { name: text('search.reset') }));
    advance(timers, 500);
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(onReset).toHaveBeenCalledWith({ subjid: 'BJ' });
    expect(input).toHaveValue('BJ');
  });

  it('offers a retry when the definitions fail to load', async () => {
    let fail = true;
    const client = createFakeApiClient(
      pathHandlers({
        [definitionsName(FIELDS_PATH)]: () => {
          if (fail) throw fakeFailure('server', FIELDS_PATH);
          return definitions.slice(0, 1);
        },
      }),
    );
    const onFieldsLoaded = vi.fn();
    setup({ onFieldsLoaded }, client);
    expect(await screen.findByText(text('search.loadFailed'))).toBeInTheDocument();
    await waitFor(() => expect(onFieldsLoaded).toHaveBeenLastCalledWith([]));
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: text('search.retry') }));
    expect(await screen.findByLabelText('受试者编号')).toBeInTheDocument();
    expect(onFieldsLoaded).toHaveBeenLastCalledWith([expect.objectContaining({ prop: 'subjid' })]);
  });

  it('takes dates from a calendar only: the field is read-only and a click opens the calendar', async () => {
    const { onSearch } = setup();
    const start = await screen.findByRole('group', { name: '入组日期（起）' });
    for (const section of within(start).getAllByRole('spinbutton')) {
      expect(section).toHaveAttribute('aria-readonly', 'true');
    }
    fireEvent.click(start);
    const calendar = await screen.findByRole('dialog');
    fireEvent.click(within(calendar).getByRole('gridcell', { name: '12' }));
    await userEvent.click(screen.getByRole('button', { name: text('search.submit') }));
    expect(onSearch).toHaveBeenCalledWith({
      enrolldate: { start: dayjs().date(12).format('YYYY-MM-DD'), end: null },
    });
  });

  it('renders a field type a screen registers with the widget it registers, no switch edited', async () => {
    const fieldTypes = defaultFieldTypes().register({
      name: 'colour',
      search: { ...(sharedFieldTypes.get('string')?.search as SearchBehaviour), widget: 'colourPicker' },
    });
    function ColourPicker({ value, onChange, label }: SearchWidgetProps) {
      return (
        <button type="button" onClick={() => onChange('red')}>
          {label}: {typeof value === 'string' ? value : 'none'}
        </button>
      );
    }
    const { onSearch } = setup({ fieldTypes, widgets: { colourPicker: ColourPicker } });
    await userEvent.click(await screen.findByRole('button', { name: '怪: none' }));
    expect(screen.queryByTestId('search-invalid-searchFields[5]')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: text('search.submit') }));
    expect(onSearch).toHaveBeenCalledWith({ weird: 'red' });
  });

  it('keeps what the user typed when the same search comes back as a new object (a page change)', async () => {
    const { rerender } = setup({ value: { subjid: 'BJ' } });
    const input = await screen.findByLabelText('受试者编号');
    await userEvent.clear(input);
    await userEvent.type(input, 'SH02');
    rerender({ value: { subjid: 'BJ' } });
    expect(input).toHaveValue('SH02');
    // another search in force (Back, a shared link) replaces the draft
    rerender({ value: { subjid: 'GZ' } });
    expect(input).toHaveValue('GZ');
  });

  it('keeps an added item when saving the shown items fails', async () => {
    const client = createFakeApiClient(
      pathHandlers({
        [definitionsName(FIELDS_PATH)]: definitions,
        codeList: [{ codevalue: 'M', codedesp: '男' }],
        searchFieldShown: () => {
          throw fakeFailure('server', 'searchField/shown.do');
        },
      }),
    );
    const { timers } = setup({}, client);
    await userEvent.click(await screen.findByRole('button', { name: new RegExp(text('search.addItem')) }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '性别' }));
    advance(timers, 500);
    await waitFor(() => expect(client.paramsOf('searchFieldShown')).toHaveLength(1));
    expect(screen.getByRole('combobox', { name: '性别' })).toBeInTheDocument();
  });
});
