import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { GridRow } from '../../engine/grid/types';
import type { PageSize, SortState } from '../../engine/list/types';
import { MetaGrid, type MetaGridProps } from '../../renderers/grid/MetaGrid';
import { createFakeApiClient, fakeFailure, type FakeApiClient } from '../../renderers/testing/fakeApiClient';
import { createIntl, type MessageDescriptor } from '../../renderers/intl';
import { TestProviders, testCatalogues, text } from '../testing/renderApp';
import { definitionsName, manualTimers, pathHandlers, rowsName } from './listTestKit';

const zhIntl = createIntl({ locale: 'zh-CN', messages: testCatalogues.zh_CN });
const say = (id: string, values: Record<string, string | number>) => {
  const descriptor: MessageDescriptor = { id };
  return zhIntl.formatMessage(descriptor, values);
};

const COLUMNS_PATH = 'test/columns.do';
const DATA_PATH = 'test/list.do';

const columns = [
  {
    prop: 'subjid',
    label: { zh_CN: '受试者编号', en: 'Subject' },
    fixed: 'left',
    sortable: true,
    render: 'link',
  },
  {
    label: '基本信息',
    children: [
      { prop: 'sex', label: '性别', filter: 'codelist:SEX' },
      { prop: 'age', label: '年龄', fieldtype: 'num', sortable: true },
    ],
  },
  { prop: 'status', label: '状态', render: 'tag' },
  { prop: 'mood', label: '心情', render: 'sparkle' },
  { label: '无名' },
];

interface Row extends GridRow {
  subjectid: string;
  subjid: string;
  sex: string;
  age: number;
  status: string;
  mood: string;
}

function rowsOf(page: number, count: number): Row[] {
  return Array.from({ length: count }, (_, i) => ({
    subjectid: `s-${page}-${i}`,
    subjid: `BJ01-${String((page - 1) * 100 + i + 1).padStart(4, '0')}`,
    sex: i % 2 === 0 ? 'M' : 'F',
    age: 30 + i,
    status: '筛选中',
    mood: 'fine',
  }));
}

type RowsParams = { page: number; size: number; orderByField?: string; asc?: boolean } & Record<
  string,
  unknown
>;

function client(
  rows: (params: RowsParams) => unknown = (p) => ({
    list: rowsOf(p.page, 3),
    total: 45,
    page: p.page,
    size: p.size,
  }),
) {
  return createFakeApiClient(
    pathHandlers({
      [definitionsName(COLUMNS_PATH)]: columns,
      [rowsName(DATA_PATH, 'POST')]: rows,
      codeList: [
        { codevalue: 'M', codedesp: { zh_CN: '男', en: 'Male' } },
        { codevalue: 'F', codedesp: { zh_CN: '女', en: 'Female' } },
      ],
    }),
  );
}

/** MetaGrid with its paging and sort held like a list screen holds them. */
function Harness({ onSortChange, onSizeChange, ...props }: Partial<MetaGridProps>) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<PageSize>(20);
  const [sort, setSort] = useState<SortState | null>(null);
  return (
    <MetaGrid
      columnsPath={COLUMNS_PATH}
      dataPath={DATA_PATH}
      method="POST"
      params={{ siteid: 'BJ01' }}
      page={page}
      size={size}
      sort={sort}
      onPageChange={setPage}
      onSizeChange={(next) => {
        onSizeChange?.(next);
        setSize(next);
        setPage(1);
      }}
      onSortChange={(next) => {
        onSortChange?.(next);
        setSort(next);
        setPage(1);
      }}
      rowKey="subjectid"
      userTimeZone="Asia/Shanghai"
      suppressRowVirtualisation
      timers={manualTimers()}
      {...props}
    />
  );
}

function setup(api: FakeApiClient, props: Parameters<typeof Harness>[0] = {}) {
  render(
    <TestProviders client={api}>
      <Harness {...props} />
    </TestProviders>,
  );
}

const rowsCalls = (api: FakeApiClient) =>
  api.calls.filter((c) => c.name === rowsName(DATA_PATH, 'POST')).map((c) => c.params as RowsParams);

const rowIndex = (cell: Element) => Number(cell.closest('[row-index]')?.getAttribute('row-index'));

function headerCell(name: string): HTMLElement {
  const label = screen.getAllByText(name).find((el) => el.closest('.ag-header-cell'));
  if (!label) throw new Error(`no header ${name}`);
  return label.closest('.ag-header-cell') as HTMLElement;
}

