/**
 * The invalid-record table (/index/invalidTable) with the server's fixtures (fixtures/visits/invalid*.json): the
 * spec's columns (reason by name, eCRF version, inactive version, operator), and a row opens the page it names.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { visitFixtures } from '../../../fixtures';
import { INVALID_LIST_KEY, invalidTableList } from '../../../engine/api/invalidRecords';
import { listDefinitionsUrl, selectColumns, selectSearchFields } from '../../../engine/api/lists';
import { createFakeApiClient } from '../../../renderers/testing/fakeApiClient';
import { formPath } from '../../routing/formPaths';
import { PATHS, subjectPath } from '../../routing/paths';
import { renderApp, seedSession } from '../../testing/renderApp';
import { roleLoginInfo } from '../../testing/sampleData';
import { InvalidTablePage } from './InvalidTablePage';
import { invalidRecordPath } from './invalidListScreen';

const rows = visitFixtures.invalidTableList.data!;
const first = rows.list[0]!;

function setup() {
  seedSession(window.sessionStorage, roleLoginInfo);
  const client = createFakeApiClient(
    {},
    {
      paths: {
        [listDefinitionsUrl(selectSearchFields, INVALID_LIST_KEY)]: visitFixtures.invalidSearchFields.data,
        [listDefinitionsUrl(selectColumns, INVALID_LIST_KEY)]: visitFixtures.invalidColumns.data,
        [invalidTableList.path]: rows,
      },
    },
  );
  const routes = [
    { path: PATHS.invalidTable, element: <InvalidTablePage /> },
    { path: `${PATHS.subjects}/*`, element: <div data-testid="form-stub" /> },
  ];
  return { ...renderApp(PATHS.invalidTable, { client, routes }), client };
}

describe('the invalid-record table', () => {
  it('shows the reason by name, both versions and the operator; a row opens its page', async () => {
    const { router, client } = setup();
    expect(await screen.findByText(first.subjid)).toBeInTheDocument();
    expect(screen.getByText('录入错误，数据无效')).toBeInTheDocument();
    expect(screen.getByText(first.ecrfVersionName!)).toBeInTheDocument();
    expect(screen.getByText(first.unActvieVersionName!)).toBeInTheDocument();
    expect(screen.getByText(first.operaUserName)).toBeInTheDocument();
    await waitFor(() => expect(client.paramsOfPath(invalidTableList.path)).toHaveLength(1));
    await userEvent.click(screen.getByText(first.subjid));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        formPath(PATHS.subjects, first.subjectid, {
          visitnum: first.visitnum,
          cycnum: first.cycnum,
          svnum: first.svnum,
          tid: first.tid,
        }),
      ),
    );
  });

  it('a visit made invalid as a whole opens its subject', () => {
    expect(invalidRecordPath({ ...first, tid: '' })).toBe(subjectPath(PATHS.subjects, first.subjectid));
  });
});
