/**
 * Every column feature of the grid metadata, one story each, from fixtures/metadata/columns.features.json and
 * rows.features.json (columns.invalid.json for the problems): pinned, groups, server-side sort, time zones,
 * named cell renderers (tag, link), a slot of the screen, no-wrap width cap, and invalid definitions shown in place.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { defaultFieldTypes } from '../engine/fieldTypes/registry';
import { NOWRAP_MAX_WIDTH, type GridRow } from '../engine/grid/types';
import type { MetaText } from '../engine/metadata/types';
import { parseColumns } from '../engine/metadata/parseColumns';
import features from '../fixtures/metadata/columns.features.json';
import invalidColumns from '../fixtures/metadata/columns.invalid.json';
import rowsFixture from '../fixtures/metadata/rows.features.json';
import { codeListsFromFixtures, GridStory, rowsRequests } from './support/listStory';
import { issueMsg, label, msg } from './support/storyText';

type RawColumn = (typeof features)[number] & Record<string, unknown>;
const rows: readonly GridRow[] = rowsFixture.list;

/** Columns of the fixture by `prop` (a group by the label's zh_CN text). */
function columns(...keys: string[]): RawColumn[] {
  return keys.map((key) => {
    const found = features.find(
      (c) => ('prop' in c && c.prop === key) || (typeof c.label === 'object' && c.label.zh_CN === key),
    );
    if (!found) throw new Error(`no column ${key} in columns.features.json`);
    return found as RawColumn;
  });
}

const labelOf = (prop: string) => {
  const found = features.find((c) => 'prop' in c && c.prop === prop) as RawColumn | undefined;
  return label((found?.label ?? prop) as MetaText);
};

/** The header cell (or group header cell) whose text matches. */
async function header(canvas: HTMLElement, text: RegExp): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    const cells = [...canvas.querySelectorAll<HTMLElement>('.ag-header-cell, .ag-header-group-cell')];
    const textOf = (el: HTMLElement) =>
      el.querySelector('.ag-header-cell-text, .ag-header-group-text')?.textContent?.trim() ?? '';
    found = cells.find((el) => text.test(textOf(el)));
    expect(found, `a header ${text} among ${cells.map(textOf).join(' | ')}`).toBeDefined();
  });
  return found as HTMLElement;
}

/** The cell of a column in the row with the given id. */
async function cell(canvas: HTMLElement, rowId: string, colId: string): Promise<HTMLElement> {
  let found: HTMLElement | null = null;
  await waitFor(() => {
    found = canvas.querySelector<HTMLElement>(`.ag-row[row-id="${rowId}"] .ag-cell[col-id="${colId}"]`);
    expect(found).not.toBeNull();
  });
  return found as unknown as HTMLElement;
}

const clickHeader = async (canvas: HTMLElement, text: RegExp) => {
  const label = (await header(canvas, text)).querySelector('.ag-header-cell-label');
  if (!label) throw new Error('no header label');
  await userEvent.click(label);
};

const statusLabel = (code: string) => {
  const option = codeListsFromFixtures.SUBJSTATUS?.find((o) => o.codevalue === code);
  return label(option?.codedesp ?? code);
};

const meta = {
  title: 'List/Grid columns',
  component: GridStory,
  args: { columns: features, rows },
} satisfies Meta<typeof GridStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The whole fixture column set at once. */
export const AllFeatures: Story = {
  args: { onOpen: fn(), onRowClick: fn() },
  play: async ({ canvasElement }) => {
    await cell(canvasElement, 'subj-0001', 'subjid');
    await expect(canvasElement.querySelectorAll('.ag-row[row-id]')).toHaveLength(rows.length);
  },
};

/** `fixed: 'left'` / `'right'`: the subject number stays on the left, the actions on the right. */
export const Pinned: Story = {
  args: { columns: columns('subjid', 'comment', 'enrolldate', 'open'), onOpen: fn() },
  play: async ({ canvasElement }) => {
    const left = await header(canvasElement, labelOf('subjid'));
    await expect(left.closest('.ag-grid-pinned-left-cells')).not.toBeNull();
    const right = await header(canvasElement, labelOf('open'));
    await expect(right.closest('.ag-grid-pinned-right-cells')).not.toBeNull();
    const middle = await header(canvasElement, labelOf('enrolldate'));
    await expect(middle.closest('.ag-grid-pinned-left-cells, .ag-grid-pinned-right-cells')).toBeNull();
  },
};

/** `children`: a group header over its columns. */
export const Groups: Story = {
  args: { columns: columns('subjid', '中心', 'status') },
  play: async ({ canvasElement }) => {
    const group = await header(canvasElement, label({ zh_CN: '中心', en: 'Site' }));
    await expect(group).toHaveClass('ag-header-group-cell');
    await header(canvasElement, label({ zh_CN: '编号', en: 'Code' }));
    await header(canvasElement, label({ zh_CN: '名称', en: 'Name' }));
    await expect((await cell(canvasElement, 'subj-0002', 'sitename')).textContent).toMatch(/上海/);
  },
};