describe('MetaGrid', () => {
  it('shows the server columns (groups, pinned, formatted and rendered cells) and one page of rows', async () => {
    const api = client();
    const onRowClick = vi.fn();
    setup(api, { onRowClick });
    expect(await screen.findByText('BJ01-0003')).toBeInTheDocument();
    expect(screen.getByText('基本信息')).toBeInTheDocument();
    // the pinned column lives in the left pinned container
    expect(headerCell('受试者编号').closest('.ag-grid-pinned-left-cells')).not.toBeNull();
    // codelist:SEX shows labels, `tag` shows a chip, `link` a button
    await waitFor(() => expect(screen.getAllByText('男')).toHaveLength(2));
    expect(screen.getAllByText('筛选中')[0]?.closest('.meta-tag')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'BJ01-0001' }));
    expect(onRowClick).toHaveBeenCalledTimes(1);
    expect(onRowClick).toHaveBeenLastCalledWith(expect.objectContaining({ subjectid: 's-1-0' }));
    await userEvent.click(screen.getByText('31'));
    expect(onRowClick).toHaveBeenCalledTimes(2);
    expect(onRowClick).toHaveBeenLastCalledWith(expect.objectContaining({ subjectid: 's-1-1' }));
    expect(rowsCalls(api)[0]).toEqual({ siteid: 'BJ01', page: 1, size: 20 });
    expect(screen.getByText(say('grid.displayedRows', { from: 1, to: 20, count: 45 }))).toBeInTheDocument();
  });

  it('names an invalid column in its header and leaves its cells empty', async () => {
    setup(client());
    await screen.findByText('BJ01-0001');
    const unknownRender = headerCell(
      say('meta.unknownRender', { path: 'columns[3]', prop: 'mood', render: 'sparkle' }),
    );
    headerCell(say('meta.columnNeedsPropOrChildren', { path: 'columns[4]', prop: '?' }));
    const colId = unknownRender.getAttribute('col-id');
    const cells = document.querySelectorAll(`.ag-cell[col-id="${colId}"]`);
    expect(cells).toHaveLength(3);
    cells.forEach((cell) => expect(cell).toHaveTextContent(''));
    expect(screen.queryByText('fine')).toBeNull();
  });

  it('asks the server to sort on a header click: ascending, descending, then unsorted, from page 1', async () => {
    const api = client();
    const onSortChange = vi.fn();
    setup(api, { onSortChange });
    await screen.findByText('BJ01-0001');
    await userEvent.click(screen.getByRole('button', { name: text('grid.page.next') }));
    await waitFor(() => expect(rowsCalls(api).at(-1)?.page).toBe(2));

    const clickHeader = async (name: string) => {
      const label = headerCell(name).querySelector('.ag-header-cell-label');
      if (!label) throw new Error('no header label');
      await userEvent.click(label);
    };
    await clickHeader('年龄');
    expect(onSortChange).toHaveBeenLastCalledWith({ orderByField: 'age', asc: true });
    await waitFor(() =>
      expect(rowsCalls(api).at(-1)).toEqual({
        siteid: 'BJ01',
        page: 1,
        size: 20,
        orderByField: 'age',
        asc: true,
      }),
    );
    await clickHeader('年龄');
    expect(onSortChange).toHaveBeenLastCalledWith({ orderByField: 'age', asc: false });
    await waitFor(() => expect(rowsCalls(api).at(-1)).toMatchObject({ orderByField: 'age', asc: false }));
    await clickHeader('年龄');
    expect(onSortChange).toHaveBeenLastCalledWith(null);
    await waitFor(() => expect(rowsCalls(api).at(-1)).toEqual({ siteid: 'BJ01', page: 1, size: 20 }));
    expect(onSortChange).toHaveBeenCalledTimes(3);
    // the grid never reorders the server's rows itself
    const ages = [...document.querySelectorAll('.ag-cell[col-id="age"]')]
      .sort((a, b) => rowIndex(a) - rowIndex(b))
      .map((c) => c.textContent);
    expect(ages).toEqual(['30', '31', '32']);
  });

  it('changes the page size to 50 or 100 and asks for page 1 again', async () => {
    const api = client();
    const onSizeChange = vi.fn();
    setup(api, { onSizeChange });
    await screen.findByText('BJ01-0001');
    await userEvent.click(screen.getByRole('button', { name: text('grid.page.next') }));
    await waitFor(() => expect(rowsCalls(api).at(-1)?.page).toBe(2));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: text('grid.rowsPerPage') }));
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['20', '50', '100']);
    fireEvent.click(within(listbox).getByRole('option', { name: '50' }));
    expect(onSizeChange).toHaveBeenCalledWith(50);
    await waitFor(() => expect(rowsCalls(api).at(-1)).toEqual({ siteid: 'BJ01', page: 1, size: 50 }));
  });

  it('shows a failed page with a retry, keeping the rows it had', async () => {
    let failPage2 = true;
    const api = client((p) => {
      if (p.page === 2 && failPage2) throw fakeFailure('business', DATA_PATH, '数据库忙');
      return { list: rowsOf(p.page, 3), total: 45, page: p.page, size: p.size };
    });
    setup(api);
    await screen.findByText('BJ01-0001');
    await userEvent.click(screen.getByRole('button', { name: text('grid.page.next') }));
    const error = await screen.findByTestId('meta-grid-error');
    expect(error).toHaveTextContent(text('grid.loadFailed'));
    expect(error).toHaveTextContent('数据库忙');
    expect(screen.getByText('BJ01-0001')).toBeInTheDocument();
    failPage2 = false;
    await userEvent.click(within(error).getByRole('button', { name: text('grid.retry') }));
    expect(await screen.findByText('BJ01-0101')).toBeInTheDocument();
    expect(screen.queryByTestId('meta-grid-error')).toBeNull();
  });

  it('shows a server error without its raw text (only a business refusal carries a message for the user)', async () => {
    const api = client(() => {
      throw fakeFailure('server', DATA_PATH, 'java.lang.NullPointerException');
    });
    setup(api);
    const error = await screen.findByTestId('meta-grid-error');
    expect(error).toHaveTextContent(text('grid.loadFailed'));
    expect(error).not.toHaveTextContent('NullPointerException');
  });

  it('ignores the answer to a request that is no longer current', async () => {
    const answers = new Map<number, (rows: unknown) => void>();
    const api = client(
      (p) =>
        new Promise((resolve) =>
          answers.set(p.page, () =>
            resolve({ list: rowsOf(p.page, 3), total: 45, page: p.page, size: p.size }),
          ),
        ),
    );
    setup(api);
    await waitFor(() => expect(answers.has(1)).toBe(true));
    act(() => answers.get(1)?.(null));
    await screen.findByText('BJ01-0001');
    await userEvent.click(screen.getByRole('button', { name: text('grid.page.next') }));
    await waitFor(() => expect(answers.has(2)).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: text('grid.page.next') }));
    await waitFor(() => expect(answers.has(3)).toBe(true));
    act(() => answers.get(3)?.(null));
    expect(await screen.findByText('BJ01-0201')).toBeInTheDocument();
    // page 2 answers late: the grid stays on page 3
    await act(async () => answers.get(2)?.(null));
    expect(screen.queryByText('BJ01-0101')).toBeNull();
    expect(screen.getByText('BJ01-0201')).toBeInTheDocument();
  });

  it('says so when there are no rows', async () => {
    setup(client((p) => ({ list: [], total: 0, page: p.page, size: p.size })));
    expect(await screen.findByText(text('grid.noData'))).toBeInTheDocument();
  });

  it('reports the selected rows for batch actions', async () => {
    const onSelectionChange = vi.fn();
    setup(client(), { selectable: true, onSelectionChange });
    await screen.findByText('BJ01-0001');
    const checkboxes = screen.getAllByRole('checkbox');
    // header "select all" + one per row
    expect(checkboxes).toHaveLength(4);
    await userEvent.click(checkboxes[2] as HTMLElement);
    expect(onSelectionChange).toHaveBeenLastCalledWith([expect.objectContaining({ subjectid: 's-1-1' })]);
  });

  it('draws cells from the screen: slots by slotName and its own named renderers', async () => {
    const api = createFakeApiClient(
      pathHandlers({
        [definitionsName(COLUMNS_PATH)]: [
          { prop: 'subjid', label: '编号', render: 'stars' },
          { prop: 'open', label: '操作', slotName: 'actions', fixed: 'right' },
        ],
        [rowsName(DATA_PATH, 'POST')]: (p: RowsParams) => ({
          list: rowsOf(1, 2),
          total: 2,
          page: p.page,
          size: p.size,
        }),
      }),
    );
    setup(api, {
      cellRenderers: { stars: ({ text: cellText }) => <span>★{cellText}</span> },
      slots: { actions: (row) => <button type="button">打开 {String(row.subjid)}</button> },
    });
    expect(await screen.findByText('★BJ01-0002')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '打开 BJ01-0001' })).toBeInTheDocument();
  });
});
