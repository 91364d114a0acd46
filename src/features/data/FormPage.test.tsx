/**
 * The form page: a record of a visit's form entered, checked and saved the way the engine plans it (please enter,
 * no need to save, please check with the fields marked, warnings confirmed, reasons for changes), the request sent
 * with an idempotency key reused when the same save is retried, drafts kept while typing and offered back, and no
 * entry at all for a role that may only read.
 */
import { STORAGE_KEYS } from '../../../engine/session/storageKeys';
import { createTestPlatform } from '../../testing/testPlatform';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordInfo, SaveOutcome } from '../../../engine/api/data';
import type { DataOf } from '../../../engine/api/endpoint';
import type { auditTrail, dataInfo, dataList } from '../../../engine/api/data';
import {
  createDraftStore,
  createMemoryBackend,
  type DraftScope,
  type DraftStore,
} from '../../../engine/drafts';
import type { FormProblems, FormValues } from '../../../engine/form/types';
import { vsSchema } from '../../../fixtures/forms';
import type { ItemAdornment, ItemAdornmentDialogProps } from '../../../renderers/actions/itemAdornments';
import type { ActionDialogProps, RecordAction } from '../../../renderers/actions/recordActions';
import {
  createRecordRegistries,
  RecordRegistriesProvider,
  type RecordRegistries,
} from '../../../renderers/actions/recordRegistries';
import {
  createFakeApiClient,
  fakeFailure,
  type FakeApiClient,
} from '../../../renderers/testing/fakeApiClient';
import { DraftStoreContext } from '../../drafts/useFormDraft';
import { formPath } from '../../routing/formPaths';
import { PATHS, subjectPath } from '../../routing/paths';
import { renderApp, seedSession, text } from '../../testing/renderApp';
import { roleLoginInfo } from '../../testing/sampleData';
import { FormPage } from './FormPage';

const SUBJECT = 'subj-1';
const KEYS = { visitnum: 'V1', cycnum: 1, svnum: 1, tid: 'VS' };
const PATH = formPath(PATHS.subjects, SUBJECT, KEYS);

const scope: DraftScope = {
  studyId: roleLoginInfo.studyid ?? '',
  userId: roleLoginInfo.userid ?? '',
  subjectid: SUBJECT,
  ...KEYS,
  lineno: 1,
};

const savedRecord: RecordInfo = {
  recordid: 'rec-1',
  lineno: 1,
  rowversion: 3,
  status: '2',
  updatedat: '2026-01-05T08:00:00Z',
  updatedby: 'crc.li',
};

const savedValues: FormValues = { VSDAT: '2026-01-05', SYSBP: '120', DIABP: '80' };

/** What the server grants a data-entry role (CRC, PI) and a role that may only read (CRA, DM, sponsor). */
const ENTRY: readonly string[] = ['view', 'enter', 'change', 'audit'];
const READ_ONLY: readonly string[] = ['view', 'audit'];

function pageData(capabilities: readonly string[] = ENTRY): DataOf<typeof dataList> {
  return {
    tid: 'VS',
    formid: 'VS',
    name: { zh_CN: '生命体征', en: 'Vital signs' },
    version: 1,
    reftype: '3',
    isGoDrug: false,
    table: false,
    columns: null,
    list: null,
    total: 0,
    pageNum: 20,
    innerPage: 1,
    page: 1,
    capabilities: [...capabilities],
  };
}

const memoryDrafts = (): DraftStore =>
  createDraftStore({ backend: createMemoryBackend(), now: () => Date.now() });

interface Setup {
  record?: RecordInfo | null;
  values?: FormValues;
  capabilities?: readonly string[];
  save?: (params: Record<string, unknown>) => SaveOutcome | Promise<SaveOutcome>;
  drafts?: DraftStore;
  schema?: unknown;
  items?: DataOf<typeof dataInfo>['items'];
  /** The record actions and item adornments (the app's defaults when absent). */
  registries?: RecordRegistries;
  auditTrail?: DataOf<typeof auditTrail>;
  /** What the server's edit checks (check.do / checkupdate.do) find; none by default. */
  serverProblems?: FormProblems;
  /** The study's code-list names as datainfo answers them (absent: an older server, no check). */
  codeLists?: string[];
}

function setup({
  record = null,
  values = {},
  capabilities = ENTRY,
  save,
  drafts = memoryDrafts(),
  schema = vsSchema,
  items = {},
  registries,
  auditTrail: auditRows = [],
  serverProblems = {},
  codeLists,
}: Setup = {}) {
  seedSession(window.sessionStorage, roleLoginInfo);
  const info = {
    schema,
    record,
    values,
    items,
    capabilities: [...capabilities],
    ...(codeLists ? { codeLists } : {}),
  } as DataOf<typeof dataInfo>;
  const answer = (params: unknown): SaveOutcome | Promise<SaveOutcome> =>
    save
      ? save(params as Record<string, unknown>)
      : {
          outcome: 'saved',
          record: { ...savedRecord, rowversion: (record?.rowversion ?? 0) + 1 },
          problems: {},
          items: {},
        };
  const client: FakeApiClient = createFakeApiClient({
    dataList: pageData(capabilities),
    dataInfo: info,
    codeList: [],
    saveData: answer as never,
    updateData: answer as never,
    editReasons: [{ code: 'TE', text: { zh_CN: '转录错误', en: 'Transcription error' } }],
    auditTrail: auditRows,
    editCheck: { problems: serverProblems },
    editCheckUpdate: { problems: serverProblems, changed: [] },
  });
  const page = (
    <DraftStoreContext.Provider value={drafts}>
      <FormPage base={PATHS.subjects} />
    </DraftStoreContext.Provider>
  );
  const routes = [
    {
      path: `${PATHS.subjects}/:subjectid/visits/:visitnum/:cycnum/:svnum/forms/:tid`,
      element: registries ? (
        <RecordRegistriesProvider value={registries}>{page}</RecordRegistriesProvider>
      ) : (
        page
      ),
    },
    { path: `${PATHS.subjects}/:subjectid`, element: <div data-testid="subject-stub" /> },
  ];
  return { ...renderApp(PATH, { client, routes }), client, drafts };
}

const row = (variable: string) => screen.getByTestId(`ecrf-row-${variable}`);
// (by element: a dialog open over the form hides it from role queries)
const input = (variable: string) => {
  const element = row(variable).querySelector('input');
  if (!element) throw new Error(`no input for ${variable}`);
  return element;
};
const type = (variable: string, value: string) => fireEvent.change(input(variable), { target: { value } });
const formReady = () => screen.findByTestId('ecrf-row-SYSBP');
const save = () => userEvent.click(screen.getByTestId('form-save'));
const notice = (id: string) => screen.findByText(text(id));

afterEach(() => {
  window.sessionStorage.clear();
});

