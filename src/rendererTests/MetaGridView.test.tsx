import { act, render, screen, waitFor } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createIntl, type MessageDescriptor } from '../../renderers/intl';
import type { GridRow } from '../../engine/grid/types';
import { MetaGridView, PROGRESS_DELAY_MS, type MetaGridViewProps } from '../../renderers/grid/MetaGridView';
import { createFakeApiClient, type FakeApiClient } from '../../renderers/testing/fakeApiClient';
import { TestProviders, testCatalogues, text } from '../testing/renderApp';
import { manualTimers, pathHandlers } from './listTestKit';

const zhIntl = createIntl({ locale: 'zh-CN', messages: testCatalogues.zh_CN });
const say = (id: string, values: Record<string, string | number>) => {
  const descriptor: MessageDescriptor = { id };
  return zhIntl.formatMessage(descriptor, values);
};

/** A column set as a datalist carries it (list metadata, not yet parsed). */
const columns = [
  { prop: 'subjid', label: '编号', render: 'link', sortable: true },
  { prop: 'sex', label: '性别', filter: 'codelist:SEX' },
  { prop: 'age', label: '年龄', fieldtype: 'num', sortable: true },
];

const rows: GridRow[] = [
  { id: 'a', subjid: 'BJ01-0001', sex: 'M', age: 30 },
  { id: 'b', subjid: 'BJ01-0002', sex: 'F', age: 31 },
];

function fakeClient(): FakeApiClient {
  return createFakeApiClient(
    pathHandlers({
      codeList: [
        { codevalue: 'M', codedesp: { zh_CN: '男', en: 'Male' } },
        { codevalue: 'F', codedesp: { zh_CN: '女', en: 'Female' } },
      ],
    }),
  );
}

/** The grid over page 1 of `rows` (45 in all), with `props` over the defaults. */
function gridElement(props: Partial<MetaGridViewProps> = {}, api: FakeApiClient = fakeClient()) {
  return (
    <TestProviders client={api}>
      <MetaGridView
        columns={columns}
        rows={rows}
        total={45}
        page={1}
        size={20}
        onPageChange={vi.fn()}
        onSizeChange={vi.fn()}
        rowKey="id"
        userTimeZone="Asia/Shanghai"
        suppressRowVirtualisation
        timers={manualTimers()}
        {...props}
      />
    </TestProviders>
  );
}

function setup(props: Partial<MetaGridViewProps> = {}, api: FakeApiClient = fakeClient()) {
  const onPageChange = vi.fn();
  const onSizeChange = vi.fn();
  render(gridElement({ onPageChange, onSizeChange, ...props }, api));
  return { api, onPageChange, onSizeChange };
}

function headerCell(name: string): HTMLElement {
  const label = screen.getAllByText(name).find((el) => el.closest('.ag-header-cell'));
  if (!label) throw new Error(`no header ${name}`);
  return label.closest('.ag-header-cell') as HTMLElement;
}

function cellOf(content: string): HTMLElement {
  const cell = screen.getByText(content).closest<HTMLElement>('.ag-cell');
  if (!cell) throw new Error(`no cell ${content}`);
  return cell;
}

