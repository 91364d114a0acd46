/**
 * The save of an eCRF record (issue 4): the engine's save plan first (please enter / no need to save / please
 * check / confirm warnings / reasons for change); once the browser finds no error, the server's edit checks
 * (editcheck/check.do for a new record, checkupdate.do for a saved one), so that the warnings the user confirms are
 * the server's too; then savedata or updatedata with an idempotency key kept for retries of the same save, and every
 * server outcome handled. A failed request keeps the typed values and the draft.
 */
import { useCallback, useMemo, useRef, useState, type RefObject } from 'react';
import {
  saveData,
  updateData,
  type ChangeReason,
  type ItemStatus,
  type RecordInfo,
  type SaveOutcome,
} from '../../../../engine/api/data';
import {
  changedVariables,
  hasErrors,
  mergeProblems,
  planSave,
  prepareForSave,
  warningsOf,
} from '../../../../engine/form';
import { editCheck, editCheckUpdate } from '../../../../engine/api/editChecks';
import type { CompiledForm, FormContext, FormProblems, FormValues } from '../../../../engine/form/types';
import type { RecordKeys } from '../../../../renderers/actions/recordActions';
import type { EcrfFormController } from '../../../../renderers/ecrf/controller';
import { useApiClient } from '../../../../renderers/apiClientContext';
import { useNotifier } from '../../../../renderers/notices/NoticesProvider';
import type { FormDraft } from '../../../drafts/useFormDraft';
import { createIdempotencyKeys, randomIdempotencyKey, type IdempotencyKeys } from './idempotency';

/** The visit keys of the form (savedata names the record by them). */
export type { RecordKeys };

export type Reasons = Record<string, ChangeReason>;

/** A question the save asks the user: confirm warnings, or give reasons for the changed variables. */
export type SaveQuestion =
  | { kind: 'confirm'; problems: FormProblems; answer(confirmed: boolean): void }
  | { kind: 'reasons'; variables: readonly string[]; answer(reasons: Reasons | null): void };

export interface SaveFlowOptions {
  form: CompiledForm;
  ctx: FormContext;
  keys: RecordKeys;
  /** The saved record and its values; null for a record not saved yet. */
  record: RecordInfo | null;
  saved: FormValues | null;
  controller: RefObject<EcrfFormController | null>;
  draft: FormDraft;
  /**
   * The record was saved with `values`; `items` is its per-item status as the server wrote it (the item icons).
   * `typedMeanwhile`: the user changed the form while the request was under way — the inputs must stay as they are
   * (only the baseline moves to the saved values); else the form shows the saved values.
   */
  onSaved(
    record: RecordInfo,
    values: FormValues,
    problems: FormProblems,
    items: Record<string, ItemStatus>,
    typedMeanwhile: boolean,
  ): void;
  /**
   * The server answered "saved" with this record, told at once (before the draft is written and onSaved runs): what
   * keeps drafts written from then on — a change typed meanwhile, handed over before the page renders the saved
   * record — at the record's new row version.
   */
  onAnswered?(record: RecordInfo): void;
  /** The record changed since it was read (someone else saved it). */
  onConflict(record: RecordInfo): void;
  /** Tests: the key source. */
  idempotencyKeys?: IdempotencyKeys;
}

export interface SaveFlow {
  /** Saves; answers whether nothing is left unsaved afterwards (saved, or nothing to save). */
  save(): Promise<boolean>;
  busy: boolean;
  question: SaveQuestion | null;
  idempotencyKeys: IdempotencyKeys;
}

/** Rounds of questions and answers one save may take (confirm, reasons, a server's second opinion). */
const MAX_ROUNDS = 6;

