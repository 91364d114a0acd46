import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LineRow } from '../../../engine/api/data';
import { LoglineTable, type LoglineTableProps } from '../../../renderers/ecrf/LoglineTable';
import { TestProviders, text } from '../../testing/renderApp';

/** A datalist's column set; the term column says sortable, which a log-line list is not. */
const columns = [
  { prop: 'AETERM', label: '不良事件名称', sortable: true, render: 'link' },
  { prop: 'AESTDAT', label: '开始日期', sortable: true },
];

function lines(from: number, count: number): LineRow[] {
  return Array.from({ length: count }, (_, i) => ({
    lineno: from + i,
    recordid: `AE-${from + i}`,
    status: '1',
    updatedat: '2026-11-01T08:00:00.000Z',
    AETERM: `事件${from + i}`,
    AESTDAT: '2026-10-01',
  }));
}

function setup(props: Partial<LoglineTableProps> = {}) {
  const handlers = { onOpenLine: vi.fn(), onPageChange: vi.fn(), onSizeChange: vi.fn(), onAddLine: vi.fn() };
  render(
    <TestProviders>
      <LoglineTable
        columns={columns}
        rows={lines(21, 3)}
        total={23}
        innerPage={2}
        size={20}
        userTimeZone="Asia/Shanghai"
        suppressRowVirtualisation
        {...handlers}
        {...props}
      />
    </TestProviders>,
  );
  return handlers;
}

function headerCell(name: string): HTMLElement {
  const header = screen.getByText(name).closest<HTMLElement>('.ag-header-cell');
  if (!header) throw new Error(`no header ${name}`);
  return header;
}

describe('LoglineTable (the shared grid over a datalist)', () => {
  it('opens a line by its lineno from a row click, its link, and Enter, once each', async () => {
    const { onOpenLine } = setup();
    await screen.findByText('事件21');
    await userEvent.click(screen.getAllByText('2026-10-01')[0] as HTMLElement);
    expect(onOpenLine).toHaveBeenLastCalledWith(21);
    await userEvent.click(screen.getByRole('button', { name: '事件22' }));
    expect(onOpenLine).toHaveBeenLastCalledWith(22);
    const cell = screen.getAllByText('2026-10-01')[2]?.closest<HTMLElement>('.ag-cell');
    cell?.focus();
    await userEvent.keyboard('{Enter}');
    expect(onOpenLine).toHaveBeenLastCalledWith(23);
    expect(onOpenLine).toHaveBeenCalledTimes(3);
  });

  it('sorts on no header, whatever the column set says', async () => {
    setup();
    await screen.findByText('事件21');
    expect(headerCell('不良事件名称')).not.toHaveClass('ag-header-cell-sortable');
    expect(headerCell('开始日期')).not.toHaveClass('ag-header-cell-sortable');
  });

  it('pages over innerPage and total, and adds a row', async () => {
    const { onPageChange, onAddLine } = setup();
    await screen.findByText('事件21');
    await userEvent.click(screen.getByRole('button', { name: text('grid.page.previous') }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
    expect(screen.getByRole('button', { name: text('grid.page.next') })).toBeDisabled();
    await userEvent.click(screen.getByTestId('logline-add'));
    expect(onAddLine).toHaveBeenCalledTimes(1);
  });

  it('keeps the rows of the last page, with a progress bar once the next takes longer than a moment', async () => {
    setup({ loading: true });
    expect(await screen.findByText('事件21')).toBeInTheDocument();
    // over rows already shown the bar waits PROGRESS_DELAY_MS (renderers/grid/MetaGridView.tsx): a quick page change
    // draws none
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    expect(screen.getByText('事件21')).toBeInTheDocument();
  });

  it('says a failed page above the grid, with a retry', async () => {
    const retry = vi.fn();
    setup({ error: { msg: '无权访问', retry } });
    const failed = await screen.findByTestId('meta-grid-error');
    expect(failed).toHaveTextContent('无权访问');
    await userEvent.click(within(failed).getByRole('button', { name: text('grid.retry') }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('says an empty log in its own words', async () => {
    setup({ rows: [], total: 0, innerPage: 1 });
    expect(await screen.findByText(text('ecrf.logline.empty'))).toBeInTheDocument();
  });
});
