/**
 * A log-line form's rows (adverse events): the form's column set over one page of rows, a pager over the rows,
 * a click opens a row, "Add row" appends one.
 */
import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { LineRow } from '../../engine/api/data';
import type { PageSize } from '../../engine/list/types';
import { aeSchema } from '../../fixtures/forms';
import { LoglineTable } from '../../renderers/ecrf';
import { msg } from '../support/storyText';
import { codeListApi } from './support/EcrfStory';

const TERMS = ['Headache', 'Nausea', 'Dizziness', 'Rash', 'Fatigue', 'Cough', 'Back pain'];

function aeRows(count: number): LineRow[] {
  return Array.from({ length: count }, (_, i) => ({
    lineno: i + 1,
    recordid: `AE-${i + 1}`,
    status: i % 3 === 0 ? '1' : '2',
    updatedat: '2026-11-01T08:00:00.000Z',
    AETERM: TERMS[i % TERMS.length],
    AESTDAT: `2026-10-${String((i % 28) + 1).padStart(2, '0')}`,
    AEENDAT: i % 2 === 0 ? null : `2026-11-${String((i % 20) + 1).padStart(2, '0')}`,
    AEONGO: i % 2 === 0 ? 'Y' : 'N',
    AESEV: 'MILD',
    AESER: 'N',
    AEREL: 'NOT RELATED',
    AEOUT: i % 2 === 0 ? 'NOT RECOVERED' : 'RECOVERED',
  }));
}

function LoglineStory({ total, canAdd }: { total: number; canAdd: boolean }) {
  const all = aeRows(total);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<PageSize>(20);
  const [event, setEvent] = useState('');
  return (
    <div style={{ padding: 16 }}>
      <LoglineTable
        columns={aeSchema.columns ?? []}
        rows={all.slice((page - 1) * size, page * size)}
        total={total}
        innerPage={page}
        size={size}
        onPageChange={setPage}
        onSizeChange={setSize}
        onOpenLine={(lineno) => setEvent(`open ${lineno}`)}
        {...(canAdd ? { onAddLine: () => setEvent('add') } : {})}
        userTimeZone="Asia/Shanghai"
        suppressRowVirtualisation
      />
      <output data-testid="logline-event">{event}</output>
    </div>
  );
}

const meta = {
  title: 'eCRF/Log-line rows',
  component: LoglineStory,
  args: { total: 3, canAdd: true },
  parameters: codeListApi,
} satisfies Meta<typeof LoglineStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Rows shown (a row with a pinned column is drawn in two containers). */
const rowCount = (canvas: HTMLElement) =>
  new Set([...canvas.querySelectorAll('.ag-row[row-id]')].map((r) => r.getAttribute('row-id'))).size;

/** Three adverse events: a click opens the row, "Add row" appends one. */
export const AdverseEvents: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(rowCount(canvasElement)).toBe(3));
    await expect(await canvas.findByText('Nausea')).toBeInTheDocument();
    await userEvent.click(canvas.getByText('Nausea'));
    await expect(canvas.getByTestId('logline-event')).toHaveTextContent('open 2');
    await userEvent.click(canvas.getByRole('button', { name: msg('ecrf.logline.add', undefined, true) }));
    await expect(canvas.getByTestId('logline-event')).toHaveTextContent('add');
    // the YN code list labels the ongoing column
    await waitFor(() => expect(canvas.getAllByText(/^(是|Yes)$/).length).toBeGreaterThan(0));
  },
};

/** Keyboard: Enter on a focused cell opens its row (not only a click). */
export const KeyboardOpen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cell = (await canvas.findByText('Dizziness')).closest<HTMLElement>('.ag-cell');
    await expect(cell).not.toBeNull();
    cell?.focus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByTestId('logline-event')).toHaveTextContent('open 3');
  },
};

/** Many rows: a page at a time. */
export const Paged: Story = {
  args: { total: 45 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(rowCount(canvasElement)).toBe(20));
    await userEvent.click(canvas.getByRole('button', { name: msg('grid.page.last', undefined, true) }));
    await waitFor(() => expect(rowCount(canvasElement)).toBe(5));
  },
};

/** A role without data entry: rows open, no "Add row". */
export const ReadOnly: Story = {
  args: { canAdd: false },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(rowCount(canvasElement)).toBe(3));
    await expect(within(canvasElement).queryByTestId('logline-add')).toBeNull();
  },
};
