import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { IncomingParams } from '../../engine/fieldTypes/types';
import type { GridRow } from '../../engine/grid/types';
import { STORAGE_KEYS } from '../../engine/session/storageKeys';
import { ListScreen, type ListScreenProps } from '../../renderers/list/ListScreen';
import type { ListActionContext, ListScreenConfig } from '../../renderers/list/types';
import { createFakeApiClient, type FakeApiClient } from '../../renderers/testing/fakeApiClient';
import { TestProviders, text } from '../testing/renderApp';
import { definitionsName, manualTimers, pathHandlers, rowsName } from './listTestKit';

const FIELDS = 'test/searchFields.do';
const COLUMNS = 'test/columns.do';
const DATA = 'test/list.do';

const definitions = [
  { innerid: 'f-subjid', prop: 'subjid', fieldname: '受试者编号', fieldtype: 'string' },
  {
    innerid: 'f-status',
    prop: 'status',
    fieldname: '状态',
    fieldtype: 'select',
    value: '1',
    selector: [
      { codevalue: '1', codedesp: '筛选中' },
      { codevalue: '2', codedesp: '已入组' },
    ],
  },
];

const columns = [
  { prop: 'subjid', label: '受试者编号', sortable: true },
  { prop: 'age', label: '年龄', fieldtype: 'num', sortable: true },
];

type RowsParams = { page: number; size: number } & Record<string, unknown>;

function fakeClient(): FakeApiClient {
  return createFakeApiClient(
    pathHandlers({
      [definitionsName(FIELDS)]: definitions,
      [definitionsName(COLUMNS)]: columns,
      [rowsName(DATA, 'POST')]: (p: RowsParams) => ({
        list: Array.from({ length: 2 }, (_, i) => ({
          subjectid: `s-${p.page}-${i}`,
          subjid: `P${p.page}-${i}`,
          age: 40 + i,
        })),
        total: 250,
        page: p.page,
        size: p.size,
      }),
      searchFieldShown: null,
    }),
  );
}

const baseConfig: ListScreenConfig = {
  id: 'subjects',
  search: { fieldsPath: FIELDS, listKey: 'subjects' },
  grid: { columnsPath: COLUMNS, dataPath: DATA, method: 'POST', rowKey: 'subjectid' },
};

function setup(props: Partial<ListScreenProps> = {}) {
  const client = fakeClient();
  render(
    <TestProviders client={client}>
      <ListScreen
        config={baseConfig}
        userTimeZone="Asia/Shanghai"
        timers={manualTimers()}
        suppressRowVirtualisation
        {...props}
      />
    </TestProviders>,
  );
  const rowsCalls = () =>
    client.calls.filter((c) => c.name === rowsName(DATA, 'POST')).map((c) => c.params as RowsParams);
  return { client, rowsCalls };
}

async function nextPage() {
  await userEvent.click(screen.getByRole('button', { name: text('grid.page.next') }));
}

