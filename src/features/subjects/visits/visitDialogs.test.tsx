/**
 * The visit grid's dialogs on the server's fixtures: Add visit (the visits offered, required choice, the save, the
 * spec's message when none is left), Mark (checked first: a refusal said before any reason is asked; a reason of the
 * dictionary required, its text when the reason asks one; the server's refusal in place, what was typed kept), the
 * confirmations, and the grid's marks and actions menus.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { visitFixtures } from '../../../../fixtures';
import type { VisitRow } from '../../../../engine/api/visits';
import {
  createFakeApiClient,
  fakeFailure,
  type FakeHandlers,
} from '../../../../renderers/testing/fakeApiClient';
import { PATHS } from '../../../routing/paths';
import { TestProviders, renderApp, text } from '../../../testing/renderApp';
import {
  AddFormDialog,
  AddVisitDialog,
  ConfirmVisitDialog,
  MarkDialog,
  type VisitTarget,
} from './visitDialogs';
import { VisitsPanel } from './VisitsPanel';

const SUBJECT = 'subj-bj01-0031';
const visits = visitFixtures.visitList.data;
const v1 = visits.find((v) => v.visitnum === 'V1')!;
const lb = visitFixtures.tableList.data.find((f) => f.tid === 'LB')!;

function client(overrides: FakeHandlers = {}) {
  return createFakeApiClient({
    hideVisitList: visitFixtures.hideVisitList.data,
    saveVisit: visitFixtures.saveVisit.data,
    invalidationReason: visitFixtures.invalidationReason.data,
    checkDataCaseBook: visitFixtures.checkDataCaseBook.data,
    checkActiveByCaseBook: visitFixtures.checkActiveByCaseBook.data,
    activeData: visitFixtures.activeData.data,
    addNextVisit: visitFixtures.addNextVisit.data,
    deleteVisit: () => visitFixtures.deleteVisit.data,
    ...overrides,
  });
}

function renderIn(fake: ReturnType<typeof createFakeApiClient>, ui: React.ReactNode) {
  render(<TestProviders client={fake}>{ui}</TestProviders>);
}

async function choose(testId: string, option: string) {
  await userEvent.click(await screen.findByTestId(testId));
  await userEvent.click(await screen.findByRole('option', { name: new RegExp(option) }));
}

describe('Add visit', () => {
  it('offers the visits the server allows, requires one, and saves it with its date', async () => {
    const fake = client();
    const onDone = vi.fn();
    renderIn(fake, <AddVisitDialog subjectid={SUBJECT} onClose={vi.fn()} onDone={onDone} />);
    await userEvent.click(await screen.findByTestId('add-visit-save'));
    expect(screen.getByText(text('casebook.required'))).toBeInTheDocument();
    expect(fake.paramsOf('saveVisit')).toHaveLength(0);
    await choose('add-visit-visitnum', '计划外访视');
    await userEvent.click(screen.getByTestId('add-visit-save'));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(visitFixtures.saveVisit.data));
    expect(fake.paramsOf('saveVisit')).toEqual([{ subjectid: SUBJECT, visitnum: 'UNS', visitdate: null }]);
  });

  it("says 'no selectable visit name, cannot add visit' when none is left, and offers no save", async () => {
    renderIn(
      client({ hideVisitList: { allowed: true, visits: [] } }),
      <AddVisitDialog subjectid={SUBJECT} onClose={vi.fn()} onDone={vi.fn()} />,
    );
    expect(await screen.findByTestId('add-visit-unavailable')).toHaveTextContent(text('visit.add.none'));
    expect(screen.queryByTestId('add-visit-save')).toBeNull();
  });
});

describe('Mark a page', () => {
  const target: VisitTarget = { subjectid: SUBJECT, visit: v1, form: { ...lb, mark: null } };

  it('asks the check first, requires a reason (and its text for "other"), then sends the mark', async () => {
    const fake = client();
    const onDone = vi.fn();
    renderIn(fake, <MarkDialog target={target} action="unoccurred" onClose={vi.fn()} onDone={onDone} />);
    await userEvent.click(await screen.findByTestId('mark-save'));
    expect(screen.getByText(text('visit.mark.reasonRequired'))).toBeInTheDocument();
    await choose('mark-reason', '其他');
    await userEvent.click(screen.getByTestId('mark-save'));
    expect(screen.getByText(text('visit.mark.reasonTextRequired'))).toBeInTheDocument();
    expect(fake.paramsOf('activeData')).toHaveLength(0);
    await userEvent.type(screen.getByTestId('mark-reasontext'), ' Lab closed that day ');
    await userEvent.click(screen.getByTestId('mark-save'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(fake.paramsOf('checkDataCaseBook')).toEqual([
      { subjectid: SUBJECT, visitnum: 'V1', cycnum: 1, svnum: 1, tid: 'LB', action: 'unoccurred' },
    ]);
    expect(fake.paramsOf('activeData')).toEqual([
      {
        subjectid: SUBJECT,
        visitnum: 'V1',
        cycnum: 1,
        svnum: 1,
        tid: 'LB',
        action: 'unoccurred',
        reasoncode: 'OTHER',
        reasontext: 'Lab closed that day',
      },
    ]);
  });

  it("says why before asking a reason when the check refuses (a page with data can't be not collected)", async () => {
    const fake = client({ checkDataCaseBook: visitFixtures.checkDataCaseBookRefused.data });
    renderIn(fake, <MarkDialog target={target} action="uncollected" onClose={vi.fn()} onDone={vi.fn()} />);
    expect(await screen.findByTestId('mark-unavailable')).toHaveTextContent(
      visitFixtures.checkDataCaseBookRefused.data.message ?? '',
    );
    expect(screen.queryByTestId('mark-save')).toBeNull();
  });

  it("shows the server's refusal in place and keeps what was typed", async () => {
    const refused = fakeFailure(
      'business',
      'activedata.do',
      'It is marked already; make it valid again first',
    );
    const onDone = vi.fn();
    renderIn(
      client({
        activeData: () => {
          throw refused;
        },
      }),
      <MarkDialog target={target} action="deactivate" onClose={vi.fn()} onDone={onDone} />,
    );
    await choose('mark-reason', '检查未做');
    await userEvent.type(screen.getByTestId('mark-reasontext'), 'seen twice');
    await userEvent.click(screen.getByTestId('mark-save'));
    expect(await screen.findByTestId('mark-refusal')).toHaveTextContent('It is marked already');
    expect(screen.getByTestId('mark-reasontext')).toHaveValue('seen twice');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('makes a page valid again with a reason (checkActiveByCaseBook first)', async () => {
    const fake = client();
    const onDone = vi.fn();
    renderIn(fake, <MarkDialog target={target} action="activate" onClose={vi.fn()} onDone={onDone} />);
    await choose('mark-reason', '不适用');
    await userEvent.click(screen.getByTestId('mark-save'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(fake.paramsOf('checkActiveByCaseBook')).toHaveLength(1);
    expect(fake.paramsOf('activeData')).toEqual([
      expect.objectContaining({ action: 'activate', reasoncode: 'NOT_APPLICABLE', tid: 'LB' }),
    ]);
  });
});

describe('Add eCRF', () => {
  it('offers the optional forms not added yet and adds the chosen one', async () => {
    const v2 = visits.find((v) => v.visitnum === 'V2')!;
    const fake = client({
      hideTableList: visitFixtures.hideTableList.data,
      updateVisitTable: visitFixtures.updateVisitTable.data,
    });
    const onDone = vi.fn();
    renderIn(
      fake,
      <AddFormDialog
        target={{ subjectid: SUBJECT, visit: v2 }}
        action="addForm"
        onClose={vi.fn()}
        onDone={onDone}
      />,
    );
    await choose('add-form-tid', '入选');
    await userEvent.click(screen.getByTestId('add-form-save'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(fake.paramsOf('updateVisitTable')).toEqual([
      { subjectid: SUBJECT, visitnum: 'V2', cycnum: 1, svnum: 1, tid: 'IE', action: 'add' },
    ]);
  });
});

describe('confirmations', () => {
  it('deletes a visit only once confirmed', async () => {
    const fake = client();
    const uns: VisitRow = { ...v1, visitnum: 'UNS', kind: 'unscheduled', added: true };
    const onDone = vi.fn();
    renderIn(
      fake,
      <ConfirmVisitDialog
        target={{ subjectid: SUBJECT, visit: uns }}
        action="deleteVisit"
        onClose={vi.fn()}
        onDone={onDone}
      />,
    );
    expect(fake.paramsOf('deleteVisit')).toHaveLength(0);
    await userEvent.click(await screen.findByTestId('confirm-deleteVisit-save'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(fake.paramsOf('deleteVisit')).toEqual([
      { subjectid: SUBJECT, visitnum: 'UNS', cycnum: 1, svnum: 1 },
    ]);
  });
});

describe('the visit grid', () => {
  const routes = [
    {
      path: `${PATHS.subjects}/:subjectid`,
      element: <VisitsPanel subjectid="subj-rich" base={PATHS.subjects} userTimeZone="Asia/Shanghai" />,
    },
  ];

  it('shows the marks, the actions the server allows, and reads the grid again after a mark', async () => {
    const fake = client({
      visitList: visitFixtures.visitListMarked.data,
      tableList: visitFixtures.tableListMarked.data,
      hideVisitList: visitFixtures.hideVisitList.data,
    });
    renderApp('/index/subjects/subj-rich', { client: fake, routes });
    const v4 = await screen.findByTestId('visit-V4.1.1');
    expect(within(v4).getByTestId('visit-mark-V4.1.1')).toHaveTextContent(text('visit.mark.unoccurred'));
    // not entered is derived: a marked visit without data shows its mark, not "not entered"
    expect(within(v4).queryByTestId('visit-status-V4.1.1')).toBeNull();
    expect(screen.getByTestId('visit-status-V1.1.1')).toHaveTextContent(text('visit.status.2'));
    expect(screen.getByTestId('visit-add')).toBeInTheDocument();
    await userEvent.click(within(v4).getByTestId('visit-actions-V4.1.1'));
    expect(screen.getByTestId('visit-actions-V4.1.1-activate')).toBeInTheDocument();
    expect(screen.queryByTestId('visit-actions-V4.1.1-deleteVisit')).toBeNull();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(
      within(screen.getByTestId('visit-V3.1.1')).getAllByRole('button', { expanded: false })[0]!,
    );
    expect(await screen.findByTestId('form-mark-V3.1.1-LB')).toHaveTextContent(
      text('visit.mark.uncollected'),
    );
    await userEvent.click(screen.getByTestId('form-actions-V3.1.1-VS'));
    await userEvent.click(screen.getByTestId('form-actions-V3.1.1-VS-unoccurred'));
    await choose('mark-reason', '受试者未到访');
    const before = fake.paramsOf('visitList').length;
    await userEvent.click(screen.getByTestId('mark-save'));
    await waitFor(() => expect(fake.paramsOf('visitList').length).toBeGreaterThan(before));
    expect(screen.queryByTestId('mark-save')).toBeNull();
  });

  it('offers no Add visit and no actions to a read-only role', async () => {
    const readOnly = visitFixtures.visitListMarked.data.map((v) => ({ ...v, actions: [] }));
    renderApp('/index/subjects/subj-rich', {
      client: client({ visitList: readOnly, hideVisitList: visitFixtures.hideVisitListReadOnly.data }),
      routes,
    });
    await screen.findByTestId('visit-V4.1.1');
    expect(screen.queryByTestId('visit-add')).toBeNull();
    expect(screen.queryByTestId('visit-actions-V4.1.1')).toBeNull();
  });
});