describe('the form page save flow', () => {
  it('says "please enter" for a new record with nothing entered, and sends nothing', async () => {
    const { client } = setup();
    await formReady();
    expect(screen.getByTestId('form-title')).toHaveTextContent('生命体征');
    await save();
    expect(await notice('formPage.pleaseEnter')).toBeInTheDocument();
    expect(client.paramsOf('saveData')).toHaveLength(0);
  });

  it('says "no need to save" when the saved values are unchanged', async () => {
    const { client } = setup({ record: savedRecord, values: savedValues });
    await formReady();
    expect(input('SYSBP')).toHaveValue('120');
    await save();
    expect(await notice('formPage.noNeedToSave')).toBeInTheDocument();
    expect(client.paramsOf('updateData')).toHaveLength(0);
  });

  it('marks the invalid fields and says "please check" instead of saving', async () => {
    const { client } = setup();
    await formReady();
    type('VSDAT', '2026-01-05');
    type('SYSBP', '12a');
    await save();
    expect(await notice('formPage.pleaseCheck')).toBeInTheDocument();
    expect(row('SYSBP')).toHaveClass('ecrf-row-error');
    expect(input('SYSBP')).toHaveAttribute('aria-invalid', 'true');
    expect(client.paramsOf('saveData')).toHaveLength(0);
  });

  it('asks to confirm warnings before saving, then saves a new record with the warnings confirmed', async () => {
    const { client, drafts } = setup();
    await formReady();
    type('VSDAT', '2026-01-05');
    type('SYSBP', '150');
    type('DIABP', '80');
    await save();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('warning-list')).toBeInTheDocument();
    expect(client.paramsOf('saveData')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: text('ecrf.warnings.confirm') }));
    expect(await notice('formPage.saved')).toBeInTheDocument();
    const [params] = client.paramsOf('saveData') as Record<string, unknown>[];
    expect(params).toMatchObject({
      subjectid: SUBJECT,
      visitnum: 'V1',
      cycnum: 1,
      svnum: 1,
      tid: 'VS',
      version: 1,
      confirmWarnings: true,
      values: expect.objectContaining({ VSDAT: '2026-01-05', SYSBP: '150', DIABP: '80' }) as unknown,
    });
    expect(params?.idempotencyKey).toMatch(/^[A-Za-z0-9-]{16,64}$/);
    // saved: no draft left, the audit trail is there for the new record
    await waitFor(async () => expect(await drafts.load(scope)).toBeNull());
    expect(screen.getByTestId('form-audit')).toBeInTheDocument();
  });

  it("asks the server's edit checks before saving: a soft check only the server knows is confirmed first", async () => {
    const serverWarning = {
      level: 'warning' as const,
      messageId: 'rule.check',
      text: { zh_CN: '请核实血压', en: 'Verify the blood pressure' },
      ruleId: 'BP9',
    };
    const { client } = setup({ serverProblems: { DIABP: [serverWarning] } });
    await formReady();
    type('VSDAT', '2026-01-05');
    type('SYSBP', '120');
    type('DIABP', '80');
    await save();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('warning-list')).toHaveTextContent('请核实血压');
    expect(client.paramsOf('editCheck')).toEqual([
      expect.objectContaining({
        subjectid: SUBJECT,
        tid: 'VS',
        version: 1,
        values: expect.objectContaining({ DIABP: '80' }) as unknown,
      }),
    ]);
    expect(client.paramsOf('saveData')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: text('ecrf.warnings.confirm') }));
    expect(await notice('formPage.saved')).toBeInTheDocument();
    expect(client.paramsOf('saveData')[0]).toMatchObject({ confirmWarnings: true });
  });

  it("an error the server's edit checks find stops the save at the field (please check), nothing saved", async () => {
    const serverError = {
      level: 'error' as const,
      messageId: 'rule.check',
      text: { zh_CN: '舒张压不能高于收缩压', en: 'Diastolic above systolic' },
      ruleId: 'BP2',
    };
    const { client } = setup({
      record: savedRecord,
      values: savedValues,
      serverProblems: { DIABP: [serverError] },
    });
    await formReady();
    type('SYSBP', '125');
    await save();
    expect(await notice('formPage.pleaseCheck')).toBeInTheDocument();
    expect(client.paramsOf('editCheckUpdate')).toEqual([
      expect.objectContaining({
        recordid: 'rec-1',
        values: expect.objectContaining({ SYSBP: '125' }) as unknown,
      }),
    ]);
    expect(client.paramsOf('updateData')).toHaveLength(0);
    expect(row('DIABP')).toHaveTextContent('舒张压不能高于收缩压');
    // what was typed stays
    expect(input('SYSBP')).toHaveValue('125');
  });

  it('asks for a reason for each changed saved value and sends it with the update', async () => {
    const { client } = setup({ record: savedRecord, values: savedValues });
    await formReady();
    type('SYSBP', '125');
    await save();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('reason-row-SYSBP')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('reason-row-DIABP')).toBeNull();
    const reasonText = within(dialog).getByRole('textbox');
    await userEvent.type(reasonText, 'typo in the source transcription');
    await userEvent.click(within(dialog).getByRole('button', { name: text('ecrf.reason.ok') }));
    expect(await notice('formPage.saved')).toBeInTheDocument();
    const [params] = client.paramsOf('updateData') as Record<string, unknown>[];
    expect(params).toMatchObject({
      recordid: 'rec-1',
      rowversion: 3,
      values: expect.objectContaining({ SYSBP: '125' }) as unknown,
      reasons: { SYSBP: expect.objectContaining({ text: 'typo in the source transcription' }) as unknown },
    });
    // the saved values are the new baseline: saving again has nothing to do
    await save();
    expect(await notice('formPage.noNeedToSave')).toBeInTheDocument();
    expect(client.paramsOf('updateData')).toHaveLength(1);
  });

  it('keeps the values and the draft when the request fails, and retries the same save with the same key', async () => {
    let calls = 0;
    const { client, drafts } = setup({
      save: () => {
        calls += 1;
        if (calls === 1) throw fakeFailure('network', 'data/savedata.do');
        return { outcome: 'saved', record: savedRecord, problems: {}, items: {} };
      },
    });
    await formReady();
    type('VSDAT', '2026-01-05');
    type('SYSBP', '120');
    type('DIABP', '80');
    await save();
    await waitFor(() => expect(client.paramsOf('saveData')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('form-save')).toBeEnabled());
    expect(input('SYSBP')).toHaveValue('120');
    const kept = await drafts.load(scope);
    const [first] = client.paramsOf('saveData') as { idempotencyKey: string }[];
    expect(kept?.values).toMatchObject({ SYSBP: '120', DIABP: '80' });
    expect(kept?.idempotencyKey).toBe(first?.idempotencyKey);

    await save();
    expect(await notice('formPage.saved')).toBeInTheDocument();
    const [, second] = client.paramsOf('saveData') as { idempotencyKey: string }[];
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
    expect(await drafts.load(scope)).toBeNull();
  });

  it('keeps the key of a failed save out of a draft of values typed after it', async () => {
    let calls = 0;
    const fails = () => {
      calls += 1;
      if (calls === 1) throw fakeFailure('network', 'data/savedata.do');
      return { outcome: 'saved', record: savedRecord, problems: {}, items: {} } satisfies SaveOutcome;
    };
    const first = setup({ save: fails });
    await formReady();
    type('VSDAT', '2026-01-05');
    type('SYSBP', '120');
    type('DIABP', '80');
    await save();
    await waitFor(() => expect(first.client.paramsOf('saveData')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('form-save')).toBeEnabled());
    const [failed] = first.client.paramsOf('saveData') as { idempotencyKey: string }[];
    // then other values: a draft of them must not carry the key (the server would answer the first save for them)
    type('SYSBP', '121');
    await waitFor(async () =>
      expect((await first.drafts.load(scope))?.values).toMatchObject({ SYSBP: '121' }),
    );
    expect((await first.drafts.load(scope))?.idempotencyKey).toBeNull();
    first.unmount();

    // the page again (forced logout …): the restored values are saved under a key of their own
    const second = setup({ drafts: first.drafts });
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: text('ecrf.draft.restore') }));
    await waitFor(() => expect(input('SYSBP')).toHaveValue('121'));
    await save();
    await waitFor(() => expect(second.client.paramsOf('saveData')).toHaveLength(1));
    const [sent] = second.client.paramsOf('saveData') as { idempotencyKey: string; values: FormValues }[];
    expect(sent?.values).toMatchObject({ SYSBP: '121' });
    expect(sent?.idempotencyKey).not.toBe(failed?.idempotencyKey);
  });

  it('shows the problems the server found at the fields, and a new key for the next save', async () => {
    let calls = 0;
    const { client } = setup({
      save: (): SaveOutcome => {
        calls += 1;
        return calls === 1
          ? { outcome: 'invalid', problems: { DIABP: [{ level: 'error', messageId: 'form.required' }] } }
          : { outcome: 'saved', record: savedRecord, problems: {}, items: {} };
      },
    });
    await formReady();
    type('VSDAT', '2026-01-05');
    type('SYSBP', '120');
    type('DIABP', '80');
    await save();
    expect(await notice('formPage.pleaseCheck')).toBeInTheDocument();
    expect(row('DIABP')).toHaveClass('ecrf-row-error');
    await save();
    const keys = (client.paramsOf('saveData') as { idempotencyKey: string }[]).map((p) => p.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('offers a conflict reload when the record changed meanwhile', async () => {
    setup({
      record: savedRecord,
      values: savedValues,
      save: () => ({ outcome: 'conflict', record: { ...savedRecord, rowversion: 9 } }),
    });
    await formReady();
    type('SYSBP', '125');
    await save();
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox'), 'late information');
    await userEvent.click(within(dialog).getByRole('button', { name: text('ecrf.reason.ok') }));
    expect(await screen.findByTestId('form-conflict')).toBeInTheDocument();
    expect(input('SYSBP')).toHaveValue('125');
  });
});

describe('typing while a save is under way', () => {
  /** A save whose answer waits until the test gives it. */
  function heldSave() {
    let give: (outcome: SaveOutcome) => void = () => {};
    return {
      save: () =>
        new Promise<SaveOutcome>((resolve) => {
          give = resolve;
        }),
      answer: (outcome: SaveOutcome) => give(outcome),
    };
  }

  it('keeps what was typed during the save of a new record, as an unsaved change with its draft', async () => {
    const held = heldSave();
    const { client, drafts } = setup({ save: held.save });
    await formReady();
    type('VSDAT', '2026-01-05');
    type('SYSBP', '120');
    type('DIABP', '80');
    await save();
    await waitFor(() => expect(client.paramsOf('saveData')).toHaveLength(1));
    type('SYSBP', '122');
    held.answer({ outcome: 'saved', record: { ...savedRecord, rowversion: 1 }, problems: {}, items: {} });
    expect(await notice('formPage.saved')).toBeInTheDocument();
    expect(input('SYSBP')).toHaveValue('122');
    await waitFor(async () =>
      expect(await drafts.load(scope)).toMatchObject({
        values: expect.objectContaining({ SYSBP: '122' }) as unknown,
        rowversion: 1,
        idempotencyKey: null,
      }),
    );
    // the saved values are the baseline now: 122 is a change of a saved value (a reason), not "no need to save"
    await save();
    expect(await screen.findByTestId('reason-row-SYSBP')).toBeInTheDocument();
    expect(screen.queryByText(text('formPage.noNeedToSave'))).toBeNull();
  });

  it('writes a change handed over before the saved record is rendered at the saved row version', async () => {
    const held = heldSave();
    const store = memoryDrafts();
    // the moment the save's own draft is written (the answer is in, the page has not rendered it yet), the tab goes
    // to the background: the form hands over the change typed meanwhile at once, through the page's draft
    const drafts: DraftStore = {
      ...store,
      save: async (at, draft) => {
        await store.save(at, draft);
        if (draft.rowversion === 1 && draft.values.SYSBP === '122')
          window.dispatchEvent(new Event('pagehide'));
      },
    };
    const { client } = setup({ save: held.save, drafts });
    await formReady();
    type('VSDAT', '2026-01-05');
    type('SYSBP', '120');
    type('DIABP', '80');
    await save();
    await waitFor(() => expect(client.paramsOf('saveData')).toHaveLength(1));
    type('SYSBP', '122');
    held.answer({ outcome: 'saved', record: { ...savedRecord, rowversion: 1 }, problems: {}, items: {} });
    expect(await notice('formPage.saved')).toBeInTheDocument();
    // the last draft written is the change typed meanwhile against the saved record, not against "not saved yet"
    expect(await store.load(scope)).toMatchObject({
      values: expect.objectContaining({ SYSBP: '122' }) as unknown,
      rowversion: 1,
    });
  });

  it('keeps what was typed during an update, and the inputs show it', async () => {
    const held = heldSave();
    const { client, drafts } = setup({ record: savedRecord, values: savedValues, save: held.save });
    await formReady();
    type('SYSBP', '125');
    await save();
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox'), 'transcription error');
    await userEvent.click(within(dialog).getByRole('button', { name: text('ecrf.reason.ok') }));
    await waitFor(() => expect(client.paramsOf('updateData')).toHaveLength(1));
    type('DIABP', '82');
    held.answer({ outcome: 'saved', record: { ...savedRecord, rowversion: 4 }, problems: {}, items: {} });
    expect(await notice('formPage.saved')).toBeInTheDocument();
    expect(input('SYSBP')).toHaveValue('125');
    expect(input('DIABP')).toHaveValue('82');
    await waitFor(async () =>
      expect(await drafts.load(scope)).toMatchObject({
        values: expect.objectContaining({ SYSBP: '125', DIABP: '82' }) as unknown,
        rowversion: 4,
      }),
    );
    // only the change typed meanwhile is unsaved: its reason is asked, not SYSBP's again
    await save();
    const reasons = await screen.findByRole('dialog');
    expect(within(reasons).getByTestId('reason-row-DIABP')).toBeInTheDocument();
    expect(within(reasons).queryByTestId('reason-row-SYSBP')).toBeNull();
  });
});

describe('drafts on the form page', () => {
  it('keeps what is typed as a draft and offers it back when the page opens again', async () => {
    const first = setup({ record: savedRecord, values: savedValues });
    await formReady();
    type('SYSBP', '133');
    await waitFor(async () =>
      expect((await first.drafts.load(scope))?.values).toMatchObject({ SYSBP: '133' }),
    );
    first.unmount();

    // the page again (after a forced logout, a closed tab …): the draft is offered, and restored on request
    setup({ record: savedRecord, values: savedValues, drafts: first.drafts });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('draft-offer-text')).toBeInTheDocument();
    // typed against the record as it still is: nothing newer to warn about
    expect(within(dialog).queryByTestId('draft-offer-stale')).toBeNull();
    expect(input('SYSBP')).toHaveValue('120');
    await userEvent.click(within(dialog).getByRole('button', { name: text('ecrf.draft.restore') }));
    await waitFor(() => expect(input('SYSBP')).toHaveValue('133'));
    // restored values are unsaved changes: saving them asks for a reason
    await save();
    expect(await screen.findByTestId('reason-row-SYSBP')).toBeInTheDocument();
  });

  it('does not offer a draft that holds nothing unsaved (its save reached the server), and removes it', async () => {
    const drafts = memoryDrafts();
    await drafts.save(scope, {
      values: { ...savedValues },
      savedAt: Date.now(),
      rowversion: 2,
      idempotencyKey: 'key-0000000000000001',
    });
    setup({ record: savedRecord, values: savedValues, drafts });
    await formReady();
    await waitFor(async () => expect(await drafts.load(scope)).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('removes a restored draft once saving finds nothing to save', async () => {
    const drafts = memoryDrafts();
    await drafts.save(scope, {
      values: { ...savedValues, SYSBP: '131' },
      savedAt: Date.now(),
      rowversion: 3,
      idempotencyKey: null,
    });
    setup({ record: savedRecord, values: savedValues, drafts });
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: text('ecrf.draft.restore') }));
    await waitFor(() => expect(input('SYSBP')).toHaveValue('131'));
    // typed back to the saved value (no debounced change reaches the draft before Save)
    type('SYSBP', '120');
    await save();
    expect(await notice('formPage.noNeedToSave')).toBeInTheDocument();
    expect(await drafts.load(scope)).toBeNull();
  });

  it('discarding the offered draft removes it and keeps the saved values', async () => {
    const drafts = createDraftStore({ backend: createMemoryBackend(), now: () => Date.now() });
    const typed = { ...savedValues, SYSBP: '140' };
    await drafts.save(scope, { values: typed, savedAt: Date.now(), rowversion: 3, idempotencyKey: null });
    setup({ record: savedRecord, values: savedValues, drafts });
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: text('ecrf.draft.discard') }));
    await waitFor(async () => expect(await drafts.load(scope)).toBeNull());
    expect(input('SYSBP')).toHaveValue('120');
  });

  it('asks before leaving with unsaved changes, and stays or leaves as told', async () => {
    const { router } = setup({ record: savedRecord, values: savedValues });
    await formReady();
    type('SYSBP', '125');
    await userEvent.click(screen.getByTestId('form-back'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: text('ecrf.unsaved.stay') }));
    expect(router.state.location.pathname).toBe(PATH);
    expect(input('SYSBP')).toHaveValue('125');
    await userEvent.click(screen.getByTestId('form-back'));
    const again = await screen.findByRole('dialog');
    await userEvent.click(within(again).getByRole('button', { name: text('ecrf.unsaved.discard') }));
    await waitFor(() => expect(router.state.location.pathname).toBe(subjectPath(PATHS.subjects, SUBJECT)));
  });
});