/**
 * `sortable`: a header click asks the server for sorted rows from page 1 (ascending, then descending);
 * the grid never reorders rows itself. `sortable: 'custom'` sorts on the server the same way.
 */
export const Sort: Story = {
  args: { columns: columns('subjid', 'status', 'enrolldate', 'comment') },
  play: async ({ canvasElement }) => {
    await cell(canvasElement, 'subj-0001', 'subjid');
    await expect(rowsRequests(canvasElement)).toEqual([{ page: 1, size: 20 }]);

    await clickHeader(canvasElement, labelOf('enrolldate'));
    await waitFor(() =>
      expect(rowsRequests(canvasElement).at(-1)).toEqual({
        page: 1,
        size: 20,
        orderByField: 'enrolldate',
        asc: true,
      }),
    );
    // the fake server sorted: the earliest enrolment (2026-01-10) comes first
    await waitFor(() =>
      expect(canvasElement.querySelector('.ag-row[row-index="0"]')).toHaveAttribute('row-id', 'subj-0018'),
    );
    await clickHeader(canvasElement, labelOf('enrolldate'));
    await waitFor(() =>
      expect(rowsRequests(canvasElement).at(-1)).toMatchObject({ orderByField: 'enrolldate', asc: false }),
    );

    await clickHeader(canvasElement, labelOf('status'));
    await waitFor(() =>
      expect(rowsRequests(canvasElement).at(-1)).toEqual({
        page: 1,
        size: 20,
        orderByField: 'status',
        asc: true,
      }),
    );
    // not sortable: no request
    const before = rowsRequests(canvasElement).length;
    await clickHeader(canvasElement, labelOf('comment'));
    await expect(rowsRequests(canvasElement)).toHaveLength(before);
  },
};

/** `timezone`: the same instant (2026-03-02T07:30:00Z) shown in Beijing and in New York. */
export const TimeZones: Story = {
  args: { columns: columns('subjid', 'updatedat', 'updatedatNy') },
  play: async ({ canvasElement }) => {
    await expect(await cell(canvasElement, 'subj-0001', 'updatedat')).toHaveTextContent('2026-03-02 15:30');
    await expect(await cell(canvasElement, 'subj-0001', 'updatedatNy')).toHaveTextContent('2026-03-02 02:30');
  },
};

/** `render`: `tag` (with `filter: 'codelist:SUBJSTATUS'`) draws a chip, `link` a link that opens the row. */
export const CustomRenderers: Story = {
  args: { columns: columns('subjid', 'status', 'enrolldate'), onRowClick: fn() },
  play: async ({ canvasElement, args }) => {
    const status = await cell(canvasElement, 'subj-0001', 'status');
    await waitFor(() => expect(status.querySelector('.meta-tag')).toHaveTextContent(statusLabel('2')));
    const link = within(await cell(canvasElement, 'subj-0001', 'subjid')).getByRole('button', {
      name: 'BJ01-0001',
    });
    await userEvent.click(link);
    await expect(args.onRowClick).toHaveBeenCalledWith(expect.objectContaining({ subjectid: 'subj-0001' }));
  },
};

/** `slotName`: the cell comes from the screen config (here an Open button). */
export const Slot: Story = {
  args: { columns: columns('subjid', 'enrolldate', 'open'), onOpen: fn() },
  play: async ({ canvasElement, args }) => {
    const open = within(await cell(canvasElement, 'subj-0002', 'open')).getByRole('button', {
      name: msg('subjects.open', undefined, true),
    });
    await userEvent.click(open);
    await expect(args.onOpen).toHaveBeenCalledWith(expect.objectContaining({ subjectid: 'subj-0002' }));
  },
};

/** `nowrap` (the default): one line with an ellipsis, the column capped at 400 px even when asked for 600. */
export const NoWrapCapped: Story = {
  args: { columns: columns('subjid', 'comment') },
  play: async ({ canvasElement }) => {
    const comment = await header(canvasElement, labelOf('comment'));
    await expect(parseFloat(comment.style.width)).toBeLessThanOrEqual(NOWRAP_MAX_WIDTH);
    await expect(await cell(canvasElement, 'subj-0003', 'comment')).toHaveTextContent(/A long comment/);
  },
};

const invalidIssues = parseColumns(invalidColumns, defaultFieldTypes()).issues;

/**
 * Bad definitions (columns.invalid.json): each is shown in its header, naming path, prop and what is wrong, with
 * empty cells; the good columns keep working.
 */
export const InvalidColumns: Story = {
  args: { columns: invalidColumns as unknown as RawColumn[] },
  play: async ({ canvasElement }) => {
    for (const issue of invalidIssues) {
      await header(canvasElement, issueMsg(issue));
    }
    // checked when mapped: no cell renderer is called `sparkline`
    await header(
      canvasElement,
      msg('meta.unknownRender', { path: 'columns[3]', prop: 'status', render: 'sparkline' }),
    );
    await expect(await cell(canvasElement, 'subj-0001', 'subjid')).toHaveTextContent('BJ01-0001');
    await expect(await cell(canvasElement, 'subj-0001', 'sitename')).toHaveTextContent('北京协和医院');
  },
};
