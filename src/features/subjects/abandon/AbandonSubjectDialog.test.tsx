/**
 * The abandon dialog: it names the subject, needs a reason and the password before sending anything, sends both
 * with the subject's `updatedat`, shows a wrong password in place (the reason kept, the password cleared), and
 * reports the abandon when done.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { subjectFixtures } from '../../../../fixtures';
import { subjectManagementFailures, subjectManagementFixtures } from '../../../../fixtures/subjectManagement';
import {
  createFakeApiClient,
  fakeFailure,
  type FakeHandlers,
} from '../../../../renderers/testing/fakeApiClient';
import { TestProviders, text } from '../../../testing/renderApp';
import { AbandonSubjectDialog } from './AbandonSubjectDialog';

const base = {
  ...subjectFixtures.subjectBase.data,
  capabilities: [...subjectFixtures.subjectBase.data.capabilities, 'abandon' as const],
};

function open(handlers: FakeHandlers = {}) {
  const client = createFakeApiClient({
    abandonSubject: subjectManagementFixtures.abandonSubject.data,
    ...handlers,
  });
  const onAbandoned = vi.fn();
  render(
    <TestProviders client={client}>
      <AbandonSubjectDialog base={base} onClose={vi.fn()} onAbandoned={onAbandoned} />
    </TestProviders>,
  );
  return { client, onAbandoned };
}

describe('the abandon subject dialog', () => {
  it('names the subject and sends nothing without a reason and the password', async () => {
    const { client } = open();
    expect(await screen.findByTestId('abandon-subject-warning')).toHaveTextContent(base.subject.subjid);
    await userEvent.click(screen.getByTestId('abandon-subject-confirm'));
    expect(screen.getByText(text('casebook.reasonRequired'))).toBeInTheDocument();
    await userEvent.type(screen.getByTestId('abandon-subject-reason'), 'duplicate registration');
    await userEvent.click(screen.getByTestId('abandon-subject-confirm'));
    expect(client.paramsOf('abandonSubject')).toEqual([]);
  });

  it('shows a wrong password in place, keeps the reason and clears the password', async () => {
    const { onAbandoned } = open({
      abandonSubject: () => {
        throw fakeFailure(
          'business',
          '/edc/subject/abandonsubject.do',
          subjectManagementFailures.abandonBadPassword.msg,
        );
      },
    });
    await userEvent.type(await screen.findByTestId('abandon-subject-reason'), 'duplicate registration');
    await userEvent.type(screen.getByTestId('abandon-subject-password'), 'wrong');
    await userEvent.click(screen.getByTestId('abandon-subject-confirm'));
    expect(await screen.findByTestId('abandon-subject-refusal')).toHaveTextContent(
      subjectManagementFailures.abandonBadPassword.msg,
    );
    expect(screen.getByTestId('abandon-subject-reason')).toHaveValue('duplicate registration');
    expect(screen.getByTestId('abandon-subject-password')).toHaveValue('');
    expect(onAbandoned).not.toHaveBeenCalled();
  });

  it('abandons with the reason, the password and the subject as read', async () => {
    const { client, onAbandoned } = open();
    await userEvent.type(await screen.findByTestId('abandon-subject-reason'), 'duplicate registration');
    await userEvent.type(screen.getByTestId('abandon-subject-password'), 'Test#pass1');
    await userEvent.click(screen.getByTestId('abandon-subject-confirm'));
    await waitFor(() =>
      expect(onAbandoned).toHaveBeenCalledWith(subjectManagementFixtures.abandonSubject.data.subjid),
    );
    expect(client.paramsOf('abandonSubject')).toEqual([
      {
        subjectid: base.subject.subjectid,
        updatedat: base.subject.updatedat,
        reason: 'duplicate registration',
        password: 'Test#pass1',
      },
    ]);
  });
});