describe('a draft typed against an older state of the record', () => {
  it('says who changed the record since; restoring still works, with reasons and a fresh key for the save', async () => {
    const drafts = memoryDrafts();
    const staleKey = 'key-0000000000000002';
    // typed against rowversion 2; crc.li has saved the record since (rowversion 3)
    await drafts.save(scope, {
      values: { ...savedValues, SYSBP: '140' },
      savedAt: Date.now(),
      rowversion: 2,
      idempotencyKey: staleKey,
    });
    const { client } = setup({ record: savedRecord, values: savedValues, drafts });
    const dialog = await screen.findByRole('dialog');
    const warning = within(dialog).getByTestId('draft-offer-stale');
    expect(warning).toHaveTextContent('crc.li');
    expect(warning).toHaveTextContent('2026-01-05');
    await userEvent.click(within(dialog).getByRole('button', { name: text('ecrf.draft.restore') }));
    await waitFor(() => expect(input('SYSBP')).toHaveValue('140'));
    // the restored values replace newer ones: the save asks for reasons as any change does
    await save();
    const reasons = await screen.findByRole('dialog');
    expect(within(reasons).getByTestId('reason-row-SYSBP')).toBeInTheDocument();
    await userEvent.type(within(reasons).getByRole('textbox'), 'source document updated');
    await userEvent.click(within(reasons).getByRole('button', { name: text('ecrf.reason.ok') }));
    expect(await notice('formPage.saved')).toBeInTheDocument();
    const [params] = client.paramsOf('updateData') as { rowversion: number; idempotencyKey: string }[];
    expect(params?.rowversion).toBe(3);
    // the draft's key belonged to a save against the older record: not reused
    expect(params?.idempotencyKey).not.toBe(staleKey);
  });

  it('warns too when the draft was typed before the record existed and it has been saved since', async () => {
    const drafts = memoryDrafts();
    await drafts.save(scope, {
      values: { ...savedValues, SYSBP: '141' },
      savedAt: Date.now(),
      rowversion: null,
      idempotencyKey: null,
    });
    setup({ record: savedRecord, values: savedValues, drafts });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('draft-offer-stale')).toHaveTextContent('crc.li');
  });
});

