/**
 * The draft of a record: what is typed is kept while typing (unsaved values only), offered back when the page opens
 * again (with who changed the record since, when it is behind), restored or discarded on request. A draft holding
 * nothing unsaved is not offered: it goes.
 */
import { useCallback, useEffect, useMemo, useRef, type RefObject } from 'react';
import type { RecordInfo } from '../../../../engine/api/data';
import type { DraftScope } from '../../../../engine/drafts';
import { changedVariables, defaultValues, prepareForSave } from '../../../../engine/form';
import type { CompiledForm, FormContext, FormValues } from '../../../../engine/form/types';
import type { KeyValueStore } from '../../../../engine/ports';
import { loadLoginInfo } from '../../../../engine/session/loginInfo';
import type { RecordKeys } from '../../../../renderers/actions/recordActions';
import type { EcrfFormController } from '../../../../renderers/ecrf/controller';
import type { DraftRecordChange } from '../../../../renderers/ecrf/DraftOfferDialog';
import { useFormDraft, type FormDraft } from '../../../drafts/useFormDraft';
import { draftChangedSince } from './draftChangedSince';
import type { IdempotencyKeys } from './idempotency';

export interface RecordDraftOptions {
  store: KeyValueStore;
  form: CompiledForm;
  ctx: FormContext;
  keys: RecordKeys;
  lineno: number | 'new' | null;
  record: RecordInfo | null;
  /** The saved values; null for a record not saved yet. */
  saved: FormValues | null;
  /** Values may be changed (else no draft is kept). */
  editable: boolean;
  controller: RefObject<EcrfFormController | null>;
  idempotencyKeys: IdempotencyKeys;
}

export interface RecordDraft {
  draft: FormDraft;
  /** The draft offered back (null: none). */
  offer: FormDraft['offer'];
  /** The record was saved again after the offered draft was typed: by whom and when. */
  changedSince: DraftRecordChange | null;
  /**
   * The form's values changed (debounced): kept as the draft, or the draft goes when nothing is unsaved. Answers
   * whether something is unsaved now (the toolbar's flag).
   */
  onChange(values: FormValues): boolean;
  restore(): void;
  discard(): void;
  /** Some value differs from the saved ones (or the defaults of a record not saved yet). */
  hasUnsaved(): boolean;
  /** The user leaves without saving: nothing handed over as the form unmounts is written back. */
  leaveDiscarding(): Promise<void>;
  /**
   * A save answered with this record: drafts written from now on carry its row version, even before the page renders
   * it (a change typed during the save is handed over on a timer, which may come first).
   */
  noteSaved(record: RecordInfo): void;
}

export function useRecordDraft(o: RecordDraftOptions): RecordDraft {
  const { store, form, ctx, keys, lineno, record, saved, editable, controller, idempotencyKeys } = o;
  const scope = useMemo<DraftScope | null>(() => {
    const info = loadLoginInfo(store);
    if (!editable || !info?.userid) return null;
    return { studyId: info.studyid ?? '', userId: info.userid, ...keys, lineno: lineno ?? 1 };
  }, [store, editable, keys, lineno]);
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
  }, [editable, isUnsaved, controller]);

  // a draft holding nothing unsaved (e.g. its save reached the server, only the answer was lost) is not offered
  const staleOffer = editable && draft.offer !== null && !isUnsaved(draft.offer.values);
  useEffect(() => {
    if (!staleOffer) return;
    void draft.clear();
    draft.dismissOffer();
  }, [staleOffer, draft]);
  const offer = editable && !staleOffer ? draft.offer : null;
  // values typed against an older state of the record (saved again since): the offer says by whom and when
  const changedSince = offer ? draftChangedSince(offer, record) : null;

  // the record drafts are written against: the one rendered, or one a save answered that is not rendered yet
  const latestRecord = useRef({ given: record, current: record });
  if (latestRecord.current.given !== record) latestRecord.current = { given: record, current: record };
  const noteSaved = useCallback((saved: RecordInfo) => {
    latestRecord.current = { ...latestRecord.current, current: saved };
  }, []);

  // the user chose to leave without saving: a change handed over as the form unmounts must not write the draft back
  const discarded = useRef(false);
  const onChange = useCallback(
    (values: FormValues): boolean => {
      const prepared = prepareForSave(form, values, ctx);
      const unsaved = editable && changedVariables(form, baseline, prepared).length > 0;
      // the offered draft stays as it is until the user restores or discards it
      if (!scope || offer || discarded.current) return unsaved;
      if (unsaved) {
        void draft.write({
          values,
          savedAt: Date.now(),
          rowversion: latestRecord.current.current?.rowversion ?? null,
          // only a retry of the very save that was sent may reuse its key: a draft of other values gets none
          idempotencyKey: idempotencyKeys.pendingFor(prepared),
        });
      } else {
        void draft.clear();
      }
      return unsaved;
    },
    [scope, offer, form, ctx, baseline, draft, idempotencyKeys, editable],
  );

  const restore = () => {
    if (!offer) return;
    controller.current?.reset(offer.values);
    // the key of a save sent against an older state of the record is not reused: the record has moved on
    if (offer.idempotencyKey && !changedSince) {
      idempotencyKeys.adopt(offer.idempotencyKey, prepareForSave(form, offer.values, ctx));
    }
    draft.dismissOffer();
  };
  const discard = () => {
    void draft.clear();
    draft.dismissOffer();
  };
  const leaveDiscarding = () => {
    discarded.current = true;
    return draft.clear();
  };

  return { draft, offer, changedSince, onChange, restore, discard, hasUnsaved, leaveDiscarding, noteSaved };
}
