/**
 * The query thread dialog with the server's fixtures (fixtures/queries): a monitor's close without a reason is refused
 * with the spec's message and sends nothing; a site user's reply is sent with the query's `updatedat`, the thread is
 * read again and the item's state follows (answered); buttons follow the capabilities.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { compileForm } from '../../../engine/form';
import type { RawFormSchema } from '../../../engine/form/types';
import { itemQueryOf, type QueryThread } from '../../../engine/api/queries';
import { queryFixtures } from '../../../fixtures/index';
import type { RecordActionContext } from '../../../renderers/actions/recordActions';
import { createFakeApiClient, type FakeApiClient } from '../../../renderers/testing/fakeApiClient';
import { TestProviders, text } from '../../testing/renderApp';
import { BulkCloseDialog } from './BulkCloseDialog';
import { QueryThreadDialog } from './QueryThreadDialog';

const info = queryFixtures.dataInfoQueried.success ? queryFixtures.dataInfoQueried.data : null;
const all = (
  queryFixtures.queryListHistory.success ? queryFixtures.queryListHistory.data : []
) as QueryThread[];
const dicts = queryFixtures.queryDictList.success ? queryFixtures.queryDictList.data : null;
const systemQuery = all.find((t) => t.variable === 'SYSBP')!;

function ctxOf(client: FakeApiClient, capabilities: string[]): RecordActionContext {
  const compiled = compileForm(info!.schema as RawFormSchema);
  if (!compiled.ok) throw new Error('VS does not compile');
  return {
    form: compiled.form,
    record: info!.record,
    capabilities: new Set(capabilities),
    keys: { subjectid: 'subj-bj01-0001', visitnum: 'V1', cycnum: 1, svnum: 1, tid: 'VS' },
    lineno: null,
    client,
    controller: { current: null },
    userTimeZone: 'Asia/Shanghai',
    save: async () => true,
    busy: false,
    reload: () => undefined,
  };
}

function open(client: FakeApiClient, capabilities: string[], onChanged = vi.fn()) {
  render(
    <TestProviders client={client}>
      <QueryThreadDialog
        ctx={ctxOf(client, capabilities)}
        variable="SYSBP"
        onClose={() => undefined}
        onChanged={onChanged}
      />
    </TestProviders>,
  );
  return onChanged;
}

describe('the query thread', () => {
  it('shows the system query with who, role, when and its text; a close without a reason is refused with the spec message', async () => {
    const client = createFakeApiClient({ queryListHistory: [systemQuery], queryDictList: dicts! });
    open(client, [
      'view',
      'audit',
      'query.view',
      'query.create',
      'query.close',
      'query.forward',
      'query.review',
    ]);
    const card = await screen.findByTestId(`query-${systemQuery.queryid}`);
    expect(within(card).getByTestId('query-status')).toHaveTextContent(text('queries.status.created'));
    expect(card).toHaveTextContent('超出预期范围 90 到 140，请核实');
    expect(card).toHaveTextContent('(crc.li)');
    expect(within(card).queryByTestId('query-reply')).toBeNull();
    await userEvent.click(within(card).getByTestId('query-close'));
    expect(within(card).getByTestId('query-problem')).toHaveTextContent('关闭原因不能为空');
    expect(client.paramsOf('closeQuery')).toEqual([]);
  });

  it('names issue type and protocol deviation by the study dictionary, not by code', async () => {
    const pd = dicts!.pdTypes[0]!;
    const sub = pd.subtypes[0]!;
    const issue = dicts!.addReasons[0]!;
    const thread = { ...systemQuery, issuetype: issue.code, pdtype: pd.code, pdsubtype: sub.code };
    const client = createFakeApiClient({ queryListHistory: [thread], queryDictList: dicts! });
    open(client, ['query.view']);
    const card = await screen.findByTestId(`query-${systemQuery.queryid}`);
    expect(await within(card).findByTestId('query-issuetype')).toHaveTextContent(
      typeof issue.text === 'string' ? issue.text : issue.text.zh_CN,
    );
    const pdText = within(card).getByTestId('query-pd').textContent ?? '';
    expect(pdText).not.toContain(pd.code);
    expect(pdText).not.toContain(sub.code);
  });

  it('a reply is sent with the query as read; the thread is read again and the item state becomes answered', async () => {
    let threads: QueryThread[] = [systemQuery];
    const client = createFakeApiClient({
      queryListHistory: () => threads,
      queryDictList: dicts!,
      replyQuery: () => {
        threads = [{ ...systemQuery, querystatus: 'answered', updatedat: '2026-03-02T02:00:00.000Z' }];
        return threads[0]!;
      },
    });
    const onChanged = open(client, ['view', 'change', 'query.view', 'query.reply']);
    const card = await screen.findByTestId(`query-${systemQuery.queryid}`);
    expect(within(card).queryByTestId('query-close')).toBeNull();
    await userEvent.click(within(card).getByTestId('query-reply'));
    expect(within(card).getByTestId('query-problem')).toHaveTextContent(text('queries.textRequired'));
    await userEvent.type(within(card).getByTestId('query-text'), 'Re-measured: 150 confirmed');
    await userEvent.click(within(card).getByTestId('query-reply'));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(client.paramsOf('replyQuery')).toEqual([
      expect.objectContaining({
        queryid: systemQuery.queryid,
        action: 'reply',
        note: 'Re-measured: 150 confirmed',
        updatedat: systemQuery.updatedat,
      }),
    ]);
    const changed = onChanged.mock.calls[0]![0] as QueryThread[];
    expect(itemQueryOf(changed)).toEqual({ state: 'answered', count: 1 });
    expect(await screen.findByTestId('query-status')).toHaveTextContent(text('queries.status.answered'));
  });

  it('a refusal of the server is shown in place and what was typed stays', async () => {
    const client = createFakeApiClient({
      queryListHistory: [systemQuery],
      queryDictList: dicts!,
      replyQuery: () => {
        throw Object.assign(new Error('x'), { msg: 'x' });
      },
    });
    open(client, ['query.view', 'query.reply']);
    const card = await screen.findByTestId(`query-${systemQuery.queryid}`);
    await userEvent.type(within(card).getByTestId('query-text'), 'answer');
    await userEvent.click(within(card).getByTestId('query-reply'));
    expect(await within(card).findByTestId('query-problem')).toHaveTextContent(text('queries.actionFailed'));
    expect(within(card).getByTestId('query-text')).toHaveValue('answer');
  });
});

describe('after an accepted action', () => {
  it('a failed re-read of the thread is not shown as the reply failing (no invitation to send it twice)', async () => {
    let reads = 0;
    const client = createFakeApiClient({
      queryListHistory: () => {
        reads += 1;
        if (reads === 2) throw Object.assign(new Error('offline'), { msg: 'offline' });
        return [systemQuery];
      },
      queryDictList: dicts!,
      replyQuery: () => ({ ...systemQuery, querystatus: 'answered' }),
    });
    open(client, ['query.view', 'query.reply']);
    const card = await screen.findByTestId(`query-${systemQuery.queryid}`);
    await userEvent.type(within(card).getByTestId('query-text'), 'answer');
    await userEvent.click(within(card).getByTestId('query-reply'));
    await waitFor(() => expect(reads).toBeGreaterThanOrEqual(3));
    expect(client.paramsOf('replyQuery')).toHaveLength(1);
    const after = await screen.findByTestId(`query-${systemQuery.queryid}`);
    expect(within(after).queryByTestId('query-problem')).toBeNull();
    expect(within(after).getByTestId('query-text')).toHaveValue('');
  });
});

describe('the overview’s bulk close', () => {
  it('needs a reason; then closes every selected query in one request and reads the list again', async () => {
    const client = createFakeApiClient({ queryDictList: dicts!, closeQuery: [] });
    const reload = vi.fn();
    const onClose = vi.fn();
    render(
      <TestProviders client={client}>
        <BulkCloseDialog
          ctx={{ query: {} as never, params: {}, reload }}
          selected={[{ queryid: '3' }, { queryid: '4' }]}
          onClose={onClose}
        />
      </TestProviders>,
    );
    await userEvent.click(screen.getByTestId('bulk-close-save'));
    expect(screen.getByTestId('bulk-close-problem')).toHaveTextContent('关闭原因不能为空');
    expect(client.paramsOf('closeQuery')).toEqual([]);
    await userEvent.click(screen.getByRole('combobox'));
    await userEvent.click(await screen.findByRole('option', { name: '数据已更正' }));
    await userEvent.click(screen.getByTestId('bulk-close-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(client.paramsOf('closeQuery')).toEqual([{ queryids: ['3', '4'], reason: 'RESOLVED', note: null }]);
    expect(reload).toHaveBeenCalled();
  });
});
