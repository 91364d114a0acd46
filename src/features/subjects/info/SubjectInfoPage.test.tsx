/**
 * The subject overview (/index/subjectInfo?subjectid=…) on the server's fixtures: the subject's base info through the
 * subject list's columns, its visit timeline with statuses and marks, its open tasks (queries not closed, pages of
 * past visits not entered), and the server's refusal for a subject of another site (nothing else is asked).
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createIntl } from '../../../../renderers/intl';
import { failures, listFixtures, queryFixtures, visitFixtures } from '../../../../fixtures';
import { listDefinitionsUrl, selectColumns } from '../../../../engine/api/lists';
import { SUBJECT_LIST_KEY } from '../../../../engine/api/subjects';
import type { VisitRow } from '../../../../engine/api/visits';
import {
  createFakeApiClient,
  fakeFailure,
  type FakeHandlers,
} from '../../../../renderers/testing/fakeApiClient';
import { PATHS, subjectInfoPath } from '../../../routing/paths';
import { renderApp, testCatalogues, text } from '../../../testing/renderApp';
import { SubjectInfoPage } from './SubjectInfoPage';
import { openTasksOf } from './openTasks';

const routes = [{ path: PATHS.subjectInfo, element: <SubjectInfoPage /> }];
const zh = createIntl({ locale: 'zh-CN', messages: testCatalogues.zh_CN });
const say = (id: string, values: Record<string, string | number>) => zh.formatMessage({ id }, values);

/** BJ01-0002 of the subject list: its visits are the marked grid of fixtures/visits. */
const SUBJECT = listFixtures.subjectList.data.list.find((r) => r.subjectid === 'subj-bj01-0002')!;
const VISITS = visitFixtures.visitListMarked.data as VisitRow[];

function client(subjectInfo: FakeHandlers['subjectInfo'] = () => SUBJECT) {
  return createFakeApiClient(
    {
      subjectInfo,
      visitList: VISITS,
      selectNoCHQueryStatus: queryFixtures.selectNoCHQueryStatus.data,
      codeList: ({ codelisttype }) =>
        codelisttype === 'SEX'
          ? listFixtures.codeListSEX.data
          : codelisttype === 'SITE'
            ? listFixtures.codeListSITE.data
            : listFixtures.codeListSUBJSTATUS.data,
    },
    {
      paths: { [listDefinitionsUrl(selectColumns, SUBJECT_LIST_KEY)]: listFixtures.subjectColumns.data },
    },
  );
}

describe('the subject overview', () => {
  it("shows the subject's base info, visit timeline with marks, and open tasks", async () => {
    const fake = client();
    renderApp(subjectInfoPath(SUBJECT.subjectid), { client: fake, routes });

    expect(await screen.findByTestId('subject-info-number')).toHaveTextContent(SUBJECT.subjid);
    expect(fake.paramsOf('subjectInfo')).toEqual([{ subjectid: SUBJECT.subjectid }]);
    // base info through the list's columns: code-list labels once they arrive
    expect(await screen.findByTestId('subject-info-initials')).toHaveTextContent(SUBJECT.initials);
    await waitFor(() => expect(screen.getByTestId('subject-info-sex')).toHaveTextContent(/男$/));

    // every visit in schedule order, its status and its mark
    for (const v of VISITS) {
      expect(
        await screen.findByTestId(`subject-info-visit-${v.visitnum}.${v.cycnum}.${v.svnum}`),
      ).toBeInTheDocument();
    }
    expect(screen.getByTestId('subject-info-visit-mark-V4.1.1')).toHaveTextContent(
      text('visit.mark.unoccurred'),
    );
    // a marked visit without data shows its mark only
    expect(screen.queryByTestId('subject-info-visit-status-V4.1.1')).toBeNull();
    expect(screen.getByTestId('subject-info-visit-status-V1.1.1')).toHaveAttribute('data-status', '2');
    expect(screen.getByTestId('subject-info-visit-status-V2.1.1')).toHaveAttribute('data-status', '1');
    expect(screen.getByTestId('subject-info-visit-V3.1.1')).toHaveTextContent(text('visit.noDate'));

    // open tasks: the fixture's 2 open queries; V2 (2 pages) and the unscheduled visit (1) of the dated visits
    expect(await screen.findByTestId('subject-info-open-queries')).toHaveTextContent(
      say('subjectInfo.openQueries', { count: 2 }),
    );
    expect(screen.getByTestId('subject-info-pages-to-enter')).toHaveTextContent(
      say('subjectInfo.pagesToEnter', { count: 3 }),
    );
    expect(screen.getByTestId('subject-info-to-enter-V2.1.1')).toBeInTheDocument();
    expect(screen.getByTestId('subject-info-to-enter-UNS.1.1')).toBeInTheDocument();
    // a visit without a date, or not occurred, is no task
    expect(screen.queryByTestId('subject-info-to-enter-V3.1.1')).toBeNull();
    expect(screen.queryByTestId('subject-info-to-enter-V4.1.1')).toBeNull();
    expect(fake.paramsOf('selectNoCHQueryStatus')).toEqual([{ subjectid: SUBJECT.subjectid }]);

    // the subject page is one click away
    expect(screen.getByTestId('subject-info-open')).toHaveAttribute(
      'href',
      `/index/subjects/${SUBJECT.subjectid}`,
    );
  });

  it('shows the refusal for a subject of another site, and asks nothing more', async () => {
    const fake = client(() => {
      throw fakeFailure('business', 'subject/subjectinfo.do', failures.subjectInfo.msg);
    });
    renderApp(subjectInfoPath('subj-sh01-0001'), { client: fake, routes });
    expect(await screen.findByText(text('subject.notAvailable'))).toBeInTheDocument();
    expect(screen.queryByTestId('subject-info-number')).toBeNull();
    expect(fake.paramsOf('visitList')).toEqual([]);
    expect(fake.paramsOf('selectNoCHQueryStatus')).toEqual([]);
  });

  it('says so when the address names no subject, and asks nothing', async () => {
    const fake = client();
    renderApp(PATHS.subjectInfo, { client: fake, routes });
    expect(await screen.findByText(text('subjectInfo.noSubject'))).toBeInTheDocument();
    expect(fake.calls).toEqual([]);
  });
});

describe('openTasksOf', () => {
  it('counts queries by form and pages not entered of dated, unmarked visits', () => {
    const tasks = openTasksOf(VISITS, {
      forms: [
        { open: 2, answered: 1 },
        { open: 1, answered: 0 },
      ],
    });
    expect(tasks.openQueries).toBe(3);
    expect(tasks.answeredQueries).toBe(1);
    expect(tasks.toEnter.map((t) => [t.visit.visitnum, t.missing])).toEqual([
      ['V2', 2],
      ['UNS', 1],
    ]);
    expect(tasks.pagesToEnter).toBe(3);
  });

  it('counts no queries when they could not be read', () => {
    expect(openTasksOf([], null)).toEqual({
      openQueries: 0,
      answeredQueries: 0,
      toEnter: [],
      pagesToEnter: 0,
    });
  });
});