describe('MetaGridView (columns and a page of rows given)', () => {
  it('draws the given column set and rows with the list mapping, asking only for the code lists it uses', async () => {
    const { api, onPageChange } = setup();
    expect(await screen.findByText('BJ01-0002')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('女')).toBeInTheDocument());
    expect(api.calls.map((c) => c.name)).toEqual(['codeList']);
    // the pager pages over the total it is given
    expect(screen.getByText(say('grid.displayedRows', { from: 1, to: 20, count: 45 }))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: text('grid.page.next') }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
  });

  it('sorts on no header without onSortChange, even a column the set marks sortable', async () => {
    setup();
    await screen.findByText('BJ01-0001');
    expect(headerCell('年龄')).not.toHaveClass('ag-header-cell-sortable');
  });

  it('lets the sortable headers sort when the screen takes the sort', async () => {
    const onSortChange = vi.fn();
    setup({ onSortChange, sort: null });
    await screen.findByText('BJ01-0001');
    expect(headerCell('年龄')).toHaveClass('ag-header-cell-sortable');
    const label = headerCell('年龄').querySelector('.ag-header-cell-label');
    if (!label) throw new Error('no header label');
    await userEvent.click(label);
    expect(onSortChange).toHaveBeenLastCalledWith({ orderByField: 'age', asc: true });
  });

  it('shows the sort in force in its header, and follows a sort given from outside (a link, a new search)', async () => {
    // no code list: the column set is mapped once, as soon as it is given
    const sortable = columns.filter((c) => c.sortable);
    const view = (sort: MetaGridViewProps['sort'], columnSet: readonly unknown[] | null = sortable) =>
      gridElement({ columns: columnSet, onSortChange: vi.fn(), sort });
    // the column set arrives after the grid is drawn (as from the server), the sort already in force (a link)
    const { rerender } = render(view({ orderByField: 'age', asc: false }, null));
    await waitFor(() => expect(document.querySelector('.ag-row')).not.toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 50));
    rerender(view({ orderByField: 'age', asc: false }));
    await screen.findByText('BJ01-0001');
    await waitFor(() => expect(headerCell('年龄')).toHaveAttribute('aria-sort', 'descending'));
    expect(headerCell('编号')).toHaveAttribute('aria-sort', 'none');
    rerender(view({ orderByField: 'subjid', asc: true }));
    await waitFor(() => expect(headerCell('编号')).toHaveAttribute('aria-sort', 'ascending'));
    expect(headerCell('年龄')).toHaveAttribute('aria-sort', 'none');
    rerender(view(null));
    await waitFor(() => expect(headerCell('编号')).toHaveAttribute('aria-sort', 'none'));
    expect(headerCell('年龄')).toHaveAttribute('aria-sort', 'none');
  });

  it('opens a row with Enter on one of its cells, once also from the link in it', async () => {
    const onRowClick = vi.fn();
    setup({ onRowClick });
    await screen.findByText('BJ01-0001');
    cellOf('31').focus();
    await userEvent.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenCalledTimes(1);
    expect(onRowClick).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'b' }));
    screen.getByRole('button', { name: 'BJ01-0001' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenCalledTimes(2);
    expect(onRowClick).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'a' }));
  });

  it('goes to the last page there is when the page given is past the end', async () => {
    const { onPageChange } = setup({ rows: [], total: 45, page: 5 });
    await waitFor(() => expect(onPageChange).toHaveBeenCalledWith(3));
  });

  it("says an empty page in the screen's words", async () => {
    setup({ rows: [], total: 0, emptyText: '暂无不良事件' });
    expect(await screen.findByText('暂无不良事件')).toBeInTheDocument();
    expect(screen.queryByText(text('grid.noData'))).toBeNull();
  });

  it('shows the progress bar at once on a first load, and over rows shown only once the page is slow to come', async () => {
    const timers = manualTimers();
    const view = (p: Partial<MetaGridViewProps>) => gridElement({ timers, ...p });
    const { rerender } = render(view({ rows: [], loading: true }));
    expect(screen.getByTestId('meta-grid-progress')).toBeInTheDocument();
    rerender(view({ loading: false }));
    await screen.findByText('BJ01-0002');
    expect(screen.queryByTestId('meta-grid-progress')).toBeNull();
    // the next page asked for: a quick answer draws no bar
    rerender(view({ page: 2, loading: true }));
    act(() => timers.advance(PROGRESS_DELAY_MS - 1));
    expect(screen.queryByTestId('meta-grid-progress')).toBeNull();
    rerender(view({ page: 2, loading: false }));
    act(() => timers.advance(PROGRESS_DELAY_MS));
    expect(screen.queryByTestId('meta-grid-progress')).toBeNull();
    // a slow one shows it, until it comes
    rerender(view({ page: 3, loading: true }));
    act(() => timers.advance(PROGRESS_DELAY_MS));
    expect(screen.getByTestId('meta-grid-progress')).toBeInTheDocument();
    rerender(view({ page: 3, loading: false }));
    expect(screen.queryByTestId('meta-grid-progress')).toBeNull();
  });

  it('shows a failed page and a failed column set with their retries', async () => {
    const retryRows = vi.fn();
    const retryColumns = vi.fn();
    setup({
      columns: null,
      columnsError: { retry: retryColumns },
      error: { msg: '无权限', retry: retryRows },
    });
    expect(await screen.findByTestId('meta-grid-columns-error')).toHaveTextContent(
      text('grid.columnsFailed'),
    );
    expect(screen.getByTestId('meta-grid-error')).toHaveTextContent(`${text('grid.loadFailed')}: 无权限`);
    const retries = screen.getAllByRole('button', { name: text('grid.retry') });
    expect(retries).toHaveLength(2);
    await userEvent.click(retries[0] as HTMLElement);
    await userEvent.click(retries[1] as HTMLElement);
    expect(retryColumns).toHaveBeenCalledTimes(1);
    expect(retryRows).toHaveBeenCalledTimes(1);
    // no columns, no paging
    expect(screen.getByRole('button', { name: text('grid.page.next') })).toBeDisabled();
  });
});

