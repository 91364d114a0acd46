/**
 * The subject list page: its query lives in the address (a reload or a shared link asks for the same rows), a row
 * opens the subject, and a subject outside the role's sites is refused in place.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failures, listFixtures } from '../../../fixtures';
import { listDefinitionsUrl, selectColumns, selectSearchFields } from '../../../engine/api/lists';
import { SUBJECT_LIST_KEY, subjectList } from '../../../engine/api/subjects';
import {
  createFakeApiClient,
  fakeFailure,
  type FakeHandlers,
  type FakePathHandlers,
} from '../../../renderers/testing/fakeApiClient';
import { PATHS } from '../../routing/paths';
import { renderApp, text } from '../../testing/renderApp';
import { SubjectListPage } from './SubjectListPage';
import { SubjectPage } from './SubjectPage';

const routes = [
  { path: PATHS.subjects, element: <SubjectListPage base={PATHS.subjects} /> },
  { path: `${PATHS.subjects}/:subjectid`, element: <SubjectPage base={PATHS.subjects} /> },
];

function handlersOf(subjectInfo: unknown = listFixtures.subjectInfo.data): FakeHandlers {
  return {
    codeList: ({ codelisttype }) =>
      codelisttype === 'SEX'
        ? listFixtures.codeListSEX.data
        : codelisttype === 'SITE'
          ? listFixtures.codeListSITE.data
          : listFixtures.codeListSUBJSTATUS.data,
    searchFieldShown: null,
    subjectInfo: () => {
      if (subjectInfo instanceof Error) throw subjectInfo;
      return subjectInfo as typeof listFixtures.subjectInfo.data;
    },
  };
}

function pathsOf(): FakePathHandlers {
  return {
    [listDefinitionsUrl(selectSearchFields, SUBJECT_LIST_KEY)]: listFixtures.subjectSearchFields.data,
    [listDefinitionsUrl(selectColumns, SUBJECT_LIST_KEY)]: listFixtures.subjectColumns.data,
    [subjectList.path]: (params) => ({ ...listFixtures.subjectList.data, page: Number(params.page) }),
  };
}

function client(subjectInfo?: unknown) {
  return createFakeApiClient(handlersOf(subjectInfo), { paths: pathsOf() });
}

describe('the subject list page', () => {
  it('asks for the list the address describes, and shows its search', async () => {
    const fake = client();
    renderApp('/index/subjects?page=3&size=50&subjid=BJ01&status=2&status=3&orderByField=age&asc=false', {
      client: fake,
      routes,
    });
    await waitFor(() => expect(fake.paramsOfPath(subjectList.path)).toHaveLength(1));
    expect(fake.paramsOfPath(subjectList.path)[0]).toMatchObject({
      page: 3,
      size: 50,
      subjid: 'BJ01',
      status: ['2', '3'],
      orderByField: 'age',
      asc: false,
    });
    expect(await screen.findByDisplayValue('BJ01')).toBeInTheDocument();
  });

  it('writes a new search into the address, back on page 1', async () => {
    const fake = client();
    const { router } = renderApp('/index/subjects?page=3&size=50', { client: fake, routes });
    const input = await screen.findByRole('textbox', { name: /受试者编号/ });
    await userEvent.type(input, 'SH01{Enter}');
    await waitFor(() => expect(router.state.location.search).toContain('subjid=SH01'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('page')).toBe('1');
    expect(params.get('size')).toBe('50');
  });
});

describe('the subject page', () => {
  it('shows the subject through the column set of its list: code-list labels, dates in the user zone', async () => {
    const subject = listFixtures.subjectInfo.data;
    renderApp(`/index/subjects/${subject.subjectid}`, { client: client(), routes });
    expect(await screen.findByTestId('subject-number')).toHaveTextContent(subject.subjid);
    expect(await screen.findByTestId('subject-sitecode')).toHaveTextContent(subject.sitecode);
    // codes 2 and F of the fixture, shown by their code-list labels in the UI language
    await waitFor(() => expect(screen.getByTestId('subject-status')).toHaveTextContent('已入组'));
    expect(screen.getByTestId('subject-sex')).toHaveTextContent('女');
    // the Open button of the list says nothing about the subject
    expect(screen.queryByTestId('subject-open')).toBeNull();
    // the subject's overview (/index/subjectInfo) is one click away
    expect(screen.getByTestId('subject-overview')).toHaveAttribute(
      'href',
      `/index/subjectInfo?subjectid=${encodeURIComponent(subject.subjectid)}`,
    );
  });

  it('offers a retry when the subject could not be loaded, and shows it on the next try', async () => {
    let calls = 0;
    const flaky = createFakeApiClient(
      {
        ...handlersOf(),
        subjectInfo: () => {
          calls += 1;
          if (calls === 1) throw fakeFailure('server', 'subject/info.do');
          return listFixtures.subjectInfo.data;
        },
      },
      { paths: pathsOf() },
    );
    renderApp(`/index/subjects/${listFixtures.subjectInfo.data.subjectid}`, { client: flaky, routes });
    expect(await screen.findByText(text('subject.loadFailed'))).toBeInTheDocument();
    expect(screen.queryByText(text('subject.notAvailable'))).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: text('grid.retry') }));
    expect(await screen.findByTestId('subject-number')).toHaveTextContent(
      listFixtures.subjectInfo.data.subjid,
    );
  });

  it('says so in place when the subject is not at a site of the role', async () => {
    const refused = fakeFailure('business', 'subject/info.do', failures.subjectInfo.msg);
    renderApp('/index/subjects/subj-elsewhere', { client: client(refused), routes });
    expect(await screen.findByText(text('subject.notAvailable'))).toBeInTheDocument();
    expect(screen.getByTestId('subject-back')).toBeInTheDocument();
  });
});
