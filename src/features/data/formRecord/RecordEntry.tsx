/**
 * A record open for entry or review: the eCRF form with the item adornments the record has, the record actions
 * offered on it (from the registries: the page knows none of them), the draft offer, the save's questions, the
 * conflict notice and the leave prompt.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import type { ItemStatus, RecordCapability, RecordInfo } from '../../../../engine/api/data';
import type { CompiledForm, FormContext, FormValues } from '../../../../engine/form/types';
import { adornmentsFor } from '../../../../renderers/actions/itemAdornments';
import { RecordActionBar } from '../../../../renderers/actions/RecordActionBar';
import {
  actionsFor,
  valuesEditable,
  type RecordActionContext,
  type RecordKeys,
  type RecordState,
} from '../../../../renderers/actions/recordActions';
import { useRecordRegistries } from '../../../../renderers/actions/recordRegistries';
import { useApiClient } from '../../../../renderers/apiClientContext';
import type { EcrfFormController } from '../../../../renderers/ecrf/controller';
import { DraftOfferDialog } from '../../../../renderers/ecrf/DraftOfferDialog';
import { EcrfForm } from '../../../../renderers/ecrf/EcrfForm';
import { UnsavedChangesDialog } from '../../../../renderers/ecrf/UnsavedChangesDialog';
import { userTimeZone } from '../../../../renderers/userTimeZone';
import { usePlatform } from '../../../platform/PlatformContext';
import { ConflictNotice } from './ConflictNotice';
import { createIdempotencyKeys, randomIdempotencyKey, type IdempotencyKeys } from './idempotency';
import { SaveQuestionDialogs } from './SaveQuestionDialogs';
import { useCrfStatus } from './useCrfStatus';
import { useLeavePrompt } from './useLeavePrompt';
import { useRecordDraft } from './useRecordDraft';
import { useSaveFlow } from './useSaveFlow';

/** Entry status of a form with no record yet: not entered. */
const NOT_ENTERED = '0';

export interface RecordEntryProps {
  keys: RecordKeys;
  lineno: number | 'new' | null;
  ctx: FormContext;
  form: CompiledForm;
  record: RecordInfo | null;
  values: FormValues;
  items: Record<string, ItemStatus>;
  capabilities: ReadonlySet<RecordCapability>;
  onNewLineSaved?(lineno: number): void;
  onReload(): void;
  idempotencyKeys?: IdempotencyKeys;
}

export function RecordEntry(props: RecordEntryProps) {
  const { keys, lineno, ctx, form, capabilities } = props;
  const client = useApiClient();
  const { store } = usePlatform();
  const registries = useRecordRegistries();
  const controller = useRef<EcrfFormController | null>(null);
  const [record, setRecord] = useState(props.record);
  const [saved, setSaved] = useState<FormValues | null>(props.record ? props.values : null);
  const [conflict, setConflict] = useState(false);
  // the item states as the server keeps them: read with the record, then as every save answers them
  const [itemStatus, setItemStatus] = useState(props.items);
  const zone = useMemo(() => userTimeZone(store), [store]);
  const [fallbackKeys] = useState(() => createIdempotencyKeys(randomIdempotencyKey));
  const idempotencyKeys = props.idempotencyKeys ?? fallbackKeys;
  useCrfStatus(store, record?.status ?? NOT_ENTERED);

  // what the registries offer on the record as it is now
  const allActions = registries.actions.list();
  const allAdornments = registries.adornments.list();
  const state = useMemo<RecordState>(() => ({ form, record, capabilities }), [form, record, capabilities]);
  const toolbar = useMemo(() => actionsFor(allActions, 'form', state), [allActions, state]);
  const editable = useMemo(() => valuesEditable(allActions, state), [allActions, state]);
  const adornments = useMemo(() => adornmentsFor(allAdornments, capabilities), [allAdornments, capabilities]);

  const draft = useRecordDraft({
    store,
    form,
    ctx,
    keys,
    lineno,
    record,
    saved,
    editable,
    controller,
    idempotencyKeys,
  });

  const flow = useSaveFlow({
    form,
    ctx,
    keys,
    record,
    saved,
    controller,
    draft: draft.draft,
    idempotencyKeys,
    onSaved(next, values, found, items, typedMeanwhile) {
      setRecord(next);
      setItemStatus(items);
      setSaved(values);
      setConflict(false);
      // values typed while the save was under way stay in the inputs, unsaved against the new baseline
      if (typedMeanwhile) controller.current?.rebase(values);
      else controller.current?.reset(values);
      controller.current?.showProblems(found);
    },
    onConflict: () => setConflict(true),
  });

  // a new log-line row, once saved, is that row (after the render that made its values the saved ones)
  const onNewLineSaved = useRef(props.onNewLineSaved);
  onNewLineSaved.current = props.onNewLineSaved;
  const newLine = lineno === 'new' ? record?.lineno : undefined;
  useEffect(() => {
    if (newLine !== undefined) onNewLineSaved.current?.(newLine);
  }, [newLine]);

  const blocker = useLeavePrompt(draft.hasUnsaved);

  const { onReload } = props;
  const reload = useCallback(() => onReload(), [onReload]);
  const actionCtx = useMemo<RecordActionContext>(
    () => ({
      ...state,
      keys,
      lineno,
      client,
      controller,
      userTimeZone: zone,
      save: flow.save,
      busy: flow.busy,
      reload,
    }),
    [state, keys, lineno, client, zone, flow.save, flow.busy, reload],
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="form-record">
      <RecordActionBar actions={toolbar} ctx={actionCtx} readOnly={!editable} />
      {conflict ? <ConflictNotice onReload={props.onReload} /> : null}
      <EcrfForm
        form={form}
        ctx={ctx}
        values={props.values}
        itemStatus={itemStatus}
        adornments={adornments}
        readOnly={!editable}
        onChange={draft.onChange}
        controllerRef={controller}
      />
      {draft.offer ? (
        <DraftOfferDialog
          open
          savedAt={draft.offer.savedAt}
          userTimeZone={zone}
          changedSince={draft.changedSince}
          onRestore={draft.restore}
          onDiscard={draft.discard}
        />
      ) : null}
      <SaveQuestionDialogs form={form} question={flow.question} />
      {blocker.state === 'blocked' && !flow.question ? (
        <UnsavedChangesDialog
          open
          busy={flow.busy}
          onSave={() => {
            void flow.save().then((done) => (done ? blocker.proceed() : blocker.reset()));
          }}
          onDiscard={() => {
            void draft.leaveDiscarding().then(() => blocker.proceed());
          }}
          onStay={() => blocker.reset()}
        />
      ) : null}
    </Box>
  );
}