describe('MetaGridView with rowSlots (a server-paged list reusing its drawn rows)', () => {
  const page2: GridRow[] = [
    { id: 'c', subjid: 'BJ01-0003', sex: 'M', age: 40 },
    { id: 'd', subjid: 'BJ01-0004', sex: 'F', age: 41 },
  ];

  /** A slotted grid of page 1 (4 of 45 rows), drawn with `p` over it. */
  function slotView() {
    const base: MetaGridViewProps = {
      columns,
      rows,
      total: 45,
      page: 1,
      size: 20,
      onPageChange: vi.fn(),
      onSizeChange: vi.fn(),
      rowKey: 'id',
      rowSlots: true,
      userTimeZone: 'Asia/Shanghai',
      suppressRowVirtualisation: true,
      timers: manualTimers(),
    };
    return (p: Partial<MetaGridViewProps>) => (
      <TestProviders client={fakeClient()}>
        <MetaGridView {...base} {...p} />
      </TestProviders>
    );
  }

  function slotGrid(props: Partial<MetaGridViewProps>) {
    const view = slotView();
    const result = render(view(props));
    return { rerender: (p: Partial<MetaGridViewProps>) => result.rerender(view({ ...props, ...p })) };
  }

  const rowEls = (key: string) => [
    ...document.querySelectorAll<HTMLElement>(`.ag-row[row-business-key="${key}"]`),
  ];
  const box = (key: string) =>
    document.querySelector<HTMLInputElement>(
      `.ag-row[row-business-key="${key}"] .ag-selection-checkbox input`,
    );

  it('draws the next page in the rows already drawn (same elements), with the row key as row-business-key', async () => {
    const onRowClick = vi.fn();
    const grid = slotGrid({ onRowClick });
    await screen.findByText('BJ01-0002');
    const first = rowEls('a');
    expect(first.length).toBeGreaterThan(0);
    grid.rerender({ rows: page2, page: 2 });
    await screen.findByText('BJ01-0003');
    expect(screen.queryByText('BJ01-0001')).toBeNull();
    await waitFor(() => expect(rowEls('a')).toEqual([]));
    expect(rowEls('c')).toEqual(first);
    // a click opens the row shown, not the one drawn there before, and hands over the row as it came
    await userEvent.click(cellOf('41'));
    expect(onRowClick).toHaveBeenLastCalledWith(page2[1]);
  });

  it('runs a row action on the row shown after a page change (an actions column has the same value in every row)', async () => {
    const run = vi.fn();
    const onRowClick = vi.fn();
    const grid = slotGrid({
      columns: [...columns, { prop: 'open', label: '操作', render: 'openButton', fixed: 'right' }],
      onRowClick,
      rowActions: [{ id: 'overview', label: '概览', run }],
    });
    await screen.findByText('BJ01-0002');
    grid.rerender({ rows: page2, page: 2 });
    await screen.findByText('BJ01-0003');
    await userEvent.click(screen.getAllByTestId('row-action-overview')[0]!);
    expect(run).toHaveBeenLastCalledWith(page2[0]);
    await userEvent.click(screen.getAllByTestId('row-open')[1]!);
    expect(onRowClick).toHaveBeenLastCalledWith(page2[1]);
  });

  it('hands a new page to the grid in the commit that brings it (its cells drawn in the same task)', async () => {
    const view = slotView();
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    act(() => root.render(view({})));
    await screen.findByText('BJ01-0002');
    const firstCell = () => container.querySelector('.ag-row[row-index="0"] [col-id="subjid"]')?.textContent;
    // as in the browser, not inside act (which would flush every effect and scheduled render before returning)
    const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = env.IS_REACT_ACT_ENVIRONMENT;
    env.IS_REACT_ACT_ENVIRONMENT = false;
    let drawn: string | null | undefined;
    try {
      flushSync(() => root.render(view({ rows: page2, page: 2 })));
      drawn = firstCell();
    } finally {
      env.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
      act(() => root.unmount());
      container.remove();
    }
    expect(drawn).toBe('BJ01-0003');
  });

  it('keeps the selection with the rows (by key), not with the slots', async () => {
    const onSelectionChange = vi.fn();
    const grid = slotGrid({ selectable: true, onSelectionChange });
    await screen.findByText('BJ01-0002');
    await waitFor(() => expect(box('b')).not.toBeNull());
    await userEvent.click(box('b')!);
    await waitFor(() => expect(onSelectionChange).toHaveBeenLastCalledWith([rows[1]]));
    // the next page: row b's slot shows d, which is not selected; nothing is selected
    grid.rerender({ rows: page2, page: 2 });
    await screen.findByText('BJ01-0004');
    await waitFor(() => expect(box('d')?.checked).toBe(false));
    await waitFor(() => expect(onSelectionChange).toHaveBeenLastCalledWith([]));
    // the same page read again (new objects, same keys) keeps what is selected
    grid.rerender({ rows: page2.map((r) => ({ ...r })) });
    await userEvent.click(box('c')!);
    await waitFor(() => expect(onSelectionChange).toHaveBeenLastCalledWith([page2[0]]));
    grid.rerender({ rows: page2.map((r) => ({ ...r, age: 50 })) });
    await waitFor(() => expect(screen.getAllByText('50')).toHaveLength(2));
    expect(box('c')?.checked).toBe(true);
    expect(box('d')?.checked).toBe(false);
  });
});
