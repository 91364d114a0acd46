/**
 * The query import page (/index/queryImport; docs/query-import.md), fed by the server's fixtures
 * (fixtures/queryImport): a file with one good row and two bad ones assessed (each row unsent, the bad ones with their
 * problem, the report downloadable), then sent (the good row sent, the bad ones still unsent).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { queryImportFixtures as fx } from '../../fixtures/queryImport';
import { QueryImportPage } from '../../src/features/queries/import/QueryImportPage';
import type { AppStoryParameters } from '../support/StoryHarness';

const body = () => within(document.body);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const states = () =>
  body()
    .getAllByTestId('query-import-row')
    .map((r) => r.getAttribute('data-state'));

const meta = {
  title: 'Queries/Query import',
  component: QueryImportPage,
  args: { save: fn() },
  parameters: {
    app: {
      api: {
        queryImportList: fx.queryImportList.data,
        queryImportTemplate: fx.queryImportTemplate.data,
        queryImportAssess: fx.queryImportAssess.data,
        queryImportReport: fx.queryImportReport.data,
        queryImportSend: fx.queryImportSend.data,
        queryImportRows: fx.queryImportRows.data,
      },
    } satisfies AppStoryParameters,
  },
} satisfies Meta<typeof QueryImportPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Assessed: every row unsent, the bad rows with their problem; sent: the good row sent, the bad ones not. */
export const AssessedThenSent: Story = {
  play: async ({ args }) => {
    const input = await body().findByTestId('query-import-file');
    await userEvent.upload(input, new File([new Uint8Array(64)], 'review.xlsx', { type: XLSX }));
    await userEvent.click(body().getByTestId('query-import-assess'));
    await waitFor(() => expect(states()).toEqual(['unsent', 'unsent', 'unsent']));
    await userEvent.click(body().getByTestId('query-import-report'));
    await waitFor(() => expect(args.save).toHaveBeenCalledWith(fx.queryImportReport.data));
    await userEvent.click(body().getByTestId('query-import-send'));
    await waitFor(() => expect(states()).toEqual(['sent', 'unsent', 'unsent']));
  },
};
