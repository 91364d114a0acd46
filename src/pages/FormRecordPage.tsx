import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  auditTrail,
  dataInfo,
  editReasons,
  type AuditTrailRow,
  type EditReason,
  type ItemStatus,
  type RecordInfo,
} from '../../engine/api/data';
import type { DraftScope } from '../../engine/drafts';
import { changedVariables, compileFormCached, defaultValues, prepareForSave } from '../../engine/form';
import type { CompiledForm, FormContext, FormSchemaIssue, FormValues } from '../../engine/form/types';
import { RequestError } from '../../engine/http/requestError';
import { loadLoginInfo } from '../../engine/session/loginInfo';
import { InlineMessage } from '../../renderers/InlineMessage';
import { LoadFailed } from '../../renderers/LoadFailed';
import { PageLoading } from '../../renderers/PageLoading';
import { useApiClient } from '../../renderers/apiClientContext';
import { AuditTrailDialog } from '../../renderers/ecrf/AuditTrailDialog';
import { ChangeReasonDialog } from '../../renderers/ecrf/ChangeReasonDialog';
import { ConfirmWarningsDialog } from '../../renderers/ecrf/ConfirmWarningsDialog';
import type { EcrfFormController } from '../../renderers/ecrf/controller';
import { DraftOfferDialog } from '../../renderers/ecrf/DraftOfferDialog';
import { EcrfForm } from '../../renderers/ecrf/EcrfForm';
import { SchemaIssuesPanel } from '../../renderers/ecrf/SchemaIssuesPanel';
import { UnsavedChangesDialog } from '../../renderers/ecrf/UnsavedChangesDialog';
import { userTimeZone } from '../../renderers/userTimeZone';
import { useFormDraft } from '../drafts/useFormDraft';
import { usePlatform } from '../platform/PlatformContext';
import { draftChangedSince } from './formRecord/draftChangedSince';
import { formContextOf } from './formRecord/formContext';
import type { IdempotencyKeys } from './formRecord/idempotency';
import { useLeavePrompt } from './formRecord/useLeavePrompt';
import { useSaveFlow, type RecordKeys } from './formRecord/useSaveFlow';

export interface FormRecordPageProps {
  keys: RecordKeys;
  /** Log-line forms: the row (`'new'`: a row to add); other forms: null. */
  lineno: number | 'new' | null;
  /** A new log-line row was saved as row `lineno`. */
  onNewLineSaved?(lineno: number): void;
  /** Tests: the idempotency key source. */
  idempotencyKeys?: IdempotencyKeys;
}

type Loaded =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'refused' }
  | { status: 'issues'; issues: readonly FormSchemaIssue[] }
  | {
      status: 'ready';
      form: CompiledForm;
      record: RecordInfo | null;
      values: FormValues;
      items: Record<string, ItemStatus>;
      editable: boolean;
    };

/**
 * One record of a form: the schema compiled once (a malformed one lists its issues instead of the form), the saved
 * values, Save (when the role may enter data) and the audit trail. Unsaved values are kept as a draft while typing
 * and offered back when the page opens again.
 */