describe('item status icons after a save', () => {
  const entered = () => text('ecrf.status.entered');
  const noteList = () => text('ecrf.status.noteList');
  const icon = (variable: string, label: string) => within(row(variable)).queryByRole('img', { name: label });

  it('takes the status of a new record from the save outcome, with no second read, keeping values and focus', async () => {
    const { client } = setup({
      save: () => ({
        outcome: 'saved',
        record: { ...savedRecord, rowversion: 1 },
        problems: {},
        items: {
          VSDAT: { datatype: 0, note: 0 },
          SYSBP: { datatype: 0, note: 0 },
          DIABP: { datatype: 0, note: 0 },
        },
      }),
    });
    await formReady();
    expect(icon('SYSBP', entered())).toBeNull();
    type('VSDAT', '2026-01-05');
    type('SYSBP', '120');
    type('DIABP', '80');
    input('DIABP').focus();
    await save();
    expect(await notice('formPage.saved')).toBeInTheDocument();
    await waitFor(() => expect(icon('SYSBP', entered())).toBeInTheDocument());
    expect(icon('DIABP', entered())).toBeInTheDocument();
    expect(icon('PULSE', entered())).toBeNull();
    expect(input('DIABP')).toHaveValue('80');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('page-loading')).toBeNull();
    expect(client.paramsOf('dataInfo')).toHaveLength(1);
  });

  it('shows the status the update answers (a note added meanwhile, a value derived), with no second read', async () => {
    const { client } = setup({
      record: savedRecord,
      values: savedValues,
      items: { SYSBP: { datatype: 0, note: 0 }, DIABP: { datatype: 0, note: 0 } },
      save: () => ({
        outcome: 'saved',
        record: { ...savedRecord, rowversion: 4 },
        problems: {},
        items: { SYSBP: { datatype: 0, note: 1 }, DIABP: { datatype: -1, note: 0 } },
      }),
    });
    await formReady();
    expect(icon('SYSBP', noteList())).toBeNull();
    expect(icon('DIABP', entered())).toBeInTheDocument();
    type('SYSBP', '125');
    await save();
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox'), 'transcription error');
    await userEvent.click(within(dialog).getByRole('button', { name: text('ecrf.reason.ok') }));
    expect(await notice('formPage.saved')).toBeInTheDocument();
    await waitFor(() => expect(icon('SYSBP', noteList())).toBeInTheDocument());
    expect(icon('DIABP', text('ecrf.status.derived'))).toBeInTheDocument();
    expect(icon('DIABP', entered())).toBeNull();
    expect(client.paramsOf('dataInfo')).toHaveLength(1);
  });

  it('keeps the status shown when a save is refused', async () => {
    setup({
      record: savedRecord,
      values: savedValues,
      items: { SYSBP: { datatype: 0, note: 2 } },
      save: () => ({ outcome: 'conflict', record: { ...savedRecord, rowversion: 9 } }),
    });
    await formReady();
    type('SYSBP', '126');
    await save();
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox'), 'late information');
    await userEvent.click(within(dialog).getByRole('button', { name: text('ecrf.reason.ok') }));
    expect(await screen.findByTestId('form-conflict')).toBeInTheDocument();
    expect(icon('SYSBP', text('ecrf.status.noteReview'))).toBeInTheDocument();
  });
});

