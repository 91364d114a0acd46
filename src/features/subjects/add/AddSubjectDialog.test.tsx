/**
 * The Add subject dialog on the server's fixtures: the chosen site and the proposed number, the current versions
 * preselected, the number checked as typed (pattern at once, uniqueness by the server after the debounce, one
 * request per pause), required fields, a refused save that keeps what was typed, and the save itself.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failures, subjectFixtures } from '../../../../fixtures';
import {
  createFakeApiClient,
  fakeFailure,
  type FakeHandlers,
} from '../../../../renderers/testing/fakeApiClient';
import { TestProviders, text } from '../../../testing/renderApp';
import { render } from '@testing-library/react';
import { AddSubjectDialog } from './AddSubjectDialog';

const TAKEN = 'BJ01-0001';

function client(overrides: FakeHandlers = {}) {
  return createFakeApiClient({
    sitecodeList: subjectFixtures.sitecodeList.data,
    getProtover: subjectFixtures.getProtover.data,
    getCrfVer: subjectFixtures.getCrfVer.data,
    checkSubject: ({ subjid }) =>
      subjid === TAKEN
        ? subjectFixtures.checkSubjectDuplicate.data
        : { ...subjectFixtures.checkSubject.data, subjid },
    saveSubject: subjectFixtures.saveSubject.data,
    ...overrides,
  });
}

function open(fake = client()) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  render(
    <TestProviders client={fake}>
      <AddSubjectDialog onSaved={onSaved} onClose={onClose} />
    </TestProviders>,
  );
  return { fake, onSaved, onClose };
}

const subjidInput = () => screen.findByTestId('add-subject-subjid');
const checkLine = () => screen.getByTestId('add-subject-subjid-check');

describe('the Add subject dialog', () => {
  it('starts with the proposed number at the chosen site and the current versions, checked free', async () => {
    const { fake } = open();
    expect(await subjidInput()).toHaveValue('BJ01-0031');
    expect(screen.getByTestId('add-subject-protover')).toHaveTextContent('Protocol V2.0');
    expect(screen.getByTestId('add-subject-crfver')).toHaveTextContent('eCRF V1.1');
    await waitFor(() => expect(checkLine()).toHaveTextContent(text('casebook.subjid.available')));
    expect(fake.paramsOf('checkSubject')).toEqual([
      { siteid: 'site-bj01', subjid: 'BJ01-0031', subjectid: undefined },
    ]);
  });

  it('says a taken number is taken as it is typed, with one check per pause', async () => {
    const { fake } = open();
    const input = await subjidInput();
    await userEvent.clear(input);
    await userEvent.type(input, TAKEN);
    await waitFor(() =>
      expect(checkLine()).toHaveTextContent(subjectFixtures.checkSubjectDuplicate.data.message ?? ''),
    );
    // typed without pausing: only the whole number was asked about (besides the proposal at first)
    expect(fake.paramsOf('checkSubject').map((p) => (p as { subjid: string }).subjid)).not.toContain(
      'BJ01-000',
    );
    expect(fake.paramsOf('checkSubject').at(-1)).toMatchObject({ subjid: TAKEN });
    await userEvent.click(screen.getByTestId('add-subject-save'));
    expect(fake.paramsOf('saveSubject')).toHaveLength(0);
  });

  it('checks the pattern at once, without asking the server', async () => {
    const { fake } = open();
    const input = await subjidInput();
    await waitFor(() => expect(fake.paramsOf('checkSubject')).toHaveLength(1));
    await userEvent.clear(input);
    await userEvent.type(input, 'BJ01-31');
    expect(checkLine()).toHaveTextContent(
      text('casebook.subjid.pattern')
        .replace('{pattern}', '{sitecode}-{seq:4}')
        .replace('{example}', 'BJ01-0001'),
    );
    expect(fake.paramsOf('checkSubject')).toHaveLength(1);
  });

  it('requires the number and the versions', async () => {
    const { fake } = open(
      client({
        getProtover: subjectFixtures.getProtover.data.map((v) => ({ ...v, current: false })),
      }),
    );
    const input = await subjidInput();
    await userEvent.clear(input);
    await userEvent.click(screen.getByTestId('add-subject-save'));
    const form = screen.getByTestId('add-subject-form');
    expect(within(form).getAllByText(text('casebook.required'))).toHaveLength(2);
    expect(fake.paramsOf('saveSubject')).toHaveLength(0);
  });

  it('saves what was entered and hands back the saved subject', async () => {
    const { fake, onSaved } = open();
    const input = await subjidInput();
    await waitFor(() => expect(checkLine()).toHaveTextContent(text('casebook.subjid.available')));
    await userEvent.type(screen.getByLabelText(text('casebook.initials')), 'zq');
    await userEvent.click(screen.getByTestId('add-subject-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(subjectFixtures.saveSubject.data));
    expect(fake.paramsOf('saveSubject')).toEqual([
      {
        siteid: 'site-bj01',
        subjid: 'BJ01-0031',
        protover: 'PROT-2.0',
        crfver: 'CRF-1.1',
        initials: 'ZQ',
        sex: '',
        birthdate: null,
      },
    ]);
    expect(input).toBeInTheDocument();
  });

  it("shows the server's refusal in place and keeps what was typed", async () => {
    const refused = fakeFailure('business', 'savesubject.do', failures.saveSubject.msg);
    const { onSaved } = open(
      client({
        saveSubject: () => {
          throw refused;
        },
      }),
    );
    await subjidInput();
    await waitFor(() => expect(checkLine()).toHaveTextContent(text('casebook.subjid.available')));
    await userEvent.type(screen.getByLabelText(text('casebook.initials')), 'ab');
    await userEvent.click(screen.getByTestId('add-subject-save'));
    expect(await screen.findByTestId('add-subject-refusal')).toHaveTextContent(failures.saveSubject.msg);
    expect(screen.getByLabelText(text('casebook.initials'))).toHaveValue('AB');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('tells a role without a site to add at that it cannot add', async () => {
    open(client({ sitecodeList: subjectFixtures.sitecodeListReadOnly.data }));
    expect(await screen.findByText(text('casebook.add.noSite'))).toBeInTheDocument();
  });
});
