/**
 * The home page's to-dos and statistics, fed by the captured fixtures: each kind a tile with its count linking to its
 * list, nothing-to-do said as such, a kind without a label shown by its id, and every chart readable as a table.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { statisticsFixtures } from '../../../fixtures';
import { createFakeApiClient } from '../../../renderers/testing/fakeApiClient';
import { renderApp, seedSession, text } from '../../testing/renderApp';
import { onlineData, helpDocs, roleLoginInfo, sampleMenus } from '../../testing/sampleData';
import { enrolmentByMonth } from './SiteStatistics';

function openHome(tasks = statisticsFixtures.myTaskInfo.data) {
  seedSession(window.sessionStorage, roleLoginInfo, sampleMenus.allowedPaths);
  const client = createFakeApiClient({
    appVersion: { version: 'V2.0.10' },
    menuList: sampleMenus,
    online: onlineData,
    help: helpDocs,
    myTaskInfo: tasks,
    siteStatistics: statisticsFixtures.siteStatistics.data,
  });
  return renderApp('/index/statistics', { client });
}

describe('my to-dos', () => {
  it('shows each kind with its count, linking to the page that lists it', async () => {
    const { router } = openHome();
    const tile = await screen.findByTestId('task-pagesToEnter');
    const expected = statisticsFixtures.myTaskInfo.data.find((t) => t.id === 'pagesToEnter')?.count ?? -1;
    expect(within(tile).getByTestId('task-pagesToEnter-count')).toHaveTextContent(String(expected));
    expect(tile).toHaveTextContent(text('tasks.pagesToEnter'));
    await userEvent.click(within(tile).getByRole('link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/subjects'));
  });

  it('says there is nothing to do for a role without to-dos (a monitor before queries exist)', async () => {
    openHome(statisticsFixtures.myTaskInfoMonitor.data);
    expect(await screen.findByText(text('tasks.none'))).toBeInTheDocument();
  });

  it('shows a kind this build has no label for by its id, without a link when none is given', async () => {
    openHome([{ id: 'laterWorkflow', count: 2, link: null }]);
    const tile = await screen.findByTestId('task-laterWorkflow');
    expect(tile).toHaveTextContent('laterWorkflow');
    expect(within(tile).queryByRole('link')).toBeNull();
  });
});

describe('site statistics', () => {
  it('offers every chart as a table of the same figures', async () => {
    openHome();
    const subjects = await screen.findByTestId('chart-subjects');
    await userEvent.click(within(subjects).getByTestId('chart-subjects-show-table'));
    const table = within(subjects).getByTestId('chart-subjects-table');
    const rows = within(table).getAllByRole('row');
    // header + one row per site
    expect(rows).toHaveLength(1 + statisticsFixtures.siteStatistics.data.sites.length);
    const bj01 = statisticsFixtures.siteStatistics.data.sites[0]!;
    expect(rows[1]).toHaveTextContent('BJ01');
    expect(rows[1]).toHaveTextContent(String(bj01.enrolled));
    expect(
      within(table).getByRole('columnheader', { name: text('statistics.subjects.screenFailure') }),
    ).toBeVisible();
  });

  it('turns enrolment rows into one row per month with a column per site (0 where none)', () => {
    const { dataset, sites } = enrolmentByMonth([
      { month: '2024-02', sitecode: 'SH01', count: 1 },
      { month: '2024-01', sitecode: 'BJ01', count: 2 },
      { month: '2024-02', sitecode: 'BJ01', count: 3 },
    ]);
    expect(sites).toEqual(['BJ01', 'SH01']);
    expect(dataset).toEqual([
      { month: '2024-01', BJ01: 2, SH01: 0 },
      { month: '2024-02', BJ01: 3, SH01: 1 },
    ]);
  });
});