export function useSaveFlow(options: SaveFlowOptions): SaveFlow {
  const client = useApiClient();
  const notifier = useNotifier();
  const [busy, setBusy] = useState(false);
  const [question, setQuestion] = useState<SaveQuestion | null>(null);
  const fallbackKeys = useMemo(() => createIdempotencyKeys(randomIdempotencyKey), []);
  const keys = options.idempotencyKeys ?? fallbackKeys;
  const latest = useRef(options);
  latest.current = options;
  const running = useRef(false);

  const ask = useCallback(
    <T>(make: (answer: (value: T) => void) => SaveQuestion) =>
      new Promise<T>((resolve) => {
        setQuestion(
          make((value: T) => {
            setQuestion(null);
            resolve(value);
          }),
        );
      }),
    [],
  );

  const send = useCallback(
    async (values: FormValues, confirmWarnings: boolean, reasons: Reasons): Promise<SaveOutcome | null> => {
      const { form, record, keys: at, controller, draft } = latest.current;
      const idempotencyKey = keys.keyFor(values);
      // the key goes into the draft first: a retry after a closed tab or a forced logout reuses it
      await draft.write({
        values: controller.current?.getValues() ?? values,
        savedAt: Date.now(),
        rowversion: record?.rowversion ?? null,
        idempotencyKey,
      });
      try {
        const outcome = record
          ? await client.call(updateData, {
              recordid: record.recordid,
              rowversion: record.rowversion,
              version: form.version,
              values,
              reasons,
              confirmWarnings,
              idempotencyKey,
            })
          : await client.call(saveData, {
              ...at,
              defvalue: undefined,
              version: form.version,
              values,
              confirmWarnings,
              idempotencyKey,
            });
        keys.settle();
        return outcome;
      } catch {
        // the request client has told the user; values, draft and key stay for the retry
        return null;
      }
    },
    [client, keys],
  );

  /** The server's verdict on values not saved yet; null when it could not be asked (the client has told the user). */
  const serverCheck = useCallback(
    async (values: FormValues): Promise<FormProblems | null> => {
      const { form, record, keys: at } = latest.current;
      try {
        const answer = record
          ? await client.call(editCheckUpdate, { recordid: record.recordid, version: form.version, values })
          : await client.call(editCheck, { ...at, defvalue: undefined, version: form.version, values });
        return answer.problems;
      } catch {
        return null;
      }
    },
    [client],
  );

  const run = useCallback(async (): Promise<boolean> => {
    let confirmed = false;
    let serverChecked = false;
    let serverWarnings: FormProblems = {};
    let reasons: Reasons = {};
    const notify = (level: 'info' | 'error' | 'success' | 'warning', messageId: string) =>
      notifier.notify({ level, messageId });
    const showProblems = (problems: FormProblems) => {
      const controller = latest.current.controller.current;
      controller?.showProblems(problems);
      controller?.focusFirstProblem();
    };
    const askReasons = async (variables: readonly string[]) => {
      const given = await ask<Reasons | null>((answer) => ({ kind: 'reasons', variables, answer }));
      if (given) reasons = { ...reasons, ...given };
      return given !== null;
    };
    const askConfirm = async (problems: FormProblems) => {
      confirmed = await ask<boolean>((answer) => ({ kind: 'confirm', problems, answer }));
      return confirmed;
    };

    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      const { form, ctx, saved, controller } = latest.current;
      const values = controller.current?.getValues();
      if (!values) return false;
      const plan = planSave({ form, ctx, saved, values, confirmedWarnings: confirmed, reasons });
      switch (plan.kind) {
        case 'empty':
          notify('info', 'formPage.pleaseEnter');
          return false;
        case 'unchanged':
          // nothing unsaved: a draft left from before (restored, or written while typing) has nothing to keep
          await latest.current.draft.clear();
          notify('info', 'formPage.noNeedToSave');
          return true;
        case 'invalid':
          showProblems(plan.problems);
          notify('error', 'formPage.pleaseCheck');
          return false;
        default:
          break;
      }
      if (!serverChecked) {
        // the browser found no error: the server's edit checks have their say before any question is asked, so that
        // the user confirms the server's warnings with the browser's and gives no reasons for a save bound to fail
        const found = await serverCheck(prepareForSave(form, values, ctx));
        if (!found) return false;
        serverChecked = true;
        if (hasErrors(found)) {
          showProblems(plan.kind === 'confirm' ? mergeProblems(plan.problems, found) : found);
          notify('error', 'formPage.pleaseCheck');
          return false;
        }
        serverWarnings = warningsOf(found);
      }
      if (!confirmed && (plan.kind === 'confirm' || Object.keys(serverWarnings).length > 0)) {
        const all = plan.kind === 'confirm' ? mergeProblems(plan.problems, serverWarnings) : serverWarnings;
        controller.current?.showProblems(all);
        if (!(await askConfirm(all))) return false;
        continue;
      }
      if (plan.kind === 'reasons') {
        if (!(await askReasons(plan.variables))) return false;
        continue;
      }
      if (plan.kind !== 'ready') continue;
      const outcome = await send(plan.values, confirmed, reasons);
      if (!outcome) return false;
      switch (outcome.outcome) {
        case 'saved': {
          latest.current.onAnswered?.(outcome.record);
          // the form stays editable while the request is under way: what was typed meanwhile is unsaved, not lost
          const now = controller.current?.getValues();
          const typedMeanwhile =
            now !== undefined &&
            changedVariables(form, plan.values, prepareForSave(form, now, ctx)).length > 0;
          if (typedMeanwhile) {
            await latest.current.draft.write({
              values: now,
              savedAt: Date.now(),
              rowversion: outcome.record.rowversion,
              idempotencyKey: null,
            });
          } else {
            await latest.current.draft.clear();
          }
          latest.current.onSaved(
            outcome.record,
            plan.values,
            outcome.problems,
            outcome.items,
            typedMeanwhile,
          );
          notify('success', 'formPage.saved');
          return !typedMeanwhile;
        }
        case 'invalid':
          showProblems(outcome.problems);
          notify('error', 'formPage.pleaseCheck');
          return false;
        case 'needsConfirmation':
          controller.current?.showProblems(outcome.problems);
          if (!(await askConfirm(outcome.problems))) return false;
          continue;
        case 'needsReason':
          if (!(await askReasons(outcome.variables))) return false;
          continue;
        case 'conflict':
          latest.current.onConflict(outcome.record);
          notify('warning', 'formPage.conflict');
          return false;
        case 'unchanged':
          await latest.current.draft.clear();
          notify('info', 'formPage.noNeedToSave');
          return true;
      }
    }
    return false;
  }, [ask, notifier, send, serverCheck]);

  const save = useCallback(async () => {
    if (running.current) return false;
    // a value typed just before (within the form's change debounce) is handed over first: its draft is written before
    // the save, not after the save's answer (where it would leave a draft of values already saved)
    latest.current.controller.current?.flushChanges();
    running.current = true;
    setBusy(true);
    try {
      return await run();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, [run]);

  return { save, busy, question, idempotencyKeys: keys };
}
