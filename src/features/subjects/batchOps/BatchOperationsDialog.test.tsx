/**
 * The 3-step batch operations dialog on the server's fixtures (fixtures/casebookBatch/): each step's required fields
 * before the next, a preview of what will change before anything runs, then the run with the preview's token — a job
 * followed with its progress (batchjob.do) up to 'Batch job successfully'; a refusal of the run is shown in place.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { casebookBatchFixtures, subjectFixtures, visitFixtures } from '../../../../fixtures';
import {
  createFakeApiClient,
  fakeFailure,
  type FakeHandlers,
} from '../../../../renderers/testing/fakeApiClient';
import { TestProviders, text } from '../../../testing/renderApp';
import { BatchOperationsDialog } from './BatchOperationsDialog';

const preview = casebookBatchFixtures.batchPreview.data!;
const selected = preview.pages.map((p) => ({ subjectid: p.subjectid, subjid: p.subjid }));

const done = casebookBatchFixtures.batchJob.data!;
/** batchjob.do: running half-way on the first ask, done after. */
function following() {
  let asked = 0;
  return () => {
    asked += 1;
    return asked === 1
      ? { ...done, state: 'running' as const, done: 1, message: null, finishedat: null }
      : done;
  };
}

function client(overrides: FakeHandlers = {}) {
  return createFakeApiClient({
    getCrfVer: subjectFixtures.getCrfVer.data,
    eventType: casebookBatchFixtures.eventType.data,
    invalidationReason: visitFixtures.invalidationReason.data,
    codeList: [{ codevalue: 'site-bj01', codedesp: 'BJ01 Beijing Demo Hospital' }],
    batchPreview: preview,
    batchRun: casebookBatchFixtures.batchRun.data,
    batchJob: following(),
    ...overrides,
  });
}

async function choose(testId: string, option: RegExp) {
  await userEvent.click(await screen.findByTestId(testId));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

async function throughSteps(fake: ReturnType<typeof client>, onDone = vi.fn()) {
  render(
    <TestProviders client={fake}>
      <BatchOperationsDialog selected={selected} onClose={vi.fn()} onDone={onDone} pollMs={20} />
    </TestProviders>,
  );
  // step 1: nothing chosen, no next step
  await userEvent.click(await screen.findByTestId('batch-ops-next'));
  expect(screen.getAllByText(text('casebook.required')).length).toBeGreaterThan(0);
  expect(screen.queryByTestId('batch-ops-visit')).toBeNull();
  await choose('batch-ops-type', new RegExp(text('casebook.batchOps.type.uncollected')));
  await choose('batch-ops-version', /eCRF V1.1/);
  await userEvent.click(screen.getByTestId('batch-ops-next'));
  // step 2: visit, form (of that visit), date (today by default), reason
  await choose('batch-ops-visit', /^V3/);
  await choose('batch-ops-form', /^LB/);
  await choose('batch-ops-reason', /检查未做/);
  await userEvent.click(screen.getByTestId('batch-ops-next'));
  // step 3: the chosen site, the selected subjects
  expect(await screen.findByDisplayValue('BJ01 Beijing Demo Hospital')).toBeInTheDocument();
  return onDone;
}

describe('batch operations', () => {
  it('walks the 3 steps, previews what will change, then runs it with the preview token', async () => {
    const fake = client();
    const onDone = await throughSteps(fake);
    expect(screen.getByTestId('batch-ops-run')).toBeDisabled();
    await userEvent.click(screen.getByTestId('batch-ops-preview'));
    expect(await screen.findByTestId('batch-ops-counts')).toHaveTextContent(String(preview.counts.pages));
    expect(screen.getAllByTestId('batch-ops-page')).toHaveLength(preview.pages.length);
    expect(fake.paramsOf('batchRun')).toHaveLength(0);
    const [sent] = fake.paramsOf('batchPreview');
    expect(sent).toMatchObject({
      type: 'uncollected',
      crfver: 'CRF-1.1',
      visitnum: 'V3',
      tid: 'LB',
      reasoncode: 'NOT_DONE',
      subjectids: selected.map((s) => s.subjectid),
    });
    expect(String((sent as { date: string }).date)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await userEvent.click(screen.getByTestId('batch-ops-run'));
    // the job: queued, then followed while it runs (the dialog may be left), then its answer
    expect(await screen.findByTestId('batch-run-leave')).toBeInTheDocument();
    expect(await screen.findByTestId('batch-ops-done')).toHaveTextContent('Batch job successfully');
    expect(screen.getByTestId('batch-run')).toHaveAttribute('data-state', 'done');
    expect(screen.getByTestId('batch-run-count')).toHaveTextContent(`${done.total} / ${done.total}`);
    expect(screen.queryByTestId('batch-run-leave')).toBeNull();
    expect(fake.paramsOf('batchRun')).toEqual([{ ...(sent as object), token: preview.token }]);
    // asked again while it ran (at least once after the first answer), always about this run
    const asked = fake.paramsOf('batchJob');
    expect(asked.length).toBeGreaterThanOrEqual(2);
    expect(new Set(asked.map((p) => JSON.stringify(p)))).toEqual(
      new Set([JSON.stringify({ jobid: casebookBatchFixtures.batchRun.data!.jobid })]),
    );
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('shows a refused run in place and keeps the choices', async () => {
    const fake = client({
      batchRun: () => {
        throw fakeFailure('business', '/edc/visit/batchrun.do', 'The casebooks changed since the preview');
      },
    });
    const onDone = await throughSteps(fake);
    await userEvent.click(screen.getByTestId('batch-ops-preview'));
    await screen.findByTestId('batch-ops-counts');
    await userEvent.click(screen.getByTestId('batch-ops-run'));
    expect(await screen.findByTestId('batch-ops-refusal')).toHaveTextContent('changed since the preview');
    await waitFor(() => expect(screen.queryByTestId('batch-ops-done')).toBeNull());
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe('a run that fails in its job', () => {
  it('says why, and the list is not read again', async () => {
    const fake = client({
      batchJob: {
        ...done,
        state: 'failed',
        message: null,
        error: 'The casebooks changed since the preview; nothing was changed: preview again',
      },
    });
    const onDone = await throughSteps(fake);
    await userEvent.click(screen.getByTestId('batch-ops-preview'));
    await screen.findByTestId('batch-ops-counts');
    await userEvent.click(screen.getByTestId('batch-ops-run'));
    expect(await screen.findByTestId('batch-run-error')).toHaveTextContent('preview again');
    expect(screen.queryByTestId('batch-ops-done')).toBeNull();
    expect(onDone).not.toHaveBeenCalled();
  });
});