describe('ListScreen', () => {
  it('asks for the first page with the initial search values once the definitions are in', async () => {
    const { rowsCalls } = setup();
    expect(await screen.findByText('P1-0')).toBeInTheDocument();
    expect(rowsCalls()).toEqual([{ page: 1, size: 20, status: '1' }]);
  });

  it('restores the page size stored for the session', async () => {
    sessionStorage.setItem(STORAGE_KEYS.pageSize, '50');
    const { rowsCalls } = setup();
    await screen.findByText('P1-0');
    expect(rowsCalls()[0]).toMatchObject({ page: 1, size: 50 });
  });

  it('goes back to page 1 on a new search', async () => {
    const { rowsCalls } = setup();
    await screen.findByText('P1-0');
    await nextPage();
    expect(await screen.findByText('P2-0')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('受试者编号'), 'BJ01');
    await userEvent.click(screen.getByRole('button', { name: text('search.submit') }));
    await waitFor(() =>
      expect(rowsCalls().at(-1)).toEqual({ page: 1, size: 20, status: '1', subjid: 'BJ01' }),
    );
  });

  it('goes back to page 1 on a new page size and remembers it', async () => {
    const { rowsCalls } = setup();
    await screen.findByText('P1-0');
    await nextPage();
    await screen.findByText('P2-0');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: text('grid.rowsPerPage') }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: '100' }));
    await waitFor(() => expect(rowsCalls().at(-1)).toEqual({ page: 1, size: 100, status: '1' }));
    expect(sessionStorage.getItem(STORAGE_KEYS.pageSize)).toBe('100');
  });

  it('reads its query from URL params and writes every change back as params', async () => {
    const params: IncomingParams = { page: '3', size: '50', subjid: 'SH', orderByField: 'age', asc: 'false' };
    const onParamsChange = vi.fn();
    const { rowsCalls } = setup({ params, onParamsChange });
    await screen.findByText('P3-0');
    expect(rowsCalls()).toEqual([{ page: 3, size: 50, subjid: 'SH', orderByField: 'age', asc: false }]);
    expect(screen.getByLabelText('受试者编号')).toHaveValue('SH');
    await nextPage();
    expect(onParamsChange).toHaveBeenLastCalledWith({
      page: '4',
      size: '50',
      orderByField: 'age',
      asc: 'false',
      subjid: 'SH',
    });
  });

  it('sends the next page’s request with the click, and only that one request', async () => {
    const { rowsCalls } = setup();
    await screen.findByText('P1-0');
    // synchronous click: the request is recorded before React renders the new page's state
    fireEvent.click(screen.getByRole('button', { name: text('grid.page.next') }));
    expect(rowsCalls().at(-1)).toMatchObject({ page: 2 });
    expect(await screen.findByText('P2-0')).toBeInTheDocument();
    expect(rowsCalls().map((c) => c.page)).toEqual([1, 2]);
  });

  it('takes the request sent from the click when the query lives in the URL (one request per change)', async () => {
    const client = fakeClient();
    function UrlOwned() {
      const [params, setParams] = useState<IncomingParams>({ page: '1', size: '20', status: '1' });
      return (
        <ListScreen
          config={baseConfig}
          userTimeZone="Asia/Shanghai"
          timers={manualTimers()}
          suppressRowVirtualisation
          params={params}
          onParamsChange={setParams}
        />
      );
    }
    render(
      <TestProviders client={client}>
        <UrlOwned />
      </TestProviders>,
    );
    const pages = () => client.calls.filter((c) => c.name === rowsName(DATA, 'POST')).map((c) => c.params);
    await screen.findByText('P1-0');
    await nextPage();
    expect(await screen.findByText('P2-0')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('受试者编号'), 'BJ01');
    await userEvent.click(screen.getByRole('button', { name: text('search.submit') }));
    expect(await screen.findByText('P1-0')).toBeInTheDocument();
    expect(pages()).toEqual([
      { page: 1, size: 20, status: '1' },
      { page: 2, size: 20, status: '1' },
      { page: 1, size: 20, status: '1', subjid: 'BJ01' },
    ]);
  });

  it('runs toolbar actions with the selected rows; batch actions wait for a selection', async () => {
    const run = vi.fn<(rows: readonly GridRow[], ctx: ListActionContext) => void>();
    setup({
      config: {
        ...baseConfig,
        grid: { ...baseConfig.grid, selectable: true },
        actions: [{ id: 'sign', labelId: 'common.close', needsSelection: true, run }],
      },
    });
    await screen.findByText('P1-0');
    const action = screen.getByTestId('list-action-sign');
    expect(action).toBeDisabled();
    await userEvent.click(screen.getAllByRole('checkbox')[1] as HTMLElement);
    expect(action).toBeEnabled();
    await userEvent.click(action);
    expect(run).toHaveBeenCalledWith([expect.objectContaining({ subjectid: 's-1-0' })], expect.anything());
    expect(run.mock.calls[0]?.[1]).toMatchObject({ query: { page: 1, size: 20, search: { status: '1' } } });
  });
});
