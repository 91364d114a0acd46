/**
 * AsyncView: one load in place, as every page shows it (useEndpoint's state): a spinner while it loads, a failure
 * to get an answer with a Retry, the server's own refusal without one, an empty answer, and the answer.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { VisitRow } from '../engine/api/visits';
import { visitList } from '../engine/api/visits';
import { AsyncView } from '../renderers/async/AsyncView';
import { useEndpoint } from '../renderers/async/useEndpoint';
import { fakeFailure, pending } from '../renderers/testing/fakeApiClient';
import type { AppStoryParameters } from './support/StoryHarness';
import { msg } from './support/storyText';

const visits: VisitRow[] = [
  {
    visitnum: 'V1',
    cycnum: 1,
    svnum: 1,
    name: { zh_CN: '筛选期', en: 'Screening' },
    visitdate: '2026-01-05',
    status: '2',
    formCount: 2,
    enteredCount: 2,
    kind: 'scheduled',
    added: false,
    mark: null,
    actions: [],
  },
];

/** The visits of one subject through useEndpoint and AsyncView (generic texts: no page-specific ones given). */
function VisitsLoad() {
  const state = useEndpoint(visitList, { subjectid: 'subj-1' });
  return (
    <div style={{ padding: 24, maxWidth: 560 }}>
      <AsyncView state={state} data-testid="visits">
        {(list) => (
          <ul data-testid="visits-ready">
            {list.map((v) => (
              <li key={v.visitnum}>{v.visitnum}</li>
            ))}
          </ul>
        )}
      </AsyncView>
    </div>
  );
}

const app = (visitListAnswer: NonNullable<AppStoryParameters['api']>['visitList']): AppStoryParameters => ({
  api: { visitList: visitListAnswer },
});

const meta = {
  title: 'Building blocks/AsyncView',
  component: VisitsLoad,
} satisfies Meta<typeof VisitsLoad>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The answer has not arrived: a spinner, nothing else. */
export const Loading: Story = {
  parameters: { app: app(() => pending()) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('progressbar')).toBeTruthy();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** No answer (network, server error): the failure in place with a Retry, which asks again and shows the answer. */
export const FailedWithRetry: Story = {
  parameters: {
    app: app(
      (() => {
        // every other call fails: the first of each visit of the story, then its retry answers
        let calls = 0;
        return () => {
          calls += 1;
          if (calls % 2 === 1) throw fakeFailure('network', visitList.path);
          return visits;
        };
      })(),
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const failed = await canvas.findByTestId('visits-failed');
    await expect(failed).toHaveTextContent(msg('async.failed'));
    await userEvent.click(within(failed).getByRole('button', { name: msg('async.retry', {}, true) }));
    await waitFor(() => expect(canvas.getByTestId('visits-ready')).toHaveTextContent('V1'));
  },
};

/** The server said no: its own message, and no Retry (it would say no again). */
export const Refused: Story = {
  parameters: {
    app: app(() => {
      throw fakeFailure('business', visitList.path, '受试者不存在或不在您负责的中心');
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const refused = await canvas.findByTestId('visits-refused');
    await expect(refused).toHaveTextContent('受试者不存在或不在您负责的中心');
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** An empty answer says so instead of drawing an empty list. */
export const Empty: Story = {
  parameters: { app: app([]) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('visits-empty')).toHaveTextContent(msg('async.empty'));
    await expect(canvas.queryByTestId('visits-ready')).toBeNull();
  },
};

/** The answer. */
export const Ready: Story = {
  parameters: { app: app(visits) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('visits-ready')).toHaveTextContent('V1');
  },
};
