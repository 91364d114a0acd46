/**
 * The standalone subject list (`/subjects`, for embedding: no side menu) renders on its own, without the home shell
 * and its providers; it used to answer the 500 page (`useEmbeddedPage() needs an <EmbeddedPageProvider>`: the help
 * menu of its header opens the overlay only the home shell provided).
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listFixtures } from '../../../fixtures';
import { listDefinitionsUrl, selectColumns, selectSearchFields } from '../../../engine/api/lists';
import { SUBJECT_LIST_KEY, subjectList } from '../../../engine/api/subjects';
import { createFakeApiClient } from '../../../renderers/testing/fakeApiClient';
import { PATHS } from '../../routing/paths';
import { renderApp, seedSession, text } from '../../testing/renderApp';
import { helpDocs, roleLoginInfo, sampleMenus } from '../../testing/sampleData';

function standaloneClient() {
  return createFakeApiClient(
    {
      codeList: ({ codelisttype }) =>
        codelisttype === 'SEX'
          ? listFixtures.codeListSEX.data
          : codelisttype === 'SITE'
            ? listFixtures.codeListSITE.data
            : listFixtures.codeListSUBJSTATUS.data,
      searchFieldShown: null,
      subjectInfo: listFixtures.subjectInfo.data,
      visitList: [],
      help: helpDocs,
      sitecodeList: [],
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

/** Whether one of the error pages (500 of a render error, 404, 401) is shown. */
function expectNoErrorPage() {
  for (const id of ['error.500.title', 'error.404.title', 'error.401.title']) {
    expect(screen.queryByText(text(id))).toBeNull();
  }
}

describe('the standalone subject list /subjects', () => {
  it('shows the subject list without the home shell, and its rows, never an error page', async () => {
    seedSession(window.sessionStorage, roleLoginInfo, sampleMenus.allowedPaths);
    const client = standaloneClient();
    const { router } = renderApp(PATHS.standaloneSubjects, { client });
    expect(await screen.findByTestId('standalone-shell')).toBeInTheDocument();
    const first = listFixtures.subjectList.data.list[0]!;
    expect(await screen.findByText(first.subjid)).toBeInTheDocument();
    expectNoErrorPage();
    expect(router.state.location.pathname).toBe(PATHS.standaloneSubjects);
    await waitFor(() => expect(client.paramsOfPath(subjectList.path)).toHaveLength(1));
  });

  it('opens a subject below /subjects, still without the home shell', async () => {
    seedSession(window.sessionStorage, roleLoginInfo, sampleMenus.allowedPaths);
    const first = listFixtures.subjectList.data.list[0]!;
    const { router } = renderApp(PATHS.standaloneSubjects, { client: standaloneClient() });
    await userEvent.click(await screen.findByText(first.subjid));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`${PATHS.standaloneSubjects}/${first.subjectid}`),
    );
    expect(await screen.findByTestId('subject-number')).toBeInTheDocument();
    expect(screen.getByTestId('standalone-shell')).toBeInTheDocument();
    expectNoErrorPage();
  });
});
