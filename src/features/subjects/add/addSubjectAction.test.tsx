/**
 * The subject list's Add subject action: offered only when the server answers a site to add at (a monitor gets
 * none, hence no button); its dialog saves and the list asks for its page again.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listFixtures, subjectFixtures } from '../../../../fixtures';
import { listDefinitionsUrl, selectColumns, selectSearchFields } from '../../../../engine/api/lists';
import { SUBJECT_LIST_KEY, subjectList } from '../../../../engine/api/subjects';
import { createFakeApiClient } from '../../../../renderers/testing/fakeApiClient';
import { PATHS } from '../../../routing/paths';
import { renderApp } from '../../../testing/renderApp';
import { SubjectListPage } from '../SubjectListPage';

const routes = [{ path: PATHS.subjects, element: <SubjectListPage base={PATHS.subjects} /> }];

function client(sites: unknown) {
  return createFakeApiClient(
    {
      codeList: ({ codelisttype }) =>
        codelisttype === 'SEX'
          ? listFixtures.codeListSEX.data
          : codelisttype === 'SITE'
            ? listFixtures.codeListSITE.data
            : listFixtures.codeListSUBJSTATUS.data,
      searchFieldShown: null,
      sitecodeList: sites as typeof subjectFixtures.sitecodeList.data,
      getProtover: subjectFixtures.getProtover.data,
      getCrfVer: subjectFixtures.getCrfVer.data,
      checkSubject: subjectFixtures.checkSubject.data,
      saveSubject: subjectFixtures.saveSubject.data,
    },
    {
      paths: {
        [listDefinitionsUrl(selectSearchFields, SUBJECT_LIST_KEY)]: listFixtures.subjectSearchFields.data,
        [listDefinitionsUrl(selectColumns, SUBJECT_LIST_KEY)]: listFixtures.subjectColumns.data,
        [subjectList.path]: listFixtures.subjectList.data,
      },
    },
  );
}

describe('Add subject on the subject list', () => {
  it('is not offered to a role the server gives no site to add at (a monitor)', async () => {
    const fake = client(subjectFixtures.sitecodeListReadOnly.data);
    renderApp(PATHS.subjects, { client: fake, routes });
    await waitFor(() => expect(fake.paramsOf('sitecodeList')).toHaveLength(1));
    await screen.findByText(listFixtures.subjectList.data.list[0]!.subjid);
    expect(screen.queryByTestId('list-action-addSubject')).toBeNull();
  });

  it('is offered to a CRC; saving closes the dialog and reads the list again', async () => {
    const fake = client(subjectFixtures.sitecodeList.data);
    renderApp(PATHS.subjects, { client: fake, routes });
    await userEvent.click(await screen.findByTestId('list-action-addSubject'));
    await waitFor(() => expect(screen.getByTestId('add-subject-subjid-check')).toHaveTextContent(/可用/));
    const before = fake.paramsOfPath(subjectList.path).length;
    await userEvent.click(screen.getByTestId('add-subject-save'));
    await waitFor(() => expect(screen.queryByTestId('add-subject-form')).toBeNull());
    expect(fake.paramsOf('saveSubject')).toHaveLength(1);
    await waitFor(() => expect(fake.paramsOfPath(subjectList.path).length).toBeGreaterThan(before));
  });
});
