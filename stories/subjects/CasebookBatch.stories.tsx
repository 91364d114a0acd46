/**
 * Subject management (issue 12; docs/casebook-batch.md), fed by the server's fixtures (fixtures/subjectManagement):
 * the batch upload dialog with the demo's file with errors (five problems, no import) and with the valid file
 * (imported), abandon with a wrong password, and the subject transfer page.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { subjectFixtures } from '../../fixtures';
import { subjectManagementFailures, subjectManagementFixtures as fx } from '../../fixtures/subjectManagement';
import { fakeFailure } from '../../renderers/testing/fakeApiClient';
import { AbandonSubjectDialog } from '../../src/features/subjects/abandon/AbandonSubjectDialog';
import { BatchUploadDialog } from '../../src/features/subjects/batch/BatchUploadDialog';
import { SubjectTransferPage } from '../../src/features/subjects/transfer/SubjectTransferPage';
import type { AppStoryParameters } from '../support/StoryHarness';
import { msg } from '../support/storyText';

const body = () => within(document.body);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const batchApi: AppStoryParameters['api'] = {
  subjectBatchTemplate: fx.subjectBatchTemplate.data,
  subjectBatchAssess: fx.subjectBatchAssessErrors.data,
  subjectBatchReport: fx.subjectBatchReport.data,
  subjectBatchImport: fx.subjectBatchImport.data,
};

const meta = {
  title: 'Subjects/Batch, abandon, transfer',
  component: BatchUploadDialog,
  args: { onClose: fn(), onImported: fn(), save: fn() },
  parameters: { app: { api: batchApi } satisfies AppStoryParameters },
} satisfies Meta<typeof BatchUploadDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

async function chooseAndAssess(name: string) {
  const input = await body().findByTestId('batch-file-input');
  await userEvent.upload(input, new File([new Uint8Array(64)], name, { type: XLSX }));
  await userEvent.click(body().getByTestId('batch-assess'));
}

/** The demo file with errors: every problem with its row, the report downloadable, no import. */
export const AssessmentWithProblems: Story = {
  play: async ({ args }) => {
    await chooseAndAssess('subjects-batch.errors.xlsx');
    await waitFor(() => expect(body().getAllByTestId('batch-problem')).toHaveLength(5));
    await expect(body().getByTestId('batch-import')).toBeDisabled();
    await userEvent.click(body().getByTestId('batch-download-report'));
    await waitFor(() => expect(args.save).toHaveBeenCalledWith(fx.subjectBatchReport.data));
  },
};

/** The valid demo file: assessed clean, imported, the result shown. */
export const CleanFileImported: Story = {
  parameters: { app: { api: { ...batchApi, subjectBatchAssess: fx.subjectBatchAssess.data } } },
  play: async ({ args }) => {
    await chooseAndAssess('subjects-batch.valid.xlsx');
    const importButton = await body().findByTestId('batch-import');
    await waitFor(() => expect(importButton).toBeEnabled());
    await userEvent.click(importButton);
    await expect(await body().findByTestId('batch-result')).toHaveTextContent('BJ01-0045');
    await expect(args.onImported).toHaveBeenCalledWith(fx.subjectBatchImport.data);
  },
};

const abandonBase = {
  ...subjectFixtures.subjectBase.data,
  capabilities: [...subjectFixtures.subjectBase.data.capabilities, 'abandon' as const],
};

/** Abandon: the subject named, a reason and the password; a wrong password shown in place. */
export const AbandonWrongPassword: Story = {
  parameters: {
    app: {
      api: {
        abandonSubject: () => {
          throw fakeFailure(
            'business',
            '/edc/subject/abandonsubject.do',
            subjectManagementFailures.abandonBadPassword.msg,
          );
        },
      },
    },
  },
  render: () => <AbandonSubjectDialog base={abandonBase} onClose={() => {}} onAbandoned={() => {}} />,
  play: async () => {
    await expect(await body().findByTestId('abandon-subject-warning')).toHaveTextContent(
      abandonBase.subject.subjid,
    );
    await userEvent.type(body().getByTestId('abandon-subject-reason'), '重复登记');
    await userEvent.type(body().getByTestId('abandon-subject-password'), 'wrong');
    await userEvent.click(body().getByTestId('abandon-subject-confirm'));
    await expect(await body().findByTestId('abandon-subject-refusal')).toHaveTextContent(
      subjectManagementFailures.abandonBadPassword.msg,
    );
  },
};

/** /index/subjectTransfer as the DM at BJ01: the form and the transfers into and out of the site. */
export const SubjectTransfer: Story = {
  parameters: {
    app: {
      api: {
        transferSites: fx.transferSites.data,
        transferList: fx.transferList.data,
        transferSubject: fx.transferSubject.data,
      },
    },
  },
  render: () => <SubjectTransferPage />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('transfer-form')).toBeInTheDocument();
    const rows = await canvas.findAllByTestId('transfer-row');
    await expect(rows[0]).toHaveTextContent('BJ01-0028');
    await expect(canvas.getByText(msg('transfer.history'))).toBeInTheDocument();
  },
};