export function FormRecordPage({ keys, lineno, onNewLineSaved, idempotencyKeys }: FormRecordPageProps) {
  const client = useApiClient();
  const { store } = usePlatform();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const { subjectid, visitnum, cycnum, svnum, tid } = keys;

  useEffect(() => {
    let current = true;
    setLoaded({ status: 'loading' });
    const params = {
      subjectid,
      visitnum,
      cycnum,
      svnum,
      tid,
      ...(typeof lineno === 'number' ? { lineno } : {}),
    };
    client.call(dataInfo, params, { silent: true }).then(
      (data) => {
        if (!current) return;
        const compiled = compileFormCached(data.schema);
        setLoaded(
          compiled.ok
            ? {
                status: 'ready',
                form: compiled.form,
                record: data.record,
                values: data.values,
                items: data.items,
                editable: data.editable,
              }
            : { status: 'issues', issues: compiled.issues },
        );
      },
      (error: unknown) => {
        const refused = error instanceof RequestError && error.kind === 'business';
        if (current) setLoaded({ status: refused ? 'refused' : 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [client, subjectid, visitnum, cycnum, svnum, tid, lineno, attempt]);

  const ctx = useMemo(() => formContextOf(store, userTimeZone(store)), [store]);

  if (loaded.status === 'loading') return <PageLoading />;
  if (loaded.status === 'refused') {
    return (
      <InlineMessage level="error">
        <FormattedMessage id="formPage.notAvailable" />
      </InlineMessage>
    );
  }
  if (loaded.status === 'failed') {
    return (
      <LoadFailed
        message={<FormattedMessage id="formPage.loadFailed" />}
        retryLabel={<FormattedMessage id="grid.retry" />}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    );
  }
  if (loaded.status === 'issues') {
    return (
      <Box data-testid="form-schema-issues">
        <InlineMessage level="error">
          <FormattedMessage id="formPage.schemaIssues" />
        </InlineMessage>
        <SchemaIssuesPanel issues={loaded.issues} />
      </Box>
    );
  }
  return (
    <RecordEntry
      key={`${loaded.record?.recordid ?? 'new'}:${attempt}`}
      keys={keys}
      lineno={lineno}
      ctx={ctx}
      form={loaded.form}
      record={loaded.record}
      values={loaded.values}
      items={loaded.items}
      editable={loaded.editable}
      onNewLineSaved={onNewLineSaved}
      onReload={() => setAttempt((n) => n + 1)}
      idempotencyKeys={idempotencyKeys}
    />
  );
}

interface RecordEntryProps {
  keys: RecordKeys;
  lineno: number | 'new' | null;
  ctx: FormContext;
  form: CompiledForm;
  record: RecordInfo | null;
  values: FormValues;
  items: Record<string, ItemStatus>;
  editable: boolean;
  onNewLineSaved?(lineno: number): void;
  onReload(): void;
  idempotencyKeys?: IdempotencyKeys;
}

function RecordEntry(props: RecordEntryProps) {
  const { keys, ctx, form, editable } = props;
  const client = useApiClient();
  const { store } = usePlatform();
  const controller = useRef<EcrfFormController | null>(null);
  const [record, setRecord] = useState(props.record);
  const [saved, setSaved] = useState<FormValues | null>(props.record ? props.values : null);
  const [conflict, setConflict] = useState(false);
  const [audit, setAudit] = useState<{ rows: readonly AuditTrailRow[] | null; failed: boolean } | null>(null);
  const zone = useMemo(() => userTimeZone(store), [store]);
  const [reasonsDictionary, setReasonsDictionary] = useState<readonly EditReason[] | null>(null);
  // the item status icons as the server keeps them: read with the record, then as every save answers them
  const [itemStatus, setItemStatus] = useState(props.items);

  const scope = useMemo<DraftScope | null>(() => {
    const info = loadLoginInfo(store);
    if (!editable || !info?.userid) return null;
    return {
      studyId: info.studyid ?? '',
      userId: info.userid,
      ...keys,
      lineno: props.lineno ?? 1,
    };
  }, [store, editable, keys, props.lineno]);
  const draft = useFormDraft(scope);

  // what "unsaved" compares with: the saved values, or the form's defaults for a record not saved yet
  const baseline = useMemo(() => prepareForSave(form, saved ?? defaultValues(form), ctx), [form, saved, ctx]);
  const isUnsaved = useCallback(
    (values: FormValues) => changedVariables(form, baseline, prepareForSave(form, values, ctx)).length > 0,
    [form, baseline, ctx],
  );
  const hasUnsaved = useCallback(() => {
    const values = controller.current?.getValues();
    return editable && !!values && isUnsaved(values);
  }, [editable, isUnsaved]);

  const flow = useSaveFlow({
    form,
    ctx,
    keys,
    record,
    saved,
    controller,
    draft,
    idempotencyKeys: props.idempotencyKeys,
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
  const newLine = props.lineno === 'new' ? record?.lineno : undefined;
  useEffect(() => {
    if (newLine !== undefined) onNewLineSaved.current?.(newLine);
  }, [newLine]);

  // a draft holding nothing unsaved (e.g. its save reached the server, only the answer was lost) is not offered: it goes
  const staleOffer = editable && draft.offer !== null && !isUnsaved(draft.offer.values);
  useEffect(() => {
    if (!staleOffer) return;
    void draft.clear();
    draft.dismissOffer();
  }, [staleOffer, draft]);
  const offer = editable && !staleOffer ? draft.offer : null;
  // values typed against an older state of the record (saved again since): the offer says by whom and when
  const changedSince = offer ? draftChangedSince(offer, record) : null;
  // the user chose to leave without saving: a change handed over as the form unmounts must not write the draft back
  const discarded = useRef(false);
  const onChange = useCallback(
    (values: FormValues) => {
      // the offered draft stays as it is until the user restores or discards it
      if (!scope || offer || discarded.current) return;
      const prepared = prepareForSave(form, values, ctx);
      if (changedVariables(form, baseline, prepared).length > 0) {
        void draft.write({
          values,
          savedAt: Date.now(),
          rowversion: record?.rowversion ?? null,
          // only a retry of the very save that was sent may reuse its key: a draft of other values gets none
          idempotencyKey: flow.idempotencyKeys.pendingFor(prepared),
        });
      } else {
        void draft.clear();
      }
    },
    [scope, offer, form, ctx, baseline, draft, record, flow.idempotencyKeys],
  );

  const restoreDraft = () => {
    if (!offer) return;
    controller.current?.reset(offer.values);
    // the key of a save sent against an older state of the record is not reused: the record has moved on
    if (offer.idempotencyKey && !changedSince) {
      flow.idempotencyKeys.adopt(offer.idempotencyKey, prepareForSave(form, offer.values, ctx));
    }
    draft.dismissOffer();
  };
  const discardDraft = () => {
    void draft.clear();
    draft.dismissOffer();
  };

  const blocker = useLeavePrompt(hasUnsaved);

  const openAudit = () => {
    if (!record) return;
    setAudit({ rows: null, failed: false });
    client.call(auditTrail, { recordid: record.recordid }, { silent: true }).then(
      (rows) => setAudit((a) => a && { rows: rows as readonly AuditTrailRow[], failed: false }),
      () => setAudit((a) => a && { rows: null, failed: true }),
    );
  };

  // the reasons dictionary, asked for once when a change needs reasons (free text still works without it)
  const question = flow.question;
  useEffect(() => {
    if (question?.kind !== 'reasons' || reasonsDictionary !== null) return;
    client.call(editReasons, {}).then(
      (list) => setReasonsDictionary(list as readonly EditReason[]),
      () => setReasonsDictionary([]),
    );
  }, [question, reasonsDictionary, client]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="form-record">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="form-toolbar">
        {editable ? (
          <Button
            variant="contained"
            onClick={() => void flow.save()}
            disabled={flow.busy}
            data-testid="form-save"
          >
            <FormattedMessage id="formPage.save" />
          </Button>
        ) : (
          <InlineMessage level="info">
            <FormattedMessage id="formPage.readOnly" />
          </InlineMessage>
        )}
        {record ? (
          <Button onClick={openAudit} data-testid="form-audit">
            <FormattedMessage id="formPage.auditTrail" />
          </Button>
        ) : null}
      </Stack>
      {conflict ? (
        <InlineMessage level="warning">
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }} data-testid="form-conflict">
            <FormattedMessage id="formPage.conflict" />
            <Button size="small" onClick={props.onReload}>
              <FormattedMessage id="formPage.reload" />
            </Button>
          </Box>
        </InlineMessage>
      ) : null}
      <EcrfForm
        form={form}
        ctx={ctx}
        values={props.values}
        itemStatus={itemStatus}
        readOnly={!editable}
        onChange={onChange}
        controllerRef={controller}
      />
      {offer ? (
        <DraftOfferDialog
          open
          savedAt={offer.savedAt}
          userTimeZone={zone}
          changedSince={changedSince}
          onRestore={restoreDraft}
          onDiscard={discardDraft}
        />
      ) : null}
      {question?.kind === 'confirm' ? (
        <ConfirmWarningsDialog
          open
          form={form}
          problems={question.problems}
          onConfirm={() => question.answer(true)}
          onCancel={() => question.answer(false)}
        />
      ) : null}
      {question?.kind === 'reasons' ? (
        <ChangeReasonDialog
          open
          form={form}
          variables={question.variables}
          reasons={reasonsDictionary ?? []}
          onConfirm={(given) => question.answer(given)}
          onCancel={() => question.answer(null)}
        />
      ) : null}
      {audit ? (
        <AuditTrailDialog
          open
          rows={audit.rows}
          failed={audit.failed}
          onRetry={openAudit}
          onClose={() => setAudit(null)}
          userTimeZone={zone}
          form={form}
        />
      ) : null}
      {blocker.state === 'blocked' && !flow.question ? (
        <UnsavedChangesDialog
          open
          busy={flow.busy}
          onSave={() => {
            void flow.save().then((done) => (done ? blocker.proceed() : blocker.reset()));
          }}
          onDiscard={() => {
            discarded.current = true;
            void draft.clear().then(() => blocker.proceed());
          }}
          onStay={() => blocker.reset()}
        />
      ) : null}
    </Box>
  );
}
