/**
 * The casebook's visit grid and its dialogs (issue 12, visits and pages), fed by the server's fixtures
 * (fixtures/visits): the demo subject's grid with its marks and actions, the same read-only, Add visit (and the
 * spec's message when none is left), marking a page with a reason of the dictionary, a mark the check refuses, and
 * the marked pages with the visit audit trail.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { visitFixtures } from '../../fixtures';
import { PATHS } from '../../src/routing/paths';
import { VisitHistory } from '../../src/features/subjects/visits/VisitHistory';
import { VisitsPanel } from '../../src/features/subjects/visits/VisitsPanel';
import {
  AddFormDialog,
  AddVisitDialog,
  MarkDialog,
  type VisitTarget,
} from '../../src/features/subjects/visits/visitDialogs';
import type { AppStoryParameters } from '../support/StoryHarness';
import { msg } from '../support/storyText';

const SHANGHAI = 'Asia/Shanghai';
const body = () => within(document.body);

const api: AppStoryParameters['api'] = {
  visitList: visitFixtures.visitListMarked.data,
  tableList: visitFixtures.tableListMarked.data,
  hideVisitList: visitFixtures.hideVisitList.data,
  saveVisit: visitFixtures.saveVisit.data,
  invalidationReason: visitFixtures.invalidationReason.data,
  checkDataCaseBook: visitFixtures.checkDataCaseBook.data,
  checkActiveByCaseBook: visitFixtures.checkActiveByCaseBook.data,
  activeData: visitFixtures.activeData.data,
  disUnCollected: visitFixtures.disUnCollected.data,
  disUnHappen: visitFixtures.disUnHappen.data,
  visitAudit: visitFixtures.visitAudit.data,
};

const meta = {
  title: 'Subjects/Visits',
  component: VisitsPanel,
  args: { subjectid: 'subj-bj01-0002', base: PATHS.subjects, userTimeZone: SHANGHAI },
  parameters: { app: { api } satisfies AppStoryParameters },
} satisfies Meta<typeof VisitsPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The CRC's grid: V4 not occurred, an unscheduled visit added, Add visit offered, actions per visit. */
export const VisitGrid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('visit-mark-V4.1.1')).toHaveTextContent(
      msg('visit.mark.unoccurred'),
    );
    await expect(canvas.getByTestId('visit-add')).toBeInTheDocument();
    await expect(canvas.getByTestId('visit-actions-UNS.1.1')).toBeInTheDocument();
  },
};

/** A monitor's grid: the marks shown, no Add visit, no actions. */
export const VisitGridReadOnly: Story = {
  parameters: {
    app: {
      api: {
        ...api,
        visitList: visitFixtures.visitListMarked.data.map((v) => ({ ...v, actions: [] })),
        hideVisitList: visitFixtures.hideVisitListReadOnly.data,
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('visit-mark-V4.1.1');
    await expect(canvas.queryByTestId('visit-add')).toBeNull();
    await expect(canvas.queryByTestId('visit-actions-V4.1.1')).toBeNull();
  },
};

/** Add visit: the visits the schedule offers the subject; Save without a choice sends nothing. */
const visitAdded = fn();
export const AddVisit: Story = {
  render: () => <AddVisitDialog subjectid="subj-bj01-0031" onClose={() => {}} onDone={visitAdded} />,
  play: async () => {
    await userEvent.click(await body().findByTestId('add-visit-save'));
    await expect(body().getByText(msg('casebook.required'))).toBeInTheDocument();
    await expect(visitAdded).not.toHaveBeenCalled();
  },
};

/** No visit left to add: the spec's message, and no Save. */
export const AddVisitNoneLeft: Story = {
  parameters: { app: { api: { ...api, hideVisitList: { allowed: true, visits: [] } } } },
  render: () => <AddVisitDialog subjectid="subj-bj01-0031" onClose={() => {}} onDone={() => {}} />,
  play: async () => {
    await expect(await body().findByTestId('add-visit-unavailable')).toHaveTextContent(msg('visit.add.none'));
  },
};

const v1 = visitFixtures.visitList.data.find((v) => v.visitnum === 'V1')!;
const lbTarget: VisitTarget = {
  subjectid: 'subj-bj01-0031',
  visit: v1,
  form: { ...visitFixtures.tableList.data.find((f) => f.tid === 'LB')!, mark: null },
};

/** Add eCRF: the optional forms of the visit not added yet (IE at V2). */
export const AddForm: Story = {
  parameters: { app: { api: { ...api, hideTableList: visitFixtures.hideTableList.data } } },
  render: () => (
    <AddFormDialog
      target={{
        subjectid: 'subj-bj01-0031',
        visit: visitFixtures.visitList.data.find((v) => v.visitnum === 'V2')!,
      }}
      action="addForm"
      onClose={() => {}}
      onDone={() => {}}
    />
  ),
  play: async () => {
    await expect(await body().findByTestId('add-form-tid')).toBeInTheDocument();
    await userEvent.click(body().getByTestId('add-form-save'));
    await expect(body().getByText(msg('casebook.required'))).toBeInTheDocument();
  },
};

/** Mark a page not occurred: a reason of the dictionary is required. */
export const MarkNotOccurred: Story = {
  render: () => <MarkDialog target={lbTarget} action="unoccurred" onClose={() => {}} onDone={() => {}} />,
  play: async () => {
    await userEvent.click(await body().findByTestId('mark-save'));
    await expect(body().getByText(msg('visit.mark.reasonRequired'))).toBeInTheDocument();
  },
};

/** A page with data cannot be marked not collected: the check says so before any reason is asked. */
export const MarkRefusedByCheck: Story = {
  parameters: { app: { api: { ...api, checkDataCaseBook: visitFixtures.checkDataCaseBookRefused.data } } },
  render: () => <MarkDialog target={lbTarget} action="uncollected" onClose={() => {}} onDone={() => {}} />,
  play: async () => {
    await expect(await body().findByTestId('mark-unavailable')).toHaveTextContent(
      visitFixtures.checkDataCaseBookRefused.data.message ?? '',
    );
  },
};

/** The marked pages and the visit audit trail (visits added and deleted, an eCRF added, a page marked). */
export const MarkedPagesAndAudit: Story = {
  render: () => <VisitHistory subjectid="subj-bj01-0031" userTimeZone={SHANGHAI} reloadToken={0} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = await canvas.findAllByTestId('visit-audit-row');
    await expect(rows).toHaveLength(visitFixtures.visitAudit.data.length);
    await expect(canvas.getAllByTestId('unoccurred-row')).toHaveLength(visitFixtures.disUnHappen.data.length);
  },
};
