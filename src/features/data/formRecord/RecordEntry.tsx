/**
 * A record open for entry or review: the eCRF form with the item adornments the record has, under a sticky toolbar
 * (form name and status, the record actions offered on it — from the registries: the page knows none of them —, the
 * unsaved flag, the errors shown with a jump to the first), a section jump list for a form of several sections, the
 * draft offer, the save's questions, the conflict notice and the leave prompt.
 *
 * Keyboard: the first field has the focus when the form opens (unless a dialog is open or the focus is already
 * somewhere); Ctrl+S / ⌘S runs the save action while the focus is inside the page; a refused save focuses the first
 * error (the save flow). The toolbar's state changes rarely: the unsaved flag when it flips, the error count after
 * a save or a pause in typing (the form's debounced change), never per keystroke.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import Box from '@mui/material/Box';
import { useTheme, type Theme } from '@mui/material/styles';
import type { ItemStatus, RecordCapability, RecordInfo } from '../../../../engine/api/data';
import type { CompiledForm, FormContext, FormProblems, FormValues } from '../../../../engine/form/types';
import {
  adornmentsFor,
  withItemFields,
  type ItemAdornment,
} from '../../../../renderers/actions/itemAdornments';
import { RecordActionBar } from '../../../../renderers/actions/RecordActionBar';
import {
  actionsFor,
  valuesEditable,
  type RecordActionContext,
  type RecordKeys,
  type RecordState,
} from '../../../../renderers/actions/recordActions';
import { useRecordRegistries } from '../../../../renderers/actions/recordRegistries';
import { preloadDialog } from '../../../../renderers/actions/lazyDialog';
import { useApiClient } from '../../../../renderers/apiClientContext';
import { usePrefetchLaterMessages } from '../../../../renderers/intl';
import type { EcrfFormController } from '../../../../renderers/ecrf/controller';
import { EcrfForm } from '../../../../renderers/ecrf/EcrfForm';
import { firstField } from '../../../../renderers/ecrf/formFocus';
import { FormToolbar } from '../../../../renderers/ecrf/FormToolbar';
import { SectionNavigator, type NavSection } from '../../../../renderers/ecrf/SectionNavigator';
import { useMetaText } from '../../../../renderers/search/metadataText';
import { useMediaMatch } from '../../../../renderers/useMediaMatch';
import {
  LazyDraftOfferDialog,
  LazyUnsavedChangesDialog,
  preloadSaveDialogs,
} from '../../../../renderers/ecrf/saveDialogs';
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
  /** Where Ctrl+S saves (the focus inside it): the form page; default the record's own area. */
  shortcutScope?: RefObject<HTMLElement | null>;
}

/** Errors (not warnings) among the problems shown. */
function errorCountOf(problems: FormProblems): number {
  let count = 0;
  for (const list of Object.values(problems)) if (list.some((p) => p.level === 'error')) count += 1;
  return count;
}

/** Frames the first field may take to mount when the form opens. */
const OPEN_FOCUS_FRAMES = 10;

/** A side list of the sections from this width on; a menu in the toolbar below it. */
const wideScreen = (theme: Theme) => theme.breakpoints.up('lg');

