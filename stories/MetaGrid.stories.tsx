/**
 * MetaGrid with the subject list's column set and rows as the reference server sent them (fixtures/lists): paging,
 * page size, selection, and the loading, empty and error states (with retry); and MetaGridView, the same grid drawn
 * from a column set and a page of rows it is given (as a log-line form gives them).
 */
import { useState } from 'react';
import { FormattedMessage } from '../renderers/intl';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, userEvent, waitFor, within } from 'storybook/test';
import type { GridRow } from '../engine/grid/types';
import type { PageSize as RowsPerPage } from '../engine/list/types';
import { listFixtures } from '../fixtures';
import { MetaGridView } from '../renderers/grid/MetaGridView';
import { fakeFailure, pending } from '../renderers/testing/fakeApiClient';
import {
  GridStory,
  pageOf,
  storySubjects,
  rowsRequests,
  STORY_PATHS,
  type RowsParams,
} from './support/listStory';
import { msg } from './support/storyText';

const columns = listFixtures.subjectColumns.data;
const firstPage = listFixtures.subjectList.data;
/** Every subject the fixtures hold (page 1, and the sorted + filtered page), for a fake server with two pages. */
const subjects: readonly GridRow[] = storySubjects(
  firstPage.list,
  listFixtures.subjectListSortedFiltered.data.list,
);

const body = (canvas: HTMLElement) => within(canvas.ownerDocument.body);
const rowCount = (canvas: HTMLElement) => canvas.querySelectorAll('.ag-row[row-id]').length;
const firstRowId = (canvas: HTMLElement) =>
  canvas.querySelector('.ag-row[row-index="0"]')?.getAttribute('row-id') ?? null;

const meta = {
  title: 'List/MetaGrid',
  component: GridStory,
  args: { columns, rows: subjects },
} satisfies Meta<typeof GridStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The server's columns and first page: formatted cells, code-list labels, the pager; next page asks for page 2. */
export const FixtureData: Story = {
  args: { onOpen: fn(), onRowClick: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const first = firstPage.list[0]!;
    await waitFor(() => expect(firstRowId(canvasElement)).toBe(first.subjectid));
    await expect(rowCount(canvasElement)).toBe(20);
    await expect(
      canvas.getByText(msg('grid.displayedRows', { from: 1, to: 20, count: subjects.length })),
    ).toBeInTheDocument();
    // SEX through its code list: a label, not the code
    const sex = canvasElement.querySelector(`.ag-row[row-id="${first.subjectid}"] .ag-cell[col-id="sex"]`);
    await waitFor(() =>
      expect(sex?.textContent).toMatch(first.sex === 'F' ? /^(女|Female)$/ : /^(男|Male)$/),
    );

    await userEvent.click(canvas.getByRole('button', { name: msg('grid.page.next', undefined, true) }));
    await waitFor(() => expect(rowsRequests(canvasElement).at(-1)).toEqual({ page: 2, size: 20 }));
    await waitFor(() => expect(rowCount(canvasElement)).toBe(subjects.length - 20));

    // a row click opens the subject
    await userEvent.click(canvasElement.querySelector('.ag-row[row-index="0"] .ag-cell[col-id="sitename"]')!);
    await expect(args.onRowClick).toHaveBeenCalledWith(
      expect.objectContaining({ subjectid: firstRowId(canvasElement) }),
    );
  },
};

/** 20, 50 or 100 rows per page: a new size asks for page 1 again. */
export const PageSize: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(rowCount(canvasElement)).toBe(20));
    fireEvent.mouseDown(
      within(canvasElement).getByRole('combobox', { name: msg('grid.rowsPerPage', undefined, true) }),
    );
    const listbox = await body(canvasElement).findByRole('listbox');
    await expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['20', '50', '100']);
    fireEvent.click(within(listbox).getByRole('option', { name: '50' }));
    await waitFor(() => expect(rowsRequests(canvasElement).at(-1)).toEqual({ page: 1, size: 50 }));
    await waitFor(() => expect(rowCount(canvasElement)).toBe(subjects.length));
  },
};

/** Checkboxes for batch actions when the screen asks for them. */
export const Selectable: Story = {
  args: { selectable: true, onSelectionChange: fn(), onRowClick: fn() },
  play: async ({ canvasElement, args }) => {
    await waitFor(() => expect(rowCount(canvasElement)).toBe(20));
    const boxes = canvasElement.querySelectorAll<HTMLInputElement>('.ag-row .ag-selection-checkbox input');
    await userEvent.click(boxes[0]!);
    await userEvent.click(boxes[1]!);
    await waitFor(() =>
      expect(args.onSelectionChange).toHaveBeenLastCalledWith([
        expect.objectContaining({ subjectid: firstPage.list[0]!.subjectid }),
        expect.objectContaining({ subjectid: firstPage.list[1]!.subjectid }),
      ]),
    );
    await expect(args.onRowClick).not.toHaveBeenCalled();
  },
};

/** The rows have not come yet. */
export const Loading: Story = {
  args: { rows: () => pending() },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('progressbar')).toBeInTheDocument();
    await expect(rowCount(canvasElement)).toBe(0);
  },
};

/** Nothing matches. */
export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(msg('grid.noData', undefined, true)),
    ).toBeInTheDocument();
    await expect(
      within(canvasElement).getByText(msg('grid.displayedRows', { from: 0, to: 0, count: 0 })),
    ).toBeInTheDocument();
  },
};

