/**
 * The subject page's visits: each visit with its entry status; opening a visit lists its forms with their status,
 * each a link to the form page of that visit.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TableRow, VisitRow } from '../../../../engine/api/visits';
import { createFakeApiClient, fakeFailure } from '../../../../renderers/testing/fakeApiClient';
import { formPath } from '../../../routing/formPaths';
import { PATHS } from '../../../routing/paths';
import { renderApp, text } from '../../../testing/renderApp';
import { VisitsPanel } from './VisitsPanel';

const visits: VisitRow[] = [
  {
    visitnum: 'V1',
    cycnum: 1,
    svnum: 1,
    name: { zh_CN: '筛选期', en: 'Screening' },
    visitdate: '2026-01-05',
    status: '2',
    formCount: 2,
    enteredCount: 2,
    kind: 'scheduled',
    added: false,
    mark: null,
    actions: [],
  },
  {
    visitnum: 'V2',
    cycnum: 1,
    svnum: 1,
    name: { zh_CN: '基线', en: 'Baseline' },
    visitdate: null,
    status: '0',
    formCount: 3,
    enteredCount: 0,
    kind: 'scheduled',
    added: false,
    mark: null,
    actions: [],
  },
];

const formsOfV2: TableRow[] = [
  {
    tid: 'VS',
    formid: 'VS',
    name: { zh_CN: '生命体征', en: 'Vital signs' },
    reftype: '3',
    logline: false,
    status: '0',
    lines: 0,
    optional: false,
    mark: null,
    actions: [],
  },
  {
    tid: 'LB',
    formid: 'LB',
    name: { zh_CN: '实验室检查', en: 'Lab' },
    reftype: '3',
    logline: false,
    status: '1',
    lines: 1,
    optional: false,
    mark: null,
    actions: [],
  },
  {
    tid: 'AE',
    formid: 'AE',
    name: { zh_CN: '不良事件', en: 'Adverse events' },
    reftype: '3',
    logline: true,
    status: '2',
    lines: 3,
    optional: false,
    mark: null,
    actions: [],
  },
];

const routes = [
  { path: `${PATHS.subjects}/:subjectid`, element: <VisitsPanel subjectid="subj-1" base={PATHS.subjects} /> },
];

describe('the visits panel', () => {
  it('lists the visits with their status, and a visit opens to its forms, each linking to its page', async () => {
    const client = createFakeApiClient({ visitList: visits, tableList: formsOfV2 });
    renderApp('/index/subjects/subj-1', { client, routes });
    const v1 = await screen.findByTestId('visit-V1.1.1');
    expect(within(v1).getByTestId('visit-status-V1.1.1')).toHaveTextContent(text('visit.status.2'));
    const v2 = screen.getByTestId('visit-V2.1.1');
    expect(within(v2).getByTestId('visit-status-V2.1.1')).toHaveTextContent(text('visit.status.0'));
    expect(v2).toHaveTextContent(text('visit.noDate'));
    expect(client.paramsOf('visitList')).toEqual([{ subjectid: 'subj-1' }]);
    expect(client.paramsOf('tableList')).toHaveLength(0);

    const toggle = within(v2).getByRole('button', { name: /基线/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const vs = await within(v2).findByTestId('form-V2.1.1-VS');
    expect(client.paramsOf('tableList')).toEqual([
      { subjectid: 'subj-1', visitnum: 'V2', cycnum: 1, svnum: 1 },
    ]);

    expect(within(vs).getByRole('link', { name: '生命体征' })).toHaveAttribute(
      'href',
      formPath(PATHS.subjects, 'subj-1', { visitnum: 'V2', cycnum: 1, svnum: 1, tid: 'VS' }),
    );
    expect(vs).toHaveTextContent(text('visit.status.0'));
    expect(within(v2).getByTestId('form-V2.1.1-LB')).toHaveTextContent(text('visit.status.1'));
    const ae = within(v2).getByTestId('form-V2.1.1-AE');
    expect(ae).toHaveTextContent(text('visit.status.2'));
    expect(ae).toHaveTextContent('3 行');

    // closing and opening again does not lose the visit's place
    await userEvent.click(toggle);
    expect(within(v2).queryByTestId('form-V2.1.1-VS')).toBeNull();
  });

  it('offers a retry when the visits could not be loaded', async () => {
    let calls = 0;
    const client = createFakeApiClient({
      visitList: () => {
        calls += 1;
        if (calls === 1) throw fakeFailure('network', 'visit/visitlist.do');
        return visits;
      },
    });
    renderApp('/index/subjects/subj-1', { client, routes });
    expect(await screen.findByText(text('visit.loadFailed'))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: text('grid.retry') }));
    await waitFor(() => expect(screen.getByTestId('visit-V1.1.1')).toBeInTheDocument());
  });

  it('builds form addresses that survive unusual keys', () => {
    expect(
      formPath('/index/subjects', 'a/b', { visitnum: 'V 1', cycnum: 2, svnum: 3, tid: 'AE' }, 'new'),
    ).toBe('/index/subjects/a%2Fb/visits/V%201/2/3/forms/AE?lineno=new');
  });
});
