/**
 * Freeze and unfreeze with approval (issue 14), fed by the server's fixtures (fixtures/freeze): the record's freeze
 * dialog — a page not frozen (apply: nothing selected and no reason refused in place; an application sent), a frozen
 * page (unfreeze preselected, the freeze in words) —, the frozen notice of a read-only page with its reason, and the
 * freeze requests list (/index/freezeRequests) from the list engine's definitions and rows.
 */
import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import Box from '@mui/material/Box';
import { FREEZE_LIST_KEY, freezeList } from '../../engine/api/freeze';
import { listDefinitionsUrl, selectColumns, selectSearchFields } from '../../engine/api/lists';
import { compileForm } from '../../engine/form';
import type { RawFormSchema } from '../../engine/form/types';
import { freezeFixtures } from '../../fixtures';
import type { RecordActionContext } from '../../renderers/actions/recordActions';
import { useApiClient } from '../../renderers/apiClientContext';
import { fakeFailure } from '../../renderers/testing/fakeApiClient';
import { ListScreen } from '../../renderers/list/ListScreen';
import { FreezeApplyDialog } from '../../src/features/freeze/FreezeApplyDialog';
import { freezeListScreen } from '../../src/features/freeze/freezeListScreen';
import { FrozenNotice } from '../../src/features/freeze/FrozenNotice';
import type { AppStoryParameters } from '../support/StoryHarness';
import { ListApi, STORY_TIME_ZONE } from '../support/listStory';
import { msg } from '../support/storyText';

const frozenInfo = freezeFixtures.dataInfoFrozen.success ? freezeFixtures.dataInfoFrozen.data : null;
const pendingStatus = freezeFixtures.freezeStatusPending.success
  ? freezeFixtures.freezeStatusPending.data
  : null;
const frozenStatus = freezeFixtures.freezeStatusFrozen.success
  ? freezeFixtures.freezeStatusFrozen.data
  : null;
const notFrozen = { frozen: [], pending: [], approvalRoles: pendingStatus!.approvalRoles };

function useRecordCtx(capabilities: readonly string[]): RecordActionContext {
  const client = useApiClient();
  const [ctx] = useState<RecordActionContext>(() => {
    const compiled = compileForm(frozenInfo!.schema as RawFormSchema);
    if (!compiled.ok) throw new Error('VS does not compile');
    return {
      form: compiled.form,
      record: frozenInfo!.record,
      capabilities: new Set(capabilities),
      keys: { subjectid: 'subj-bj01-0002', visitnum: 'V1', cycnum: 1, svnum: 1, tid: 'VS' },
      lineno: null,
      client,
      controller: { current: null },
      userTimeZone: STORY_TIME_ZONE,
      save: async () => true,
      busy: false,
      reload: () => undefined,
    };
  });
  return ctx;
}

function ApplyStory() {
  const ctx = useRecordCtx(['view', 'audit', 'freeze.apply']);
  return <FreezeApplyDialog ctx={ctx} onClose={() => undefined} />;
}

const meta = {
  title: 'Review/Freeze',
  component: ApplyStory,
  parameters: {
    app: {
      api: {
        freezeStatus: notFrozen,
        applyFreeze: freezeFixtures.applyFreeze.success
          ? freezeFixtures.applyFreeze.data
          : { requestids: [] },
      },
    } satisfies AppStoryParameters,
  },
} satisfies Meta<typeof ApplyStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A DM or CRA on a page not frozen: items and a reason are asked for before anything is sent; then it is sent. */
export const ApplyToFreeze: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByTestId('freeze-apply-dialog');
    await expect(within(dialog).getByTestId('freeze-current')).toHaveTextContent(msg('freeze.notFrozen'));
    const level = (l: string) => within(dialog).getByTestId(`freeze-level-${l}`).querySelector('input')!;
    await userEvent.click(level('item'));
    await userEvent.click(body.getByTestId('freeze-send'));
    await expect(body.getByTestId('freeze-problem')).toHaveTextContent(msg('freeze.selectItems'));
    await userEvent.click(level('page'));
    await userEvent.click(body.getByTestId('freeze-send'));
    await expect(body.getByTestId('freeze-problem')).toHaveTextContent(msg('freeze.reasonRequired'));
    await userEvent.type(body.getByTestId('freeze-reason-input'), '中期分析前冻结');
    await userEvent.click(body.getByTestId('freeze-send'));
    await expect(await body.findByTestId('freeze-sent')).toBeInTheDocument();
  },
};

/** The server refuses (a request pending already): its message in place, nothing else changes. */
export const RefusedByServer: Story = {
  parameters: {
    app: {
      api: {
        freezeStatus: pendingStatus!,
        applyFreeze: () => {
          throw fakeFailure('business', 'applyFreeze', '该数据已有待审批的冻结或解冻申请');
        },
      },
    } satisfies AppStoryParameters,
  },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByTestId('freeze-pending')).toHaveTextContent('cra.zhao');
    await userEvent.type(body.getByTestId('freeze-reason-input'), '再次申请');
    await userEvent.click(body.getByTestId('freeze-send'));
    await expect(await body.findByTestId('freeze-problem')).toHaveTextContent(
      '该数据已有待审批的冻结或解冻申请',
    );
  },
};

