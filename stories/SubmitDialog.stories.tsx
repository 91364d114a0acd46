/**
 * SubmitDialog with useSubmission: the dialog of an action that sends one request (a list's bulk close, forward,
 * approve, reject). What is missing is said before anything is sent; the server's refusal is shown in place, the
 * typed reason kept; accepted, the dialog is done.
 */
import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import TextField from '@mui/material/TextField';
import { FormattedMessage, useIntl } from '../renderers/intl';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fakeFailure } from '../renderers/testing/fakeApiClient';
import { SubmitDialog } from '../renderers/actions/SubmitDialog';
import { useSubmission } from '../renderers/async/useSubmission';
import { msg } from './support/storyText';

interface ReasonDialogProps {
  send(reason: string): Promise<unknown>;
  onDone(): void;
}

function ReasonDialog({ send, onDone }: ReasonDialogProps) {
  const intl = useIntl();
  const [reason, setReason] = useState('');
  const submission = useSubmission('freeze.failed');
  return (
    <SubmitDialog
      name="story-action"
      title={<FormattedMessage id="freeze.decision.reject.title" values={{ count: 2 }} />}
      submitLabel={<FormattedMessage id="freeze.decision.reject" />}
      cancelLabel={<FormattedMessage id="freeze.cancel" />}
      submitColor="error"
      submission={submission}
      onSubmit={() =>
        void submission.submit(
          () => (reason.trim() === '' ? 'freeze.reasonRequired' : null),
          () => send(reason),
          onDone,
        )
      }
      onClose={onDone}
    >
      <TextField
        fullWidth
        size="small"
        sx={{ mt: 1 }}
        label={intl.formatMessage({ id: 'freeze.decisionReason' })}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'story-action-reason' } }}
      />
    </SubmitDialog>
  );
}

const meta = {
  title: 'Actions/SubmitDialog',
  component: ReasonDialog,
  args: { send: fn(async () => undefined), onDone: fn() },
} satisfies Meta<typeof ReasonDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing typed: the missing reason is said and nothing is sent; typed, it is sent once and the dialog is done. */
export const MissingThenSent: Story = {
  args: { send: fn(async () => undefined), onDone: fn() },
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByTestId('story-action-save'));
    await expect(body.getByTestId('story-action-problem')).toHaveTextContent(msg('freeze.reasonRequired'));
    await expect(args.send).not.toHaveBeenCalled();
    await userEvent.type(body.getByTestId('story-action-reason'), '重复申请');
    await userEvent.click(body.getByTestId('story-action-save'));
    await waitFor(() => expect(args.onDone).toHaveBeenCalledTimes(1));
    await expect(args.send).toHaveBeenCalledWith('重复申请');
  },
};

/** The server refuses: its message in place, the reason kept, the buttons usable again; not done. */
export const RefusedByServer: Story = {
  args: {
    onDone: fn(),
    send: fn(async () => {
      throw fakeFailure('business', 'approveFreeze', '该申请已审批，不能驳回');
    }),
  },
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.type(await body.findByTestId('story-action-reason'), '重复申请');
    await userEvent.click(body.getByTestId('story-action-save'));
    await expect(await body.findByTestId('story-action-problem')).toHaveTextContent('该申请已审批，不能驳回');
    await expect(body.getByTestId('story-action-reason')).toHaveValue('重复申请');
    await expect(body.getByTestId('story-action-save')).toBeEnabled();
    await expect(args.onDone).not.toHaveBeenCalled();
  },
};

let release: () => void = () => undefined;

/** Escape while the request is under way: the dialog stays (its answer is shown there); answered, it is done. */
export const EscapeWhileSending: Story = {
  args: {
    onDone: fn(),
    send: fn(() => new Promise<void>((resolve) => (release = resolve))),
  },
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.type(await body.findByTestId('story-action-reason'), '重复申请');
    await userEvent.click(body.getByTestId('story-action-save'));
    await waitFor(() => expect(body.getByTestId('story-action-save')).toBeDisabled());
    await userEvent.keyboard('{Escape}');
    await expect(body.getByTestId('story-action-dialog')).toBeInTheDocument();
    await expect(args.onDone).not.toHaveBeenCalled();
    release();
    await waitFor(() => expect(args.onDone).toHaveBeenCalledTimes(1));
  },
};
