/**
 * The monitor's SDV worklist page, fed by the server's fixture (fixtures/sdv/sdvWorklist.json): progress against the
 * plan, the pages left to verify each opening its form, paging by the server's total; a role without sdv.verify sees
 * the server's refusal.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reviewFixtures } from '../../../fixtures';
import { createFakeApiClient, fakeFailure } from '../../../renderers/testing/fakeApiClient';
import { formPath } from '../../routing/formPaths';
import { PATHS } from '../../routing/paths';
import { renderApp, seedSession } from '../../testing/renderApp';
import { roleLoginInfo } from '../../testing/sampleData';
import { SdvWorklistPage } from './SdvWorklistPage';

const worklist = reviewFixtures.sdvWorklist.data!;

type Handlers = NonNullable<Parameters<typeof createFakeApiClient>[0]>;

function setup(handler: Handlers['sdvWorklist']) {
  seedSession(window.sessionStorage, roleLoginInfo);
  const client = createFakeApiClient({ sdvWorklist: handler });
  const routes = [
    { path: PATHS.sdvWorklist, element: <SdvWorklistPage /> },
    { path: `${PATHS.subjects}/*`, element: <div data-testid="form-stub" /> },
  ];
  return { ...renderApp(PATHS.sdvWorklist, { client, routes }), client };
}

describe('the SDV worklist', () => {
  it('shows progress against the plan and the pages to verify, each linking to its form', async () => {
    const { router } = setup(worklist);
    const rows = await screen.findAllByTestId('sdv-worklist-row');
    expect(rows).toHaveLength(worklist.list.length);
    expect(screen.getByTestId('sdv-progress')).toHaveTextContent(String(worklist.progress.required));
    const first = worklist.list[0]!;
    expect(rows[0]).toHaveTextContent(first.subjid);
    await userEvent.click(within(rows[0]!).getByRole('link'));
    expect(router.state.location.pathname).toBe(
      formPath(PATHS.subjects, first.subjectid, {
        visitnum: first.visitnum,
        cycnum: first.cycnum,
        svnum: first.svnum,
        tid: first.tid,
      }),
    );
  });

  it('asks the next page when the total says there is one', async () => {
    const { client } = setup((params: { page: number }) => ({
      ...worklist,
      total: 45,
      list: params.page === 1 ? worklist.list : [],
    }));
    await screen.findAllByTestId('sdv-worklist-row');
    await userEvent.click(screen.getByRole('button', { name: /下一页/ }));
    expect(await screen.findByTestId('sdv-worklist-empty')).toBeInTheDocument();
    expect(client.paramsOf('sdvWorklist').map((p) => (p as { page: number }).page)).toEqual([1, 2]);
  });

  it('shows the refusal for a role without sdv.verify', async () => {
    setup(() => {
      throw fakeFailure('business', 'sdvWorklist.do', '当前角色无权进行源数据核查');
    });
    expect(await screen.findByTestId('sdv-worklist-refused')).toBeInTheDocument();
    expect(screen.queryByTestId('sdv-worklist-row')).toBeNull();
  });
});
