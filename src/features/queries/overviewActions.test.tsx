/**
 * The overview's bulk forward and export dialogs (docs/queries.md) on the server's fixtures: a forward needs a role
 * and a note before anything is sent, then sends the selected ids in one request and reloads the list; the export
 * sends the overview's own params and shows the server's refusal (more than 10,000 rows) in place.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { queryFixtures } from '../../../fixtures';
import { createFakeApiClient, fakeFailure } from '../../../renderers/testing/fakeApiClient';
import { TestProviders } from '../../testing/renderApp';
import { BulkForwardDialog } from './BulkForwardDialog';
import { ExportQueriesDialog } from './ExportQueriesDialog';

describe('the overview bulk forward', () => {
  it('asks for a role and a note, then forwards the selected queries in one request', async () => {
    const client = createFakeApiClient({
      queryHistoryRoleList: queryFixtures.queryHistoryRoleList.data,
      forwardQueries: queryFixtures.forwardQueries.data,
    });
    const reload = vi.fn();
    const onClose = vi.fn();
    render(
      <TestProviders client={client}>
        <BulkForwardDialog
          ctx={{ query: {} as never, params: {}, reload }}
          selected={[{ queryid: '3' }, { queryid: '4' }]}
          onClose={onClose}
        />
      </TestProviders>,
    );
    await userEvent.click(screen.getByTestId('bulk-forward-save'));
    expect(screen.getByTestId('bulk-forward-problem')).toHaveTextContent('请选择转发的角色');
    await userEvent.click(screen.getByRole('combobox'));
    const options = await screen.findAllByRole('option');
    await userEvent.click(options[0]!);
    await userEvent.click(screen.getByTestId('bulk-forward-save'));
    expect(client.paramsOf('forwardQueries')).toEqual([]);
    await userEvent.type(screen.getByRole('textbox'), '请确认');
    await userEvent.click(screen.getByTestId('bulk-forward-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(client.paramsOf('forwardQueries')).toEqual([
      { queryids: ['3', '4'], torole: expect.any(String), note: '请确认' },
    ]);
    expect(reload).toHaveBeenCalled();
  });
});

describe('the overview export', () => {
  it("sends the overview's params and shows a refusal in place", async () => {
    const client = createFakeApiClient({
      queryExport: () => {
        throw fakeFailure(
          'business',
          '/edc/query/queryExport.do',
          '12000 queries match: please narrow the search',
        );
      },
    });
    render(
      <TestProviders client={client}>
        <ExportQueriesDialog
          ctx={{
            query: {} as never,
            params: { page: 1, size: 20, querystatus: ['created'] },
            reload: vi.fn(),
          }}
          onClose={vi.fn()}
        />
      </TestProviders>,
    );
    expect(await screen.findByTestId('query-export-problem')).toHaveTextContent('narrow the search');
    expect(client.paramsOf('queryExport')).toEqual([{ page: 1, size: 20, querystatus: ['created'] }]);
  });
});
