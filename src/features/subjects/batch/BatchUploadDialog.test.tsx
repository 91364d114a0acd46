/**
 * The batch upload dialog on the server's fixtures: the file sent as the upload's file (one, at most 30M), the
 * assessment with its problems per row and the report, no import while a row has a problem, the import of a clean
 * file with its result, a refusal shown in place, and the template download.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { subjectManagementFixtures as fx } from '../../../../fixtures/subjectManagement';
import {
  createFakeApiClient,
  fakeFailure,
  type FakeHandlers,
} from '../../../../renderers/testing/fakeApiClient';
import { TestProviders, text } from '../../../testing/renderApp';
import { BatchUploadDialog } from './BatchUploadDialog';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function open(handlers: FakeHandlers = {}) {
  const client = createFakeApiClient({
    subjectBatchTemplate: fx.subjectBatchTemplate.data,
    subjectBatchAssess: fx.subjectBatchAssessErrors.data,
    subjectBatchReport: fx.subjectBatchReport.data,
    subjectBatchImport: fx.subjectBatchImport.data,
    ...handlers,
  });
  const save = vi.fn();
  const onImported = vi.fn();
  const onClose = vi.fn();
  render(
    <TestProviders client={client}>
      <BatchUploadDialog onClose={onClose} onImported={onImported} save={save} />
    </TestProviders>,
  );
  return { client, save, onImported, onClose };
}

const workbook = (name = 'subjects.xlsx', size = 2048) =>
  new File([new Uint8Array(size)], name, { type: XLSX });

async function choose(file: File) {
  await userEvent.upload(await screen.findByTestId('batch-file-input'), file);
}

describe('the batch upload dialog', () => {
  it('sends the chosen file for assessment and lists the problems per row; no import then', async () => {
    const { client, save } = open();
    expect(screen.getByTestId('batch-assess')).toBeDisabled();
    const file = workbook('subjects-batch.errors.xlsx');
    await choose(file);
    expect(screen.getByTestId('batch-file-name')).toHaveTextContent('subjects-batch.errors.xlsx');
    await userEvent.click(screen.getByTestId('batch-assess'));
    await waitFor(() => expect(screen.getAllByTestId('batch-problem')).toHaveLength(5));
    const sent = client.calls.find((c) => c.name === 'subjectBatchAssess')?.options?.body;
    expect(sent?.get('file')).toBeInstanceOf(File);
    expect((sent?.get('file') as File).name).toBe('subjects-batch.errors.xlsx');
    expect(screen.getAllByTestId('batch-problem')[0]).toHaveTextContent('BJ01-0001');
    expect(screen.getByTestId('batch-assessment-summary')).toHaveTextContent('5');
    expect(screen.getByTestId('batch-import')).toBeDisabled();
    await userEvent.click(screen.getByTestId('batch-download-report'));
    await waitFor(() => expect(save).toHaveBeenCalledWith(fx.subjectBatchReport.data));
    expect(client.paramsOf('subjectBatchReport')).toEqual([
      { assessmentid: fx.subjectBatchAssessErrors.data.assessmentid },
    ]);
    expect(client.paramsOf('subjectBatchImport')).toEqual([]);
  });

  it('imports a clean file after its assessment and shows the result', async () => {
    const { client, onImported } = open({ subjectBatchAssess: fx.subjectBatchAssess.data });
    await choose(workbook());
    await userEvent.click(screen.getByTestId('batch-assess'));
    const importButton = await screen.findByTestId('batch-import');
    await waitFor(() => expect(importButton).toBeEnabled());
    await userEvent.click(importButton);
    expect(await screen.findByTestId('batch-result')).toHaveTextContent('BJ01-0041');
    expect(client.paramsOf('subjectBatchImport')).toEqual([
      { assessmentid: fx.subjectBatchAssess.data.assessmentid },
    ]);
    expect(onImported).toHaveBeenCalledWith(fx.subjectBatchImport.data);
  });

  it('refuses a file over 30M before sending it, and shows the server refusal of a wrong file in place', async () => {
    const big = workbook('big.xlsx', 1);
    Object.defineProperty(big, 'size', { value: 30 * 1024 * 1024 + 1 });
    const { client } = open({
      subjectBatchAssess: () => {
        throw fakeFailure(
          'business',
          '/edc/subject/batchassess.do',
          'upload failed: the file is not an xlsx file',
        );
      },
    });
    await choose(big);
    expect(screen.getByTestId('batch-refusal')).toHaveTextContent(
      text('casebook.batch.tooLarge').replace('{max}', '30M'),
    );
    expect(screen.getByTestId('batch-assess')).toBeDisabled();
    await choose(workbook('renamed.xlsx'));
    await userEvent.click(screen.getByTestId('batch-assess'));
    expect(await screen.findByTestId('batch-refusal')).toHaveTextContent(
      'upload failed: the file is not an xlsx file',
    );
    expect(client.paramsOf('subjectBatchAssess')).toHaveLength(1);
  });

  it('falls back to the spec message when the assessment fails without one', async () => {
    open({
      subjectBatchAssess: () => {
        throw fakeFailure('network', '/edc/subject/batchassess.do');
      },
    });
    await choose(workbook());
    await userEvent.click(screen.getByTestId('batch-assess'));
    expect(await screen.findByTestId('batch-refusal')).toHaveTextContent(
      text('casebook.batch.assessmentFailed'),
    );
  });

  it('downloads the template', async () => {
    const { save } = open();
    await userEvent.click(await screen.findByTestId('batch-template'));
    await waitFor(() => expect(save).toHaveBeenCalledWith(fx.subjectBatchTemplate.data));
  });
});
