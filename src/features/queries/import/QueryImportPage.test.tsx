/**
 * The query import page on the server's fixtures (fixtures/queryImport): the chosen file sent as the upload's file,
 * the assessment with each row's state and the bad rows' problems, send → the good row sent and the bad ones unsent,
 * the report download, and a refusal shown in place.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { queryImportFixtures as fx } from '../../../../fixtures/queryImport';
import {
  createFakeApiClient,
  fakeFailure,
  type FakeHandlers,
} from '../../../../renderers/testing/fakeApiClient';
import { TestProviders } from '../../../testing/renderApp';
import { QueryImportPage } from './QueryImportPage';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function open(handlers: FakeHandlers = {}) {
  const client = createFakeApiClient({
    queryImportList: fx.queryImportList.data,
    queryImportTemplate: fx.queryImportTemplate.data,
    queryImportAssess: fx.queryImportAssess.data,
    queryImportReport: fx.queryImportReport.data,
    queryImportSend: fx.queryImportSend.data,
    queryImportRows: fx.queryImportRows.data,
    ...handlers,
  });
  const save = vi.fn();
  render(
    <TestProviders client={client}>
      <QueryImportPage save={save} />
    </TestProviders>,
  );
  return { client, save };
}

const states = () => screen.getAllByTestId('query-import-row').map((r) => r.getAttribute('data-state'));

describe('the query import page', () => {
  it('assesses the chosen file, shows each row with its problems, sends the good rows', async () => {
    const { client, save } = open();
    expect(screen.getByTestId('query-import-assess')).toBeDisabled();
    await userEvent.upload(
      await screen.findByTestId('query-import-file'),
      new File([new Uint8Array(1024)], 'review.xlsx', { type: XLSX }),
    );
    await userEvent.click(screen.getByTestId('query-import-assess'));
    await waitFor(() => expect(screen.getAllByTestId('query-import-row')).toHaveLength(3));
    const sent = client.calls.find((c) => c.name === 'queryImportAssess')?.options?.body;
    expect((sent?.get('file') as File).name).toBe('review.xlsx');
    expect(states()).toEqual(['unsent', 'unsent', 'unsent']);
    const bad = screen.getAllByTestId('query-import-row')[1]!;
    expect(within(bad).getByTestId('query-import-problem')).toHaveTextContent('SH01-9999');

    await userEvent.click(screen.getByTestId('query-import-report'));
    await waitFor(() => expect(save).toHaveBeenCalledWith(fx.queryImportReport.data));

    await userEvent.click(screen.getByTestId('query-import-send'));
    await waitFor(() => expect(states()).toEqual(['sent', 'unsent', 'unsent']));
    expect(screen.queryByTestId('query-import-send')).toBeNull();
  });

  it("shows the server's refusal in place", async () => {
    open({
      queryImportAssess: () => {
        throw fakeFailure(
          'business',
          '/edc/queryImport/assess.do',
          'upload failed: the file is not an xlsx file',
        );
      },
    });
    await userEvent.upload(
      await screen.findByTestId('query-import-file'),
      new File([new Uint8Array(10)], 'notes.xlsx', { type: XLSX }),
    );
    await userEvent.click(screen.getByTestId('query-import-assess'));
    expect(await screen.findByTestId('query-import-refusal')).toHaveTextContent('not an xlsx file');
    expect(screen.queryByTestId('query-import-row')).toBeNull();
  });
});
