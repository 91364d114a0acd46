/**
 * Batch runs (docs/casebook-batch-jobs.md), fed by the server's fixtures (fixtures/casebookBatch): a run followed from
 * queued to 'Batch job successfully', a run that failed in its job (why, nothing changed), and the user's runs
 * (Batch runs of the subject list) where a run left while it worked is found again.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { casebookBatchFixtures as fx } from '../../fixtures';
import { BatchRunProgress, BatchRunsList } from '../../src/features/subjects/batchOps/BatchRuns';
import { batchJob } from '../../engine/api/casebookBatch';
import { formatDateInZone } from '../../engine/fieldTypes/dates';
import { fakeFailure } from '../../renderers/testing/fakeApiClient';
import type { AppStoryParameters } from '../support/StoryHarness';
import { msg } from '../support/storyText';

const started = fx.batchRun.data!;
const done = fx.batchJob.data!;

const meta = {
  title: 'Subjects/Batch runs',
  component: BatchRunProgress,
  args: { started, onEnded: fn(), pollMs: 50 },
  parameters: { app: { api: { batchJob: done, batchJobs: fx.batchJobs.data } } satisfies AppStoryParameters },
} satisfies Meta<typeof BatchRunProgress>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Queued when started, followed to its end: full progress and 'Batch job successfully'. */
export const FollowedToTheEnd: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('batch-ops-done')).toHaveTextContent(/Batch job successfully/);
    await expect(canvas.getByTestId('batch-run')).toHaveAttribute('data-state', 'done');
    await expect(canvas.getByTestId('batch-run-count')).toHaveTextContent(`${done.total} / ${done.total}`);
    await waitFor(() => expect(args.onEnded).toHaveBeenCalledWith(done));
  },
};

/** Failed in its job (the casebooks changed after the preview): why, and nothing was changed. */
export const FailedInItsJob: Story = {
  parameters: {
    app: {
      api: {
        batchJob: {
          ...done,
          state: 'failed',
          done: 0,
          message: null,
          error: '预览之后病例已有变化，未做任何修改：请重新预览',
        },
      },
    } satisfies AppStoryParameters,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('batch-run-error')).toHaveTextContent('请重新预览');
    await expect(canvas.queryByTestId('batch-ops-done')).toBeNull();
  },
};

/** Failed without a message from the job: the red alert says it failed, never an empty alert. */
export const FailedWithoutMessage: Story = {
  parameters: {
    app: {
      api: { batchJob: { ...done, state: 'failed', done: 0, message: null, error: null } },
    } satisfies AppStoryParameters,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('batch-run-error')).toHaveTextContent(
      msg('casebook.batchOps.runFailed'),
    );
  },
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let refusedPolls = 0;

/**
 * The poll is refused (the run is gone, the session changed): the server's message, the polling stops — not a run
 * left "queued" and asked every second for ever.
 */
export const PollRefused: Story = {
  parameters: {
    app: {
      api: {
        batchJob: () => {
          refusedPolls += 1;
          throw fakeFailure('business', batchJob.path, '没有这个批量运行');
        },
      },
    } satisfies AppStoryParameters,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('batch-run-poll-refused')).toHaveTextContent('没有这个批量运行');
    const polls = refusedPolls;
    await wait(300); // six poll delays
    await expect(refusedPolls).toBe(polls);
    await expect(canvas.queryByTestId('batch-run-leave')).toBeNull();
  },
};

let retried = false;

/** A poll fails (network): said so with a retry, polling stops; the retry follows the run again to its end. */
export const PollFailedThenRetried: Story = {
  parameters: {
    app: {
      api: {
        batchJob: () => {
          if (!retried) throw fakeFailure('network', batchJob.path);
          return done;
        },
      },
    } satisfies AppStoryParameters,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const failed = await canvas.findByTestId('batch-run-poll-failed');
    await expect(failed).toHaveTextContent(msg('casebook.batchOps.pollFailed'));
    await expect(canvas.getByTestId('batch-run')).toHaveAttribute('data-state', 'queued');
    retried = true;
    await userEvent.click(within(failed).getByRole('button'));
    await expect(await canvas.findByTestId('batch-ops-done')).toHaveTextContent(/Batch job successfully/);
    await expect(canvas.queryByTestId('batch-run-poll-failed')).toBeNull();
  },
};

/** The user's runs (batchjobs.do): each with what it did, its progress and its answer. */
export const MyRuns: StoryObj<typeof BatchRunsList> = {
  render: () => <BatchRunsList pollMs={50} />,
  parameters: {
    app: { api: { batchJobs: fx.batchJobs.data, eventType: fx.eventType.data } } satisfies AppStoryParameters,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = await canvas.findAllByTestId('batch-runs-row');
    await expect(rows).toHaveLength(fx.batchJobs.data!.list.length);
    await expect(rows[0]).toHaveAttribute('data-state', 'done');
    await expect(rows[0]).toHaveTextContent(msg('casebook.batchOps.type.uncollected'));
    // the visit and form by their names in the schedule, the time in the user's zone (no login info: the browser's)
    await waitFor(() => expect(rows[0]).toHaveTextContent(/第 4 周|Week 4/));
    await expect(rows[0]).toHaveTextContent(/实验室检查|Laboratory tests/);
    const first = fx.batchJobs.data!.list[0]!;
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    await expect(within(rows[0]!).getByTestId('batch-runs-at')).toHaveTextContent(
      formatDateInZone(first.createdat, zone, true),
    );
    await expect(within(rows[0]!).getByRole('progressbar')).toHaveAccessibleName(
      msg('casebook.batchOps.runs.progressLabel', { done: first.done, total: first.total }),
    );
    await expect(within(rows[0]!).getByTestId('batch-runs-answer')).toHaveTextContent(
      /Batch job successfully/,
    );
  },
};

/** No run yet: said so. */
export const NoRuns: StoryObj<typeof BatchRunsList> = {
  render: () => <BatchRunsList />,
  parameters: { app: { api: { batchJobs: { list: [] } } } satisfies AppStoryParameters },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('batch-runs-empty')).toHaveTextContent(
      msg('casebook.batchOps.runs.empty'),
    );
  },
};