function failingOnce(): (params: RowsParams) => unknown {
  let failed = false;
  return (params) => {
    if (!failed) {
      failed = true;
      throw fakeFailure('business', STORY_PATHS.rows, '数据库忙，请稍后再试');
    }
    return pageOf(subjects, params);
  };
}

/** The rows request failed: the server's message and a retry, which brings the rows. */
export const ErrorWithRetry: Story = {
  args: { rows: failingOnce() },
  play: async ({ canvasElement }) => {
    const error = await within(canvasElement).findByTestId('meta-grid-error');
    await expect(error).toHaveTextContent(msg('grid.loadFailed'));
    await expect(error).toHaveTextContent('数据库忙，请稍后再试');
    await userEvent.click(within(error).getByRole('button', { name: msg('grid.retry', undefined, true) }));
    await waitFor(() => expect(rowCount(canvasElement)).toBe(20));
    await expect(within(canvasElement).queryByTestId('meta-grid-error')).toBeNull();
  },
};

function columnsFailingOnce(): () => unknown {
  let failed = false;
  return () => {
    if (!failed) {
      failed = true;
      throw fakeFailure('server', STORY_PATHS.columns);
    }
    return columns;
  };
}

/** The column set failed to load: said in place, with a retry. */
export const ColumnsError: Story = {
  args: { api: { paths: { [STORY_PATHS.columns]: columnsFailingOnce() } } },
  play: async ({ canvasElement }) => {
    const error = await within(canvasElement).findByTestId('meta-grid-columns-error');
    await expect(error).toHaveTextContent(msg('grid.columnsFailed'));
    await userEvent.click(within(error).getByRole('button', { name: msg('grid.retry', undefined, true) }));
    await waitFor(() => expect(rowCount(canvasElement)).toBe(20));
  },
};

/** MetaGridView with the subject columns and rows held by the screen (no request for them), paged here. */
function GivenPageStory({ onRowClick }: { onRowClick(row: GridRow): void }) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<RowsPerPage>(20);
  return (
    <MetaGridView
      columns={columns}
      rows={subjects.slice((page - 1) * size, page * size)}
      total={subjects.length}
      page={page}
      size={size}
      onPageChange={setPage}
      onSizeChange={(next) => {
        setSize(next);
        setPage(1);
      }}
      rowKey="subjectid"
      onRowClick={onRowClick}
      userTimeZone="Asia/Shanghai"
      height={360}
      suppressRowVirtualisation
    />
  );
}

/** Columns and rows given, not fetched: the same cells and pager, no header sorts, Enter on a cell opens its row. */
export const GivenColumnsAndRows: Story = {
  args: { onRowClick: fn() },
  render: (args) => <GivenPageStory onRowClick={args.onRowClick ?? (() => undefined)} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(rowCount(canvasElement)).toBe(20));
    await expect(canvasElement.querySelector('.ag-header-cell-sortable')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: msg('grid.page.next', undefined, true) }));
    await waitFor(() => expect(rowCount(canvasElement)).toBe(subjects.length - 20));
    const cell = canvasElement.querySelector<HTMLElement>(
      '.ag-row[row-index="0"] .ag-cell[col-id="sitename"]',
    );
    await expect(cell).not.toBeNull();
    cell?.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRowClick).toHaveBeenCalledWith(
      expect.objectContaining({ subjectid: subjects[20]?.subjectid }),
    );
  },
};

/** A grid whose row actions arrive after it started (permissions read late) and then change their label. */
function LateRowActionsStory({ onAction }: { onAction(row: GridRow): void }) {
  const [label, setLabel] = useState<string | null>(null);
  return (
    <>
      <button type="button" onClick={() => setLabel((l) => (l === null ? 'Overview' : '概览'))}>
        <FormattedMessage id="builder.story.reload" />
      </button>
      <MetaGridView
        columns={columns}
        rows={subjects.slice(0, 5)}
        total={5}
        page={1}
        size={20}
        onPageChange={() => undefined}
        onSizeChange={() => undefined}
        rowKey="subjectid"
        onRowClick={() => undefined}
        {...(label === null ? {} : { rowActions: [{ id: 'overview', label, run: onAction }] })}
        userTimeZone="Asia/Shanghai"
        height={300}
        suppressRowVirtualisation
      />
    </>
  );
}

/** Row actions granted after the grid started appear in every row, and a new label is drawn (AG Grid's `context` is read once). */
export const LateRowActions: Story = {
  args: { onOpen: fn() },
  render: (args) => <LateRowActionsStory onAction={args.onOpen ?? (() => undefined)} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const actions = () => canvasElement.querySelectorAll('[data-testid="row-action-overview"]');
    await waitFor(() => expect(rowCount(canvasElement)).toBe(5));
    await expect(actions()).toHaveLength(0);
    await userEvent.click(canvas.getByRole('button', { name: msg('builder.story.reload', undefined, true) }));
    await waitFor(() => expect(actions()).toHaveLength(5));
    await expect(actions()[0]).toHaveTextContent('Overview');
    await userEvent.click(canvas.getByRole('button', { name: msg('builder.story.reload', undefined, true) }));
    await waitFor(() => expect(actions()[0]).toHaveTextContent('概览'));
    await userEvent.click(actions()[1] as HTMLElement);
    await expect(args.onOpen).toHaveBeenCalledWith(
      expect.objectContaining({ subjectid: subjects[1]?.subjectid }),
    );
  },
};
