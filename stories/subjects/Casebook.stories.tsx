/**
 * The casebook's subject dialogs and panel (issue 12), fed by the server's fixtures (fixtures/subjects): Add subject
 * (the proposed number free, a taken one refused as typed), the subject panel as the CRC who added BJ01-0031 sees it
 * (its actions and audit trail) and as a monitor (no actions), and the dialogs of a change with a reason.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { subjectFixtures } from '../../fixtures';
import { AddSubjectDialog } from '../../src/features/subjects/add/AddSubjectDialog';
import { ChangeStatusDialog } from '../../src/features/subjects/base/ChangeStatusDialog';
import { EditInfoDialog } from '../../src/features/subjects/base/EditInfoDialog';
import { SubjectBaseView } from '../../src/features/subjects/base/SubjectBasePanel';
import { defaultSubjectActions } from '../../src/features/subjects/base/subjectActions';
import type { AppStoryParameters } from '../support/StoryHarness';
import { msg } from '../support/storyText';

const SHANGHAI = 'Asia/Shanghai';
const body = () => within(document.body);

const addApi: AppStoryParameters['api'] = {
  sitecodeList: subjectFixtures.sitecodeList.data,
  getProtover: subjectFixtures.getProtover.data,
  getCrfVer: subjectFixtures.getCrfVer.data,
  checkSubject: ({ subjid }) =>
    subjid === 'BJ01-0001'
      ? subjectFixtures.checkSubjectDuplicate.data
      : { ...subjectFixtures.checkSubject.data, subjid },
  saveSubject: subjectFixtures.saveSubject.data,
};

const meta = {
  title: 'Subjects/Casebook',
  component: AddSubjectDialog,
  args: { onClose: fn(), onSaved: fn() },
  parameters: { app: { api: addApi } satisfies AppStoryParameters },
} satisfies Meta<typeof AddSubjectDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** CRC at BJ01: the next number proposed and found free; Save hands back the saved subject. */
export const AddSubject: Story = {
  play: async ({ args }) => {
    const input = await body().findByTestId('add-subject-subjid');
    await expect(input).toHaveValue('BJ01-0031');
    await waitFor(() =>
      expect(body().getByTestId('add-subject-subjid-check')).toHaveTextContent(
        msg('casebook.subjid.available'),
      ),
    );
    await userEvent.click(body().getByTestId('add-subject-save'));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalledWith(subjectFixtures.saveSubject.data));
  },
};

/** A taken number is said to be taken while typing; Save sends nothing. */
export const DuplicateNumber: Story = {
  args: { onClose: fn(), onSaved: fn() },
  play: async ({ args }) => {
    const input = await body().findByTestId('add-subject-subjid');
    await userEvent.clear(input);
    await userEvent.type(input, 'BJ01-0001');
    await waitFor(() =>
      expect(body().getByTestId('add-subject-subjid-check')).toHaveTextContent(
        subjectFixtures.checkSubjectDuplicate.data.message ?? '',
      ),
    );
    await userEvent.click(body().getByTestId('add-subject-save'));
    await expect(args.onSaved).not.toHaveBeenCalled();
  },
};

/** A role that may not add (sitecodeList.do answers no site). */
export const NoSiteToAddAt: Story = {
  parameters: { app: { api: { ...addApi, sitecodeList: subjectFixtures.sitecodeListReadOnly.data } } },
  play: async () => {
    await expect(await body().findByText(msg('casebook.add.noSite'))).toBeInTheDocument();
  },
};

/** The subject panel as the CRC sees BJ01-0031: versions, state, its actions and the audit trail. */
export const SubjectPanel: Story = {
  render: () => (
    <SubjectBaseView
      base={subjectFixtures.subjectBase.data}
      userTimeZone={SHANGHAI}
      actions={defaultSubjectActions}
      onChanged={() => {}}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('subject-action-editInfo')).toBeInTheDocument();
    await expect(canvas.getByTestId('subject-action-changeStatus')).toBeInTheDocument();
    const rows = canvas.getAllByTestId('subject-audit-row');
    await expect(rows).toHaveLength(subjectFixtures.subjectBase.data.audit.length);
  },
};

/** The same subject as a monitor: no change of its data, only Verify subject (SDV); the audit trail still shown. */
export const SubjectPanelReadOnly: Story = {
  render: () => (
    <SubjectBaseView
      base={subjectFixtures.subjectBaseReadOnly.data}
      userTimeZone={SHANGHAI}
      actions={defaultSubjectActions}
      onChanged={() => {}}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('subject-action-sdvSubject')).toBeInTheDocument();
    for (const id of ['editInfo', 'editSubject', 'changeStatus', 'abandon']) {
      await expect(canvas.queryByTestId(`subject-action-${id}`)).toBeNull();
    }
    await expect(canvas.getAllByTestId('subject-audit-row').length).toBeGreaterThan(0);
  },
};

/** Base info changed with a reason: Save stays refused until a reason is given. */
export const EditBaseInfo: Story = {
  args: { onClose: fn(), onSaved: fn() },
  parameters: { app: { api: { updateInfo: subjectFixtures.updateInfo.data } } },
  render: (args) => (
    <EditInfoDialog
      base={subjectFixtures.subjectBaseNew.data}
      onClose={args.onClose}
      onChanged={args.onSaved}
    />
  ),
  play: async ({ args }) => {
    await userEvent.click(await body().findByTestId('edit-info-save'));
    await expect(body().getByText(msg('casebook.reasonRequired'))).toBeInTheDocument();
    await expect(args.onSaved).not.toHaveBeenCalled();
    await userEvent.type(body().getByTestId('edit-info-reason'), 'Transcription error');
    await userEvent.click(body().getByTestId('edit-info-save'));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalledWith(subjectFixtures.updateInfo.data));
  },
};

/** A workflow change: only the states the server allows from the current one. */
export const ChangeState: Story = {
  args: { onClose: fn(), onSaved: fn() },
  parameters: { app: { api: { changeWorkflow: subjectFixtures.changeWorkflow.data } } },
  render: (args) => (
    <ChangeStatusDialog
      base={subjectFixtures.subjectBaseNew.data}
      onClose={args.onClose}
      onChanged={args.onSaved}
    />
  ),
  play: async ({ args }) => {
    await expect(await body().findByTestId('change-status-to')).toHaveTextContent(msg('casebook.status.2'));
    await userEvent.type(body().getByTestId('change-status-reason'), 'Eligible');
    await userEvent.click(body().getByTestId('change-status-save'));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalledWith(subjectFixtures.changeWorkflow.data));
  },
};
