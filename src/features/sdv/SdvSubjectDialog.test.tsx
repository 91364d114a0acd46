/**
 * Verify a whole subject from the subject page (subjectSdvSign.do): offered to the monitor by the server's
 * capability (fixtures/subjects/subjectBase.readOnly.json: cra.zhao), sent with the plan's scope by default or every
 * item when chosen; the answer's counts shown; a refusal shown in place.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { subjectFixtures } from '../../../fixtures';
import { createFakeApiClient, fakeFailure } from '../../../renderers/testing/fakeApiClient';
import { TestProviders } from '../../testing/renderApp';
import { SubjectBasePanel } from '../subjects/base/SubjectBasePanel';

const base = subjectFixtures.subjectBaseReadOnly.data;

function show(subjectSdvSign: unknown) {
  const fake = createFakeApiClient({ subjectBase: base, subjectSdvSign } as never);
  render(
    <TestProviders client={fake}>
      <SubjectBasePanel subjectid={base.subject.subjectid} userTimeZone="Asia/Shanghai" onChanged={vi.fn()} />
    </TestProviders>,
  );
  return fake;
}

describe('verify subject (SDV)', () => {
  it('is offered to the monitor; sends the chosen scope and shows the counts', async () => {
    const fake = show({ subjectid: base.subject.subjectid, verified: 12, already: 3 });
    await userEvent.click(await screen.findByTestId('subject-action-sdvSubject'));
    const dialog = screen.getByTestId('sdv-subject-dialog');
    await userEvent.click(within(dialog).getAllByRole('radio')[1]!);
    await userEvent.click(within(dialog).getByTestId('sdv-subject-confirm'));
    expect(await within(dialog).findByTestId('sdv-subject-done')).toHaveTextContent('12');
    expect(fake.paramsOf('subjectSdvSign')).toEqual([{ subjectid: base.subject.subjectid, scope: 'all' }]);
  });

  it('shows a refusal in place', async () => {
    show(() => {
      throw fakeFailure('business', '/edc/subject/subjectSdvSign.do', '无权核查');
    });
    await userEvent.click(await screen.findByTestId('subject-action-sdvSubject'));
    await userEvent.click(screen.getByTestId('sdv-subject-confirm'));
    expect(await screen.findByTestId('sdv-subject-refusal')).toHaveTextContent('无权核查');
  });
});