describe('leaving the form page', () => {
  it('keeps the last change typed just before leaving, and no draft once the user discards', async () => {
    const first = setup({ record: savedRecord, values: savedValues });
    await formReady();
    type('SYSBP', '126');
    // gone at once (a forced logout, a link): the change still waiting for the draft is written all the same
    first.unmount();
    await waitFor(async () =>
      expect((await first.drafts.load(scope))?.values).toMatchObject({ SYSBP: '126' }),
    );

    const second = setup({ record: savedRecord, values: savedValues });
    await formReady();
    type('SYSBP', '127');
    await userEvent.click(screen.getByTestId('form-back'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: text('ecrf.unsaved.discard') }));
    await waitFor(() =>
      expect(second.router.state.location.pathname).toBe(subjectPath(PATHS.subjects, SUBJECT)),
    );
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await second.drafts.load(scope)).toBeNull();
  });
});

describe('a malformed form schema', () => {
  it('lists the schema issues instead of the form, with no Save', async () => {
    const broken = {
      ...vsSchema,
      sections: [
        {
          id: 'S1',
          title: 'Broken',
          items: [
            { variable: 'A', label: 'A', fieldtype: 'integer' },
            { variable: 'A', label: 'A again', fieldtype: 'sliderx' },
          ],
        },
      ],
      rules: [],
    };
    setup({ schema: broken });
    const panel = await screen.findByTestId('schema-issues');
    expect(within(panel).getAllByTestId('schema-issue').length).toBeGreaterThanOrEqual(2);
    expect(panel).not.toHaveTextContent(/form\.[a-zA-Z]+/); // translated, not message ids
    expect(screen.queryByTestId('ecrf-form')).toBeNull();
    expect(screen.queryByTestId('form-save')).toBeNull();
  });

  it('names a select whose code list the study does not have (datainfo names the study’s lists), not an empty select', async () => {
    const withList = {
      ...vsSchema,
      sections: [
        {
          id: 'S1',
          title: 'Lists',
          items: [
            { variable: 'POS', label: 'Position', fieldtype: 'select', codelisttype: 'POSITION' },
            { variable: 'SEXQ', label: 'Sex', fieldtype: 'radio', codelisttype: 'SEX' },
          ],
        },
      ],
      rules: [],
    };
    setup({ schema: withList, codeLists: ['SITE', 'SEX', 'YN'] });
    const panel = await screen.findByTestId('schema-issues');
    const issues = within(panel).getAllByTestId('schema-issue');
    expect(issues).toHaveLength(1);
    expect(issues[0]).toHaveTextContent(/POSITION/);
    expect(issues[0]).not.toHaveTextContent(/form\.unknownCodeList/);
    expect(screen.queryByTestId('ecrf-form')).toBeNull();
  });

  it('enters a form whose code lists the study has', async () => {
    const known = {
      ...vsSchema,
      sections: [
        {
          id: 'S1',
          title: 'Lists',
          items: [{ variable: 'SEXQ', label: 'Sex', fieldtype: 'radio', codelisttype: 'SEX' }],
        },
      ],
      rules: [],
    };
    setup({ schema: known, codeLists: ['SITE', 'SEX', 'YN'] });
    await screen.findByTestId('ecrf-form');
    expect(screen.queryByTestId('schema-issues')).toBeNull();
  });
});

describe('the form page for a role that may only read', () => {
  it('shows the values read-only, without Save, and keeps no drafts', async () => {
    const { drafts } = setup({ record: savedRecord, values: savedValues, capabilities: READ_ONLY });
    await formReady();
    expect(screen.queryByTestId('form-save')).toBeNull();
    expect(screen.getByText(text('formPage.readOnly'))).toBeInTheDocument();
    expect(input('SYSBP')).toHaveAttribute('readonly');
    expect(screen.getByTestId('form-audit')).toBeInTheDocument();
    expect(await drafts.load(scope)).toBeNull();
  });
});

describe('what the server grants decides the actions', () => {
  it('a saved record without "change" is read-only even with "enter" (enter is a first entry only)', async () => {
    setup({ record: savedRecord, values: savedValues, capabilities: ['view', 'enter'] });
    await formReady();
    expect(screen.queryByTestId('form-save')).toBeNull();
    expect(screen.getByText(text('formPage.readOnly'))).toBeInTheDocument();
    expect(input('SYSBP')).toHaveAttribute('readonly');
    // no "audit" granted: no audit trail either
    expect(screen.queryByTestId('form-audit')).toBeNull();
  });

  it('a record not entered yet without "enter" cannot be entered', async () => {
    setup({ capabilities: ['view', 'change', 'audit'] });
    await formReady();
    expect(screen.queryByTestId('form-save')).toBeNull();
    expect(input('SYSBP')).toHaveAttribute('readonly');
    // nothing saved: no audit trail to read
    expect(screen.queryByTestId('form-audit')).toBeNull();
  });

  it('opens the audit trail of the record with the spec columns (varname, originalvalue, currentvalue, note)', async () => {
    const { client } = setup({
      record: savedRecord,
      values: savedValues,
      auditTrail: [
        {
          id: 'a1',
          action: 'update',
          varname: 'SYSBP',
          label: null,
          originalvalue: '118',
          currentvalue: '120',
          note: 'transcription error',
          username: 'crc.li',
          realname: 'Li Na',
          role: { zh_CN: 'CRC', en: 'CRC' },
          at: '2026-01-05T08:00:00Z',
        },
      ],
    });
    await formReady();
    await userEvent.click(screen.getByTestId('form-audit'));
    const [row] = await screen.findAllByTestId('audit-row');
    expect(within(row!).getByTestId('audit-old')).toHaveTextContent('118');
    expect(within(row!).getByTestId('audit-new')).toHaveTextContent('120');
    expect(row).toHaveTextContent('SYSBP');
    expect(row).toHaveTextContent('transcription error');
    expect(client.paramsOf('auditTrail')).toEqual([{ recordid: 'rec-1' }]);
  });
});

