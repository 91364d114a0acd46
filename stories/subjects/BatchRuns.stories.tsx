/**
 * Batch runs (docs/casebook-batch-jobs.md), fed by the server's fixtures (fixtures/casebookBatch): a run followed from
 * queued to 'Batch job successfully', a run that failed in its job (why, nothing changed), and the user's runs
 * (Batch runs of the subject list) where a run left while it worked is found again.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { casebookBatchFixtures as fx } from '../../fixtures';
import { BatchRunProgress, BatchRunsList } from '../../src/features/subjects/batchOps/BatchRuns';
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

/** The user's runs (batchjobs.do): each with what it did, its progress and its answer. */
export const MyRuns: StoryObj<typeof BatchRunsList> = {
  render: () => <BatchRunsList pollMs={50} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = await canvas.findAllByTestId('batch-runs-row');
    await expect(rows).toHaveLength(fx.batchJobs.data!.list.length);
    await expect(rows[0]).toHaveAttribute('data-state', 'done');
    await expect(rows[0]).toHaveTextContent(msg('casebook.batchOps.type.uncollected'));
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
