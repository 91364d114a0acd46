/**
 * The subject transfer page on the server's fixtures: the chosen site's subjects and the other sites, a transfer
 * refused without a reason (nothing sent), a transfer sent with the subject as read, and the transfers list.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { subjectManagementFixtures as fx } from '../../../../fixtures/subjectManagement';
import { createFakeApiClient } from '../../../../renderers/testing/fakeApiClient';
import { TestProviders, text } from '../../../testing/renderApp';
import { SubjectTransferPage } from './SubjectTransferPage';

async function pick(testId: string, option: RegExp) {
  await userEvent.click(await screen.findByTestId(testId));
  await userEvent.click(within(await screen.findByRole('listbox')).getByText(option));
}

describe('the subject transfer page', () => {
  it('moves a subject with a reason and lists the transfers', async () => {
    const client = createFakeApiClient({
      transferSites: fx.transferSites.data,
      transferList: fx.transferList.data,
      transferSubject: fx.transferSubject.data,
    });
    render(
      <TestProviders client={client}>
        <SubjectTransferPage />
      </TestProviders>,
    );
    expect(await screen.findAllByTestId('transfer-row')).toHaveLength(1);
    const subject = fx.transferSites.data.subjects[0]!;
    const site = fx.transferSites.data.sites.find((s) => s.sitecode === 'SH01')!;
    await pick('transfer-subject', new RegExp(subject.subjid));
    await pick('transfer-site', /^SH01/);
    await userEvent.click(screen.getByTestId('transfer-submit'));
    expect(screen.getByText(text('casebook.reasonRequired'))).toBeInTheDocument();
    expect(client.paramsOf('transferSubject')).toEqual([]);
    await userEvent.type(screen.getByTestId('transfer-reason'), 'moved to Shanghai');
    await userEvent.click(screen.getByTestId('transfer-submit'));
    await waitFor(() =>
      expect(client.paramsOf('transferSubject')).toEqual([
        {
          subjectid: subject.subjectid,
          updatedat: subject.updatedat,
          tositeid: site.siteid,
          reason: 'moved to Shanghai',
        },
      ]),
    );
    // the page reads its choices and the transfers again, and says the move was made (kept across that reload)
    await waitFor(() => expect(client.paramsOf('transferList').length).toBeGreaterThan(1));
    expect(await screen.findByTestId('transfer-done')).toBeInTheDocument();
  });
});
