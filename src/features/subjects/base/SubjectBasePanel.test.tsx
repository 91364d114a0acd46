/**
 * The subject's casebook panel: the actions the server grants (none for a monitor), a change refused without a
 * reason (nothing sent), sent with one, the panel read again; the audit trail with old → new and the reason.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { subjectFixtures } from '../../../../fixtures';
import { createFakeApiClient } from '../../../../renderers/testing/fakeApiClient';
import { TestProviders, text } from '../../../testing/renderApp';
import { SubjectBasePanel } from './SubjectBasePanel';

const SUBJECT = subjectFixtures.subjectBase.data.subject.subjectid;

function show(base = subjectFixtures.subjectBase.data) {
  const fake = createFakeApiClient({ subjectBase: base, updateInfo: subjectFixtures.updateInfo.data });
  const onChanged = vi.fn();
  render(
    <TestProviders client={fake}>
      <SubjectBasePanel subjectid={SUBJECT} userTimeZone="Asia/Shanghai" onChanged={onChanged} />
    </TestProviders>,
  );
  return { fake, onChanged };
}

describe('the subject panel', () => {
  it('shows state, versions and the audit trail with old → new and the reason', async () => {
    show();
    expect(await screen.findByTestId('subject-base-status')).toHaveTextContent(text('casebook.status.2'));
    expect(screen.getByTestId('subject-base-crfver')).toHaveTextContent('eCRF V1.0');
    const update = screen
      .getAllByTestId('subject-audit-row')
      .find((r) => r.dataset.action === 'update' && r.dataset.field === 'initials')!;
    expect(update).toHaveTextContent('ZQ');
    expect(update).toHaveTextContent('ZQL');
    expect(update).toHaveTextContent('筛选日志抄写错误');
  });

  it('offers a monitor no action', async () => {
    show(subjectFixtures.subjectBaseReadOnly.data);
    await screen.findByTestId('subject-base');
    expect(screen.queryByTestId('subject-action-editInfo')).toBeNull();
    expect(screen.queryByTestId('subject-action-changeStatus')).toBeNull();
  });

  it('refuses a change without a reason (nothing sent), sends it with one and reads the panel again', async () => {
    const { fake, onChanged } = show();
    await userEvent.click(await screen.findByTestId('subject-action-editInfo'));
    const dialog = screen.getByTestId('edit-info');
    await userEvent.clear(within(dialog).getByTestId('edit-info-initials'));
    await userEvent.type(within(dialog).getByTestId('edit-info-initials'), 'abc');
    await userEvent.click(screen.getByTestId('edit-info-save'));
    expect(screen.getByText(text('casebook.reasonRequired'))).toBeInTheDocument();
    expect(fake.paramsOf('updateInfo')).toHaveLength(0);
    await userEvent.type(screen.getByTestId('edit-info-reason'), '  Transcription error ');
    await userEvent.click(screen.getByTestId('edit-info-save'));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(subjectFixtures.updateInfo.data));
    expect(fake.paramsOf('updateInfo')[0]).toMatchObject({
      subjectid: SUBJECT,
      initials: 'ABC',
      reason: 'Transcription error',
      updatedat: subjectFixtures.subjectBase.data.subject.updatedat,
    });
    await waitFor(() => expect(fake.paramsOf('subjectBase')).toHaveLength(2));
  });
});
