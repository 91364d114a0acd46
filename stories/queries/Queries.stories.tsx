/**
 * Queries (issue 13), fed by the server's fixtures (fixtures/queries): the thread beside an item as a monitor sees it
 * (the system query on SYSBP, with close, requery, forward and a new query), as the site sees it (reply only), the
 * page's queries, and the query overview (/index/queryManage) from the list engine's definitions and rows.
 */
import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import Box from '@mui/material/Box';
import { listDefinitionsUrl, selectColumns, selectSearchFields } from '../../engine/api/lists';
import { QUERY_LIST_KEY, queryModelList, type QueryThread } from '../../engine/api/queries';
import { compileForm } from '../../engine/form';
import type { RawFormSchema } from '../../engine/form/types';
import { queryFixtures } from '../../fixtures';
import type { RecordActionContext } from '../../renderers/actions/recordActions';
import { useApiClient } from '../../renderers/apiClientContext';
import { ListScreen } from '../../renderers/list/ListScreen';
import { QueryThreadDialog } from '../../src/features/queries/QueryThreadDialog';
import { queryListScreen } from '../../src/features/queries/queryListScreen';
import type { AppStoryParameters } from '../support/StoryHarness';
import { ListApi, STORY_TIME_ZONE } from '../support/listStory';
import { msg } from '../support/storyText';

const info = queryFixtures.dataInfoQueried.success ? queryFixtures.dataInfoQueried.data : null;
const threads = (
  queryFixtures.queryListHistory.success ? queryFixtures.queryListHistory.data : []
) as QueryThread[];
const dicts = queryFixtures.queryDictList.success ? queryFixtures.queryDictList.data : null;

interface ThreadStoryProps {
  variable: string | null;
  capabilities: readonly string[];
}

function ThreadStory({ variable, capabilities }: ThreadStoryProps) {
  const client = useApiClient();
  const [ctx] = useState<RecordActionContext>(() => {
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
      userTimeZone: STORY_TIME_ZONE,
      save: async () => true,
      busy: false,
      reload: () => undefined,
    };
  });
  return (
    <QueryThreadDialog ctx={ctx} variable={variable} onClose={() => undefined} onChanged={() => undefined} />
  );
}

const MONITOR = [
  'view',
  'audit',
  'query.view',
  'query.create',
  'query.close',
  'query.forward',
  'query.review',
];
const SITE = ['view', 'enter', 'change', 'audit', 'query.view', 'query.reply'];

const meta = {
  title: 'Queries/Thread',
  component: ThreadStory,
  args: { variable: 'SYSBP', capabilities: MONITOR },
  parameters: {
    app: {
      api: {
        queryListHistory: (p: { variable?: string; page?: boolean }) =>
          threads.filter((t) => (p.page ? t.variable === null : t.variable === p.variable)),
        queryDictList: dicts!,
        queryHistoryRoleList: queryFixtures.queryHistoryRoleList.success
          ? queryFixtures.queryHistoryRoleList.data
          : { forwardTo: [], inHistory: [] },
      },
    } satisfies AppStoryParameters,
  },
} satisfies Meta<typeof ThreadStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** CRA: the open system query with its close, requery, forward; a close without reason refused. */
export const MonitorOnSystemQuery: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const thread = await body.findByTestId('query-thread');
    await expect(await within(thread).findByText('超出预期范围 90 到 140，请核实')).toBeInTheDocument();
    await expect(within(thread).getByTestId('query-status')).toHaveTextContent(msg('queries.status.created'));
    await userEvent.click(within(thread).getByTestId('query-close'));
    await expect(within(thread).getByTestId('query-problem')).toHaveTextContent('关闭原因不能为空');
    await expect(within(thread).getByTestId('query-new')).toBeInTheDocument();
  },
};

/** CRC: reply only (no close, no new query), with the path to change the value. */
export const SiteUserReplies: Story = {
  args: { capabilities: SITE },
  play: async ({ canvasElement }) => {
    const thread = await within(canvasElement.ownerDocument.body).findByTestId('query-thread');
    await expect(await within(thread).findByTestId('query-reply')).toBeInTheDocument();
    await expect(within(thread).queryByTestId('query-close')).toBeNull();
    await expect(within(thread).queryByTestId('query-new')).toBeNull();
    await expect(thread).toHaveTextContent(msg('queries.changeValueHint'));
  },
};

/** A closed thread (PULSE): its whole history, no actions. */
export const ClosedThread: Story = {
  args: { variable: 'PULSE' },
  play: async ({ canvasElement }) => {
    const thread = await within(canvasElement.ownerDocument.body).findByTestId('query-thread');
    const entries = await within(thread).findAllByTestId('query-history-entry');
    await expect(entries.length).toBeGreaterThanOrEqual(4);
    await expect(within(thread).getAllByTestId('query-status')[0]).toHaveTextContent(
      msg('queries.status.closed'),
    );
  },
};

/** The page's queries: none yet, and the monitor may raise a page query. */
export const PageQueries: Story = {
  args: { variable: null },
  play: async ({ canvasElement }) => {
    const thread = await within(canvasElement.ownerDocument.body).findByTestId('query-thread');
    await expect(await within(thread).findByTestId('query-thread-empty')).toBeInTheDocument();
    await expect(within(thread).getByTestId('query-new')).toHaveTextContent(msg('queries.new.page'));
  },
};

/** The overview as a CRA at BJ01 sees it (fixtures: queryModelList.do page 1). */
function OverviewStory() {
  const [config] = useState(() => queryListScreen(() => undefined));
  const page = queryFixtures.queryModelList.success ? queryFixtures.queryModelList.data : null;
  return (
    <ListApi
      setup={() => ({
        paths: {
          [listDefinitionsUrl(selectSearchFields, QUERY_LIST_KEY)]: queryFixtures.querySearchFields.success
            ? queryFixtures.querySearchFields.data
            : [],
          [listDefinitionsUrl(selectColumns, QUERY_LIST_KEY)]: queryFixtures.queryColumns.success
            ? queryFixtures.queryColumns.data
            : [],
          [queryModelList.path]: page ?? { list: [], total: 0, page: 1, size: 20 },
        },
      })}
    >
      <Box sx={{ p: 2 }}>
        <ListScreen
          config={config}
          userTimeZone={STORY_TIME_ZONE}
          gridHeight={420}
          suppressRowVirtualisation
        />
      </Box>
    </ListApi>
  );
}

export const Overview: StoryObj<typeof OverviewStory> = {
  render: () => <OverviewStory />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cells = await canvas.findAllByText('BJ01-0001', {}, { timeout: 10_000 });
    await expect(cells.length).toBe(
      queryFixtures.queryModelList.success ? queryFixtures.queryModelList.data.list.length : 0,
    );
    await expect(canvas.getAllByText('筛选期 / 生命体征').length).toBeGreaterThan(0);
  },
};