describe('a workflow added as registrations only (the form page unchanged)', () => {
  /** SDV as a later issue would add it: an action with its dialog and an adornment, in a registry of the test. */
  function withSdv(): RecordRegistries {
    const registries = createRecordRegistries();
    function SdvDialog({ ctx, onClose }: ActionDialogProps) {
      return (
        <div role="dialog" data-testid="sdv-dialog">
          {ctx.record?.recordid}
          <button onClick={onClose}>close</button>
        </div>
      );
    }
    const sdvAction: RecordAction = {
      id: 'sdv',
      order: 50,
      scope: 'form',
      capability: 'sdv',
      labelId: 'formPage.reload',
      appliesTo: ({ record }) => record !== null,
      Dialog: SdvDialog,
    };
    const sdvAdornment: ItemAdornment = {
      id: 'sdv',
      order: 30,
      capability: 'sdv',
      icons: {
        done: { path: 'M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z', labelId: 'formPage.saved' },
      },
      icon: (state) => (state?.sdv === 1 ? 'done' : null),
    };
    registries.actions.register(sdvAction);
    registries.adornments.register(sdvAdornment);
    return registries;
  }
  const items = { SYSBP: { datatype: 0, note: 0, sdv: 1 }, DIABP: { datatype: 0, note: 0, sdv: 0 } };
  const sdvIcon = (variable: string) =>
    within(row(variable)).queryByRole('img', { name: text('formPage.saved') });

  it('draws the action (in its place) and the adornment when the server grants the capability', async () => {
    setup({
      record: savedRecord,
      values: savedValues,
      items,
      registries: withSdv(),
      capabilities: [...ENTRY, 'sdv'],
    });
    await formReady();
    const toolbar = screen.getByTestId('record-actions');
    const ids = within(toolbar)
      .getAllByRole('button')
      .map((b) => b.getAttribute('data-testid'));
    expect(ids).toEqual(['form-save', 'record-action-sdv', 'form-audit']);
    expect(sdvIcon('SYSBP')).toBeInTheDocument();
    expect(sdvIcon('DIABP')).toBeNull();
    await userEvent.click(screen.getByTestId('record-action-sdv'));
    expect(await screen.findByTestId('sdv-dialog')).toHaveTextContent('rec-1');
    await userEvent.click(screen.getByRole('button', { name: 'close' }));
    expect(screen.queryByTestId('sdv-dialog')).toBeNull();
  });

  it('draws neither when the capability is not granted, nor anywhere without the registration', async () => {
    const first = setup({ record: savedRecord, values: savedValues, items, registries: withSdv() });
    await formReady();
    expect(screen.queryByTestId('record-action-sdv')).toBeNull();
    expect(sdvIcon('SYSBP')).toBeNull();
    expect(screen.getByTestId('form-save')).toBeInTheDocument();
    first.unmount();

    // the app's own registries hold no SDV: granting it draws nothing
    setup({ record: savedRecord, values: savedValues, items, capabilities: [...ENTRY, 'sdv'] });
    await formReady();
    expect(screen.queryByTestId('record-action-sdv')).toBeNull();
    expect(sdvIcon('SYSBP')).toBeNull();
  });
});

describe('an item adornment that opens a dialog (registrations only)', () => {
  /** A query-like adornment: its icon is a button; the dialog marks the item and the icon follows. */
  function withFlagDialog(): RecordRegistries {
    const registries = createRecordRegistries();
    function FlagDialog({ ctx, variable, state, onClose, onItemState }: ItemAdornmentDialogProps) {
      return (
        <div role="dialog" data-testid="flag-dialog">
          {`${ctx.record?.recordid}:${variable}:${String(state?.flag ?? 'none')}`}
          <button onClick={() => onItemState({ flag: 'open' })}>raise</button>
          <button onClick={onClose}>close</button>
        </div>
      );
    }
    registries.adornments.register({
      id: 'flag',
      order: 40,
      icons: {
        none: { path: 'M0 0h24v24H0z', labelId: 'formPage.reload' },
        open: { path: 'M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z', labelId: 'formPage.saved' },
      },
      icon: (state) => (state?.flag === 'open' ? 'open' : 'none'),
      Dialog: FlagDialog,
    });
    return registries;
  }

  it('opens the dialog on the clicked item; its new state redraws that item’s icon only', async () => {
    setup({ record: savedRecord, values: savedValues, registries: withFlagDialog() });
    await formReady();
    const button = (variable: string, label: string) =>
      within(row(variable)).getByRole('button', { name: text(label) });
    await userEvent.click(button('DIABP', 'formPage.reload'));
    expect(await screen.findByTestId('flag-dialog')).toHaveTextContent('rec-1:DIABP:none');
    await userEvent.click(screen.getByRole('button', { name: 'raise' }));
    await userEvent.click(screen.getByRole('button', { name: 'close' }));
    expect(screen.queryByTestId('flag-dialog')).toBeNull();
    expect(button('DIABP', 'formPage.saved')).toBeInTheDocument();
    expect(button('SYSBP', 'formPage.reload')).toBeInTheDocument();
    // opened again by keyboard: the dialog sees the merged state
    button('DIABP', 'formPage.saved').focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByTestId('flag-dialog')).toHaveTextContent('rec-1:DIABP:open');
  });
});

describe('the crfstatus session value', () => {
  it("holds the open form's entry status (sent as the crfstatus header) and is cleared when the page is left", async () => {
    const { platform, router } = setup({ record: savedRecord, values: savedValues });
    await formReady();
    await waitFor(() => expect(platform.store.getItem(STORAGE_KEYS.crfstatus)).toBe('2'));
    await userEvent.click(screen.getByTestId('form-back'));
    await waitFor(() => expect(router.state.location.pathname).toBe(subjectPath(PATHS.subjects, SUBJECT)));
    expect(platform.store.getItem(STORAGE_KEYS.crfstatus)).toBeNull();
  });

  it('is "not entered" for a form without a record, and follows the status the save answers', async () => {
    const { platform } = setup({
      save: () => ({
        outcome: 'saved',
        record: { ...savedRecord, rowversion: 1, status: '1' },
        problems: {},
        items: {},
      }),
    });
    await formReady();
    await waitFor(() => expect(platform.store.getItem(STORAGE_KEYS.crfstatus)).toBe('0'));
    type('VSDAT', '2026-01-05');
    type('SYSBP', '120');
    type('DIABP', '80');
    await save();
    expect(await notice('formPage.saved')).toBeInTheDocument();
    await waitFor(() => expect(platform.store.getItem(STORAGE_KEYS.crfstatus)).toBe('1'));
  });
});