export function RecordEntry(props: RecordEntryProps) {
  const { keys, lineno, ctx, form, capabilities } = props;
  const client = useApiClient();
  const { store } = usePlatform();
  const registries = useRecordRegistries();
  const controller = useRef<EcrfFormController | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const formArea = useRef<HTMLDivElement>(null);
  const text = useMetaText();
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
  // the item adornment whose dialog is open (a query thread, notes …), on which item
  const [opened, setOpened] = useState<{ adornment: ItemAdornment; variable: string } | null>(null);
  const openAdornment = useCallback(
    (id: string, variable: string) => {
      const adornment = adornments.find((a) => a.id === id);
      if (adornment?.Dialog) setOpened({ adornment, variable });
    },
    [adornments],
  );
  const closeAdornment = useCallback(() => setOpened(null), []);
  const adornmentNear = useCallback(
    (id: string) => preloadDialog(adornments.find((a) => a.id === id)?.Dialog),
    [adornments],
  );

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
    onAnswered: draft.noteSaved,
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

  // the toolbar's flags: set only when they change (a same-value update renders nothing)
  const [unsaved, setUnsaved] = useState(false);
  const [errorCount, setErrorCount] = useState(0);
  const countErrors = useCallback(
    () => setErrorCount(errorCountOf(controller.current?.shownProblems() ?? {})),
    [],
  );
  const { onChange: draftChange, hasUnsaved } = draft;
  // the texts of those questions (the form route loads those of its first paint only, src/i18n/tiers.ts)
  const prefetchTexts = usePrefetchLaterMessages();
  const onFormChange = useCallback(
    (values: FormValues) => {
      // the user changed a value: a save (and its questions) or leaving (and its question) may come, so their code
      // is fetched now (once), not with the form
      preloadSaveDialogs();
      prefetchTexts();
      setUnsaved(draftChange(values));
      countErrors();
    },
    [draftChange, countErrors, prefetchTexts],
  );
  // after a save (refused, or saved with a new baseline) the flags are taken again
  useEffect(() => {
    if (flow.busy) return;
    setUnsaved(hasUnsaved());
    countErrors();
  }, [flow.busy, hasUnsaved, countErrors]);
  const jumpToError = useCallback(() => {
    if (!controller.current?.focusFirstProblem()) countErrors();
  }, [countErrors]);

  // the first field has the focus when the form opens — not while the draft offer is open (it has the focus, and
  // gives it back to this field when it closes), and not when the user already put it somewhere
  const offerOpen = draft.offer !== null;
  const restoreDraft = () => {
    draft.restore();
    setUnsaved(hasUnsaved());
    countErrors();
  };
  const focusedOnOpen = useRef(false);
  useEffect(() => {
    if (focusedOnOpen.current || offerOpen || !editable) return;
    focusedOnOpen.current = true;
    let frame = 0;
    let settled = false;
    const attempt = (left: number) => {
      const active = document.activeElement;
      const field = formArea.current ? firstField(formArea.current) : null;
      settled = (active !== null && active !== document.body) || field !== null || left === 0;
      if (active !== null && active !== document.body) return;
      if (field) field.focus();
      // the first rows not mounted yet: a few frames more
      else if (left > 0) frame = requestAnimationFrame(() => attempt(left - 1));
    };
    attempt(OPEN_FOCUS_FRAMES);
    return () => {
      cancelAnimationFrame(frame);
      // interrupted before the focus was placed (a dialog opened): tried again when it closes
      if (!settled) focusedOnOpen.current = false;
    };
  }, [offerOpen, editable]);

  const sections = useMemo<readonly NavSection[]>(
    () =>
      form.logline || lineno !== null
        ? []
        : form.sections.map((section) => ({ id: section.id, title: text(section.title) })),
    [form, lineno, text],
  );
  const theme = useTheme();
  const wide = useMediaMatch(wideScreen(theme));
  const navigable = sections.length > 1;

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
    <Box ref={rootRef} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="form-record">
      <FormToolbar
        title={text(form.name)}
        status={record?.status ?? NOT_ENTERED}
        unsaved={unsaved}
        errorCount={errorCount}
        onJumpToError={jumpToError}
        actions={
          <RecordActionBar
            actions={toolbar}
            ctx={actionCtx}
            readOnly={!editable}
            shortcutScope={props.shortcutScope ?? rootRef}
          />
        }
        navigator={
          navigable && !wide ? (
            <SectionNavigator sections={sections} container={formArea} variant="menu" />
          ) : undefined
        }
      />
      {conflict ? <ConflictNotice onReload={props.onReload} /> : null}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Box ref={formArea} sx={{ flex: 1, minWidth: 0 }}>
          <EcrfForm
            form={form}
            ctx={ctx}
            values={props.values}
            itemStatus={itemStatus}
            adornments={adornments}
            readOnly={!editable}
            onChange={onFormChange}
            controllerRef={controller}
            onAdornmentOpen={openAdornment}
            onAdornmentNear={adornmentNear}
          />
        </Box>
        {navigable && wide ? (
          <SectionNavigator sections={sections} container={formArea} variant="list" />
        ) : null}
      </Box>
      {draft.offer ? (
        <LazyDraftOfferDialog
          open
          // closed while its code is loading or after it failed to load: nothing may be lost, so the draft is
          // restored (unsaved, as after "restore"); the user can still leave without saving it
          onClose={restoreDraft}
          savedAt={draft.offer.savedAt}
          userTimeZone={zone}
          changedSince={draft.changedSince}
          onRestore={restoreDraft}
          onDiscard={draft.discard}
        />
      ) : null}
      {opened?.adornment.Dialog ? (
        <opened.adornment.Dialog
          ctx={actionCtx}
          variable={opened.variable}
          state={itemStatus[opened.variable]}
          onClose={closeAdornment}
          onItemState={(fields) => setItemStatus((prev) => withItemFields(prev, opened.variable, fields))}
        />
      ) : null}
      <SaveQuestionDialogs form={form} question={flow.question} />
      {blocker.state === 'blocked' && !flow.question ? (
        <LazyUnsavedChangesDialog
          open
          onClose={() => blocker.reset()}
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