/** A frozen page: the freeze in words (who applied, who approved, why), unfreeze preselected. */
export const FrozenPage: Story = {
  parameters: { app: { api: { freezeStatus: frozenStatus! } } satisfies AppStoryParameters },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const current = await body.findByTestId('freeze-current');
    await expect(current).toHaveTextContent('中期分析前冻结');
    await expect(current).toHaveTextContent('dm.chen');
    const unfreeze = body.getByTestId('freeze-action-unfreeze').querySelector('input');
    await expect(unfreeze).toBeChecked();
  },
};

function NoticeStory() {
  const ctx = useRecordCtx(['view', 'audit', 'frozen']);
  return <FrozenNotice ctx={ctx} />;
}

/** The read-only notice of a frozen page (the `frozen` record action's status), with the reason. */
export const FrozenNoticeWithReason: StoryObj<typeof NoticeStory> = {
  render: () => <NoticeStory />,
  parameters: { app: { api: { freezeStatus: frozenStatus! } } satisfies AppStoryParameters },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const notice = await canvas.findByTestId('form-frozen');
    await expect(notice).toHaveTextContent(msg('freeze.readOnly'));
    await expect(await within(notice).findByTestId('freeze-reason')).toHaveTextContent('中期分析前冻结');
  },
};

/** The requests as the DM at BJ01 sees them (fixtures: freezeList.do page 1, one pending). */
function RequestsStory() {
  const [config] = useState(() => freezeListScreen(() => undefined));
  const page = freezeFixtures.freezeList.success ? freezeFixtures.freezeList.data : null;
  return (
    <ListApi
      setup={() => ({
        paths: {
          [listDefinitionsUrl(selectSearchFields, FREEZE_LIST_KEY)]: freezeFixtures.freezeSearchFields.success
            ? freezeFixtures.freezeSearchFields.data
            : [],
          [listDefinitionsUrl(selectColumns, FREEZE_LIST_KEY)]: freezeFixtures.freezeColumns.success
            ? freezeFixtures.freezeColumns.data
            : [],
          [freezeList.path]: page ?? { list: [], total: 0, page: 1, size: 20 },
        },
      })}
    >
      <Box sx={{ p: 2 }}>
        <ListScreen
          config={config}
          userTimeZone={STORY_TIME_ZONE}
          gridHeight={320}
          suppressRowVirtualisation
        />
      </Box>
    </ListApi>
  );
}

export const Requests: StoryObj<typeof RequestsStory> = {
  render: () => <RequestsStory />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect((await canvas.findAllByText('BJ01-0002', {}, { timeout: 10_000 })).length).toBe(1);
    await expect(canvas.getAllByText('中期分析前冻结').length).toBeGreaterThan(0);
  },
};

/** The applicant's own pending request: Withdraw asks a reason (refused in place without), then withdraws it. */
/** What the Withdraw story's fake server received. */
const withdrawSent: { requestids: string[]; reason?: string }[] = [];

export const WithdrawOwnRequest: Story = {
  parameters: {
    app: {
      api: {
        freezeStatus: {
          ...pendingStatus!,
          pending: pendingStatus!.pending.map((p) => ({ ...p, mine: true })),
        },
        withdrawFreeze: (params) => {
          withdrawSent.push(params);
          return { withdrawn: params.requestids.length };
        },
      },
    } satisfies AppStoryParameters,
  },
  play: async ({ canvasElement }) => {
    withdrawSent.length = 0;
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByTestId('freeze-pending-withdraw'));
    await userEvent.click(body.getByTestId('freeze-withdraw-save'));
    await expect(body.getByTestId('freeze-withdraw-problem')).toHaveTextContent(msg('freeze.reasonRequired'));
    await userEvent.type(body.getByTestId('freeze-withdraw-reason'), '申请有误');
    await userEvent.click(body.getByTestId('freeze-withdraw-save'));
    await expect(await body.findByTestId('freeze-withdrawn')).toHaveTextContent(msg('freeze.withdrawn'));
    await expect(body.queryByTestId('freeze-pending')).toBeNull();
    // one request sent, after the reason was given: the user's own pending request, with the reason typed
    await expect(withdrawSent).toEqual([
      { requestids: pendingStatus!.pending.map((p) => p.requestid), reason: '申请有误' },
    ]);
  },
};

/** Someone else's pending request offers no Withdraw; the server refuses anyway (its message in place). */
export const WithdrawRefused: Story = {
  parameters: {
    app: {
      api: {
        freezeStatus: {
          ...pendingStatus!,
          pending: [
            ...pendingStatus!.pending.map((p) => ({ ...p, mine: false })),
            ...pendingStatus!.pending.map((p) => ({ ...p, requestid: `${p.requestid}9`, mine: true })),
          ],
        },
        withdrawFreeze: () => {
          throw fakeFailure('business', 'withdrawFreeze', '该申请已审批或已撤回，不能撤回');
        },
      },
    } satisfies AppStoryParameters,
  },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findAllByTestId('freeze-pending')).toHaveLength(2);
    await expect(body.getAllByTestId('freeze-pending-withdraw')).toHaveLength(1);
    await userEvent.click(body.getByTestId('freeze-pending-withdraw'));
    await userEvent.type(body.getByTestId('freeze-withdraw-reason'), '申请有误');
    await userEvent.click(body.getByTestId('freeze-withdraw-save'));
    await expect(await body.findByTestId('freeze-withdraw-problem')).toHaveTextContent('不能撤回');
    await expect(body.getAllByTestId('freeze-pending')).toHaveLength(2);
  },
};