describe('a log-line form', () => {
  const aeSchema = {
    formid: 'AE',
    tid: 'AE',
    name: { zh_CN: '不良事件', en: 'Adverse events' },
    version: 1,
    logline: true,
    columns: [{ prop: 'AETERM', label: { zh_CN: '名称', en: 'Term' } }],
    sections: [
      { id: 'main', title: 'AE', items: [{ variable: 'AETERM', label: 'Term', fieldtype: 'text' }] },
    ],
  };
  const AE_PATH = formPath(PATHS.subjects, SUBJECT, { ...KEYS, tid: 'AE' });

  const linesPage = (editable: boolean, innerPage = 1, terms = ['Headache']): DataOf<typeof dataList> => ({
    ...pageData(editable ? ENTRY : READ_ONLY),
    tid: 'AE',
    formid: 'AE',
    table: true,
    columns: aeSchema.columns,
    list: terms.map((AETERM, i) => ({
      lineno: (innerPage - 1) * 20 + i + 1,
      recordid: `r${i}`,
      status: '2',
      updatedat: '2026-01-05T08:00:00Z',
      AETERM,
    })),
    total: terms.length,
    innerPage,
  });

  interface LinesOptions {
    platform?: ReturnType<typeof createTestPlatform>;
    /** The answers of datalist (the first page of one row by default). */
    dataList?: (params: { innerPage?: number }) => DataOf<typeof dataList> | Promise<DataOf<typeof dataList>>;
    /** The lineno the server gives a new row. */
    newLine?: number;
    search?: string;
  }

  function openLines(editable: boolean, options: LinesOptions = {}) {
    const { platform = createTestPlatform(), newLine = 2, search = '' } = options;
    seedSession(window.sessionStorage, roleLoginInfo);
    const client = createFakeApiClient({
      dataList: options.dataList ?? linesPage(editable),
      dataInfo: (params): DataOf<typeof dataInfo> => ({
        schema: aeSchema,
        record: params.lineno ? { ...savedRecord, lineno: params.lineno } : null,
        values: params.lineno ? { AETERM: 'Nausea' } : {},
        items: {},
        capabilities: [...(editable ? ENTRY : READ_ONLY)],
      }),
      editCheck: { problems: {} },
      saveData: {
        outcome: 'saved',
        record: { ...savedRecord, recordid: 'rn', lineno: newLine },
        problems: {},
        items: { AETERM: { datatype: 0, note: 0 } },
      },
    });
    const routes = [
      {
        path: `${PATHS.subjects}/:subjectid/visits/:visitnum/:cycnum/:svnum/forms/:tid`,
        element: (
          <DraftStoreContext.Provider value={memoryDrafts()}>
            <FormPage base={PATHS.subjects} />
          </DraftStoreContext.Provider>
        ),
      },
    ];
    return { ...renderApp(`${AE_PATH}${search}`, { client, routes, platform }), client };
  }

  it('shows the rows; a row is added at the end and, once saved, is that row', async () => {
    const { client, router } = openLines(true);
    await userEvent.click(await screen.findByTestId('logline-add'));
    await waitFor(() => expect(router.state.location.search).toBe('?lineno=new'));
    const term = await screen.findByTestId('ecrf-row-AETERM');
    expect(client.paramsOf('dataInfo').at(-1)).not.toHaveProperty('lineno');
    fireEvent.change(term.querySelector('input')!, { target: { value: 'Nausea' } });
    await save();
    expect(await notice('formPage.saved')).toBeInTheDocument();
    expect(client.paramsOf('saveData')[0]).toMatchObject({ tid: 'AE', values: { AETERM: 'Nausea' } });
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('lineno')).toBe('2'));
    await waitFor(() => expect(client.paramsOf('dataInfo').at(-1)).toMatchObject({ lineno: 2 }));
    await userEvent.click(screen.getByTestId('form-to-lines'));
    expect(await screen.findByTestId('logline-table')).toBeInTheDocument();
  });

  it('asks for the page size the user last chose in a list', async () => {
    const platform = createTestPlatform();
    platform.store.setItem(STORAGE_KEYS.pageSize, '50');
    const { client } = openLines(true, { platform });
    expect(await screen.findByTestId('logline-table')).toBeInTheDocument();
    expect(client.paramsOf('dataList')[0]).toMatchObject({ size: 50, innerPage: 1 });
  });

  it('after a new row is saved, going back to the rows lands on the page that holds it, other settings kept', async () => {
    const { client, router } = openLines(true, { newLine: 41, search: '?size=20&innerPage=1' });
    await userEvent.click(await screen.findByTestId('logline-add'));
    const term = await screen.findByTestId('ecrf-row-AETERM');
    fireEvent.change(term.querySelector('input')!, { target: { value: 'Rash' } });
    await save();
    expect(await notice('formPage.saved')).toBeInTheDocument();
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('lineno')).toBe('41'));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('size')).toBe('20');
    expect(search.get('innerPage')).toBe('3');
    await userEvent.click(screen.getByTestId('form-to-lines'));
    expect(await screen.findByTestId('logline-table')).toBeInTheDocument();
    await waitFor(() => expect(client.paramsOf('dataList').at(-1)).toMatchObject({ innerPage: 3, size: 20 }));
  });

  it('keeps the rows shown, with progress, while another page is asked for', async () => {
    let answerPage2: (data: DataOf<typeof dataList>) => void = () => {};
    openLines(true, {
      dataList: ({ innerPage = 1 }) =>
        innerPage === 1
          ? { ...linesPage(true, 1, ['Headache']), total: 21 }
          : new Promise((resolve) => {
              answerPage2 = resolve;
            }),
    });
    expect(await screen.findByText('Headache')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: text('grid.page.next') }));
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    expect(screen.getByText('Headache')).toBeInTheDocument();
    expect(screen.queryByTestId('page-loading')).toBeNull();
    answerPage2({ ...linesPage(true, 2, ['Fever']), total: 21 });
    expect(await screen.findByText('Fever')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });

  it('says a failed page at the grid with a retry, keeping the page (not the whole-page failure)', async () => {
    let failing = false;
    const { client } = openLines(true, {
      dataList: ({ innerPage = 1 }) => {
        if (failing) throw fakeFailure('network', 'data/datalist.do');
        return { ...linesPage(true, innerPage, [innerPage === 1 ? 'Headache' : 'Fever']), total: 21 };
      },
    });
    expect(await screen.findByText('Headache')).toBeInTheDocument();
    failing = true;
    await userEvent.click(screen.getByRole('button', { name: text('grid.page.next') }));
    const failed = await screen.findByTestId('meta-grid-error');
    expect(screen.getByTestId('logline-table')).toBeInTheDocument();
    expect(screen.getByTestId('form-title')).toBeInTheDocument();
    failing = false;
    await userEvent.click(within(failed).getByRole('button', { name: text('grid.retry') }));
    expect(await screen.findByText('Fever')).toBeInTheDocument();
    expect(screen.queryByTestId('meta-grid-error')).toBeNull();
    expect(client.paramsOf('dataList').at(-1)).toMatchObject({ innerPage: 2 });
  });

  it('keeps the saved new row on screen when the rows cannot be read again after it', async () => {
    let reads = 0;
    const { client } = openLines(true, {
      dataList: () => {
        reads += 1;
        if (reads > 1) throw fakeFailure('network', 'data/datalist.do');
        return linesPage(true);
      },
    });
    await userEvent.click(await screen.findByTestId('logline-add'));
    const term = await screen.findByTestId('ecrf-row-AETERM');
    fireEvent.change(term.querySelector('input')!, { target: { value: 'Rash' } });
    await save();
    expect(await notice('formPage.saved')).toBeInTheDocument();
    await waitFor(() => expect(reads).toBeGreaterThan(1));
    // the saved row opens as row 2 (its record read again: the stub answers "Nausea"): the form of the new row goes
    // and that of row 2 comes, so the row is looked for once row 2 is on screen, not while the new row's form leaves
    await waitFor(() => expect(client.paramsOf('dataInfo').at(-1)).toMatchObject({ lineno: 2 }), {
      timeout: 5000,
    });
    await waitFor(() => expect(input('AETERM')).toHaveValue('Nausea'), { timeout: 5000 });
    expect(screen.getByTestId('ecrf-row-AETERM')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: text('grid.retry') })).toBeNull();
    await userEvent.click(screen.getByTestId('form-to-lines'));
    expect(await screen.findByTestId('meta-grid-error', undefined, { timeout: 5000 })).toBeInTheDocument();
  });

  it('fails as a whole page only when the first datalist fails, and retries it', async () => {
    let failing = true;
    openLines(true, {
      dataList: () => {
        if (failing) throw fakeFailure('network', 'data/datalist.do');
        return linesPage(true);
      },
    });
    const retry = await screen.findByRole('button', { name: text('grid.retry') });
    expect(screen.queryByTestId('logline-table')).toBeNull();
    failing = false;
    await userEvent.click(retry);
    expect(await screen.findByText('Headache')).toBeInTheDocument();
  });

  it('offers no new row to a role that may only read', async () => {
    openLines(false);
    expect(await screen.findByTestId('logline-table')).toBeInTheDocument();
    expect(screen.queryByTestId('logline-add')).toBeNull();
  });
});

describe('the sticky form toolbar and the keyboard', () => {
  const toolbar = () => screen.getByTestId('form-toolbar');
  const unsavedFlag = () => within(toolbar()).queryByTestId('form-unsaved');
  const ctrlS = (target: Element, init: KeyboardEventInit = { ctrlKey: true }) =>
    fireEvent.keyDown(target, { key: 's', code: 'KeyS', ...init });

  it('holds the form name, its entry status and Save, above the form', async () => {
    setup({ record: savedRecord, values: savedValues });
    await formReady();
    expect(within(toolbar()).getByTestId('form-toolbar-title')).toHaveTextContent('生命体征');
    expect(within(toolbar()).getByTestId('form-toolbar-status')).toHaveTextContent(text('visit.status.2'));
    expect(within(toolbar()).getByTestId('form-save')).toHaveAttribute(
      'aria-keyshortcuts',
      'Control+S Meta+S',
    );
    // before the form in the page (and so in the tab order)
    const form = screen.getByTestId('ecrf-form');
    expect(toolbar().compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('Ctrl+S in a field saves once, instead of the browser saving the page; ⌘S too', async () => {
    const { client } = setup();
    await formReady();
    await screen.findByTestId('form-save');
    type('VSDAT', '2026-01-05');
    type('SYSBP', '120');
    type('DIABP', '80');
    // the browser's "save the page" is prevented (fireEvent answers false when the default was prevented)
    expect(ctrlS(input('DIABP'))).toBe(false);
    expect(await notice('formPage.saved')).toBeInTheDocument();
    expect(client.paramsOf('saveData')).toHaveLength(1);
    expect(client.paramsOf('saveData')[0]).toMatchObject({
      values: expect.objectContaining({ SYSBP: '120', DIABP: '80' }) as unknown,
    });
    // ⌘S on the saved record: the change action's save (nothing changed: nothing sent)
    expect(ctrlS(input('SYSBP'), { metaKey: true })).toBe(false);
    expect(await notice('formPage.noNeedToSave')).toBeInTheDocument();
    expect(client.paramsOf('saveData')).toHaveLength(1);
    expect(client.paramsOf('updateData')).toHaveLength(0);
  });

  it('Ctrl+S is not taken while the focus is outside the page', async () => {
    const { client } = setup();
    await formReady();
    type('SYSBP', '120');
    (document.activeElement as HTMLElement | null)?.blur();
    expect(ctrlS(document.body)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(client.paramsOf('editCheck')).toHaveLength(0);
  });

  it('Ctrl+S does nothing on a read-only record (the browser keeps its shortcut)', async () => {
    const { client } = setup({ record: savedRecord, values: savedValues, capabilities: READ_ONLY });
    await formReady();
    expect(ctrlS(input('SYSBP'))).toBe(true);
    expect(client.paramsOf('editCheckUpdate')).toHaveLength(0);
  });

  it('Enter in a text field sends nothing and says nothing', async () => {
    const { client } = setup();
    await formReady();
    type('VSDAT', '2026-01-05');
    await userEvent.type(input('SYSBP'), '120{Enter}');
    await userEvent.type(input('DIABP'), '80{Enter}');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(client.paramsOf('editCheck')).toHaveLength(0);
    expect(client.paramsOf('saveData')).toHaveLength(0);
    expect(screen.queryByText(text('formPage.pleaseEnter'))).toBeNull();
    expect(input('DIABP')).toHaveValue('80');
  });

  it('focuses the first field when the form opens', async () => {
    setup();
    await formReady();
    await waitFor(() => expect(input('VSDAT')).toHaveFocus());
  });

  it('leaves the focus to the draft offer when one is open, and the first field has it after', async () => {
    const drafts = memoryDrafts();
    await drafts.save(scope, {
      values: { ...savedValues, SYSBP: '140' },
      savedAt: Date.now(),
      rowversion: 3,
      idempotencyKey: null,
    });
    setup({ record: savedRecord, values: savedValues, drafts });
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await userEvent.click(within(dialog).getByRole('button', { name: text('ecrf.draft.restore') }));
    await waitFor(() => expect(input('VSDAT')).toHaveFocus());
    // restored values are unsaved: the toolbar says so at once
    expect(unsavedFlag()).toBeInTheDocument();
  });

  it('counts the errors shown after a refused save, focuses the first, and jumps back to it', async () => {
    const { client } = setup();
    await formReady();
    expect(within(toolbar()).queryByTestId('form-error-count')).toBeNull();
    type('VSDAT', '2026-01-05');
    type('SYSBP', '12a');
    type('DIABP', '8b');
    await save();
    expect(await notice('formPage.pleaseCheck')).toBeInTheDocument();
    expect(client.paramsOf('saveData')).toHaveLength(0);
    const count = await within(toolbar()).findByTestId('form-error-count');
    expect(count).toHaveTextContent(text('ecrf.toolbar.errors').replace('{count}', '2'));
    // the refused save put the focus on the first error
    await waitFor(() => expect(input('SYSBP')).toHaveFocus());
    input('RESP').focus();
    await userEvent.click(within(toolbar()).getByTestId('form-first-error'));
    expect(input('SYSBP')).toHaveFocus();
    // fixing them: the count follows after a pause in typing
    type('SYSBP', '120');
    type('DIABP', '80');
    await waitFor(() => expect(within(toolbar()).queryByTestId('form-error-count')).toBeNull());
  });

  it('shows the unsaved flag after typing, and drops it after a save', async () => {
    setup({ record: savedRecord, values: savedValues });
    await formReady();
    expect(unsavedFlag()).toBeNull();
    type('SYSBP', '125');
    await waitFor(() => expect(unsavedFlag()).toBeInTheDocument());
    expect(unsavedFlag()).toHaveTextContent(text('ecrf.toolbar.unsaved'));
    await save();
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox'), 'transcription error');
    await userEvent.click(within(dialog).getByRole('button', { name: text('ecrf.reason.ok') }));
    expect(await notice('formPage.saved')).toBeInTheDocument();
    await waitFor(() => expect(unsavedFlag()).toBeNull());
    // typed back to the saved value: not unsaved either
    type('SYSBP', '130');
    await waitFor(() => expect(unsavedFlag()).toBeInTheDocument());
    type('SYSBP', '125');
    await waitFor(() => expect(unsavedFlag()).toBeNull());
  });

  it('lists the sections of the form; choosing one focuses its first field', async () => {
    setup({ record: savedRecord, values: savedValues });
    await formReady();
    // (a narrow screen here: the list is a menu in the toolbar)
    await userEvent.click(within(toolbar()).getByTestId('section-navigator'));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['测量信息', '血压、脉搏与呼吸', '体温与体格测量']);
    await userEvent.click(within(menu).getByTestId('section-link-vs_body'));
    await waitFor(() => expect(input('TEMP')).toHaveFocus());
    expect(within(toolbar()).getByTestId('section-navigator')).toHaveTextContent('体温与体格测量');
  });
});
