/**
 * The dialogs of the visit grid's actions, each a FormDialog over a declared field list: add a visit (hidevisitlist
 * → savevisit), add an eCRF (hidetablelist → updateVisitTable), mark a page or visit or make it valid again
 * (invalidationreason; checkDataCaseBook / checkActiveByCaseBook first → activedata), and the confirmations of the
 * changes without fields (next cycle, delete a visit or cycle, remove an eCRF). A refusal shows in place.
 */
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import { FormattedMessage, useIntl } from '../../../../renderers/intl';
import {
  activeData,
  addNextVisit,
  checkActiveByCaseBook,
  checkDataCaseBook,
  delCurrentVisit,
  deleteVisit,
  hideTableList,
  hideVisitList,
  invalidationReason,
  saveVisit,
  updateVisitTable,
  type MarkAction,
  type MarkCheck,
  type PageAction,
  type TableRow,
  type VisitAction,
  type VisitRow,
} from '../../../../engine/api/visits';
import { RequestError } from '../../../../engine/http/requestError';
import { useApiClient } from '../../../../renderers/apiClientContext';
import { useEndpoint } from '../../../../renderers/async/useEndpoint';
import { useMetaText } from '../../../../renderers/search/metadataText';
import { textOf, type DialogField } from '../fields/dialogFields';
import { DialogFrame, FormDialog, LoadingBody, NoticeBody } from '../fields/FormDialog';
import { useFieldValues } from '../fields/useFieldValues';

/** The most a mark's reason text holds (activedata.do). */
export const MARK_TEXT_MAX_LENGTH = 500;

export interface VisitTarget {
  subjectid: string;
  visit: VisitRow;
  /** The page, when the action is on one page. */
  form?: TableRow;
}

export interface VisitDialogProps {
  target: VisitTarget;
  action: VisitAction | PageAction;
  onClose(): void;
  /** The change was made: the grid reads the visits again. */
  onDone(): void;
}

const keysOf = (t: VisitTarget) => ({
  subjectid: t.subjectid,
  visitnum: t.visit.visitnum,
  cycnum: t.visit.cycnum,
  svnum: t.visit.svnum,
});

/** A visit's name with its cycle or sub-visit when it has several. */
export function useVisitLabel() {
  const intl = useIntl();
  const text = useMetaText();
  return (v: Pick<VisitRow, 'name' | 'cycnum' | 'svnum'>) => {
    const name = text(v.name);
    if (v.cycnum > 1 || v.svnum > 1)
      return intl.formatMessage({ id: 'visit.instance' }, { name, n: Math.max(v.cycnum, v.svnum) });
    return name;
  };
}

function Unavailable({
  id,
  title,
  message,
  onClose,
}: {
  id: string;
  title: string;
  message: string;
  onClose(): void;
}) {
  return (
    <DialogFrame id={id} title={title} onClose={onClose}>
      <NoticeBody severity="warning" testId={`${id}-unavailable`} onClose={onClose}>
        {message}
      </NoticeBody>
    </DialogFrame>
  );
}

function Loading({ id, title, onClose }: { id: string; title: string; onClose(): void }) {
  return (
    <DialogFrame id={id} title={title} onClose={onClose}>
      <LoadingBody />
    </DialogFrame>
  );
}

/** Add visit: a visit the schedule offers the subject (hidden, repeating not started, unscheduled), optionally dated. */
export function AddVisitDialog({
  subjectid,
  onClose,
  onDone,
}: {
  subjectid: string;
  onClose(): void;
  onDone(): void;
}) {
  const intl = useIntl();
  const text = useMetaText();
  const client = useApiClient();
  const offered = useEndpoint(hideVisitList, { subjectid });
  const [values, setValue] = useFieldValues({ visitnum: '', visitdate: null });
  const title = intl.formatMessage({ id: 'visit.add.title' });
  if (offered.status === 'failed' || offered.status === 'refused')
    return (
      <Unavailable
        id="add-visit"
        title={title}
        message={intl.formatMessage({ id: 'visit.loadFailed' })}
        onClose={onClose}
      />
    );
  if (offered.status !== 'ready') return <Loading id="add-visit" title={title} onClose={onClose} />;
  if (offered.data.visits.length === 0)
    return (
      <Unavailable
        id="add-visit"
        title={title}
        message={intl.formatMessage({ id: 'visit.add.none' })}
        onClose={onClose}
      />
    );
  const fields: DialogField[] = [
    {
      kind: 'select',
      name: 'visitnum',
      labelId: 'visit.add.visit',
      required: true,
      testId: 'add-visit-visitnum',
      options: offered.data.visits.map((v) => ({
        value: v.visitnum,
        label: `${text(v.name)} (${intl.formatMessage({ id: `visit.kind.${v.kind}` })})`,
      })),
    },
    { kind: 'date', name: 'visitdate', labelId: 'visit.add.date' },
  ];
  return (
    <FormDialog
      id="add-visit"
      title={title}
      fields={fields}
      values={values}
      onChange={setValue}
      submit={() =>
        client.call(
          saveVisit,
          { subjectid, visitnum: textOf(values, 'visitnum'), visitdate: values.visitdate ?? null },
          { silent: true },
        )
      }
      onDone={onDone}
      onClose={onClose}
    />
  );
}

/** Add eCRF: an optional form of the visit not added yet. */
export function AddFormDialog({ target, onClose, onDone }: VisitDialogProps) {
  const intl = useIntl();
  const text = useMetaText();
  const label = useVisitLabel();
  const client = useApiClient();
  const keys = keysOf(target);
  const offered = useEndpoint(hideTableList, keys);
  const [values, setValue] = useFieldValues({ tid: '' });
  const title = intl.formatMessage({ id: 'visit.addForm.title' }, { visit: label(target.visit) });
  if (offered.status === 'failed' || offered.status === 'refused')
    return (
      <Unavailable
        id="add-form"
        title={title}
        message={intl.formatMessage({ id: 'visit.formsLoadFailed' })}
        onClose={onClose}
      />
    );
  if (offered.status !== 'ready') return <Loading id="add-form" title={title} onClose={onClose} />;
  if (!offered.data.allowed || offered.data.forms.length === 0)
    return (
      <Unavailable
        id="add-form"
        title={title}
        message={intl.formatMessage({ id: 'visit.addForm.none' })}
        onClose={onClose}
      />
    );
  return (
    <FormDialog
      id="add-form"
      title={title}
      fields={[
        {
          kind: 'select',
          name: 'tid',
          labelId: 'visit.addForm.form',
          required: true,
          testId: 'add-form-tid',
          options: offered.data.forms.map((f) => ({ value: f.tid, label: text(f.name) })),
        },
      ]}
      values={values}
      onChange={setValue}
      submit={() =>
        client.call(
          updateVisitTable,
          { ...keys, tid: textOf(values, 'tid'), action: 'add' },
          { silent: true },
        )
      }
      onDone={onDone}
      onClose={onClose}
    />
  );
}

/** What the mark check answered, or its failure. */
function useMarkCheck(target: VisitTarget, action: MarkAction) {
  const client = useApiClient();
  const [state, setState] = useState<{ check: MarkCheck } | { failed: string } | null>(null);
  const { subjectid, visitnum, cycnum, svnum } = keysOf(target);
  const tid = target.form?.tid ?? '';
  useEffect(() => {
    const controller = new AbortController();
    const params = { subjectid, visitnum, cycnum, svnum, tid };
    const call =
      action === 'activate'
        ? client.call(checkActiveByCaseBook, params, { silent: true, signal: controller.signal })
        : client.call(checkDataCaseBook, { ...params, action }, { silent: true, signal: controller.signal });
    call.then(
      (check) => setState({ check }),
      (err: unknown) => {
        if (!controller.signal.aborted)
          setState({ failed: err instanceof RequestError ? (err.msg ?? '') : '' });
      },
    );
    return () => controller.abort();
  }, [client, action, subjectid, visitnum, cycnum, svnum, tid]);
  return state;
}

/** Mark a page or visit not collected, not occurred, invalid, or valid again: a reason of the dictionary, checked first. */
export function MarkDialog({ target, action, onClose, onDone }: VisitDialogProps & { action: MarkAction }) {
  const intl = useIntl();
  const text = useMetaText();
  const label = useVisitLabel();
  const client = useApiClient();
  const reasons = useEndpoint(invalidationReason, {});
  const check = useMarkCheck(target, action);
  const [values, setValue] = useFieldValues({ reasoncode: '', reasontext: '' });
  const what = target.form
    ? intl.formatMessage(
        { id: 'visit.target.page' },
        { form: text(target.form.name), visit: label(target.visit) },
      )
    : label(target.visit);
  const title = intl.formatMessage({ id: `visit.markTitle.${action}` }, { what });
  if (check && 'failed' in check)
    return (
      <Unavailable
        id="mark"
        title={title}
        message={check.failed || intl.formatMessage({ id: 'casebook.saveFailed' })}
        onClose={onClose}
      />
    );
  if (check && !check.check.allowed)
    return <Unavailable id="mark" title={title} message={check.check.message ?? ''} onClose={onClose} />;
  if (!check || reasons.status !== 'ready') return <Loading id="mark" title={title} onClose={onClose} />;
  const chosen = reasons.data.find((r) => r.code === values.reasoncode);
  const fields: DialogField[] = [
    {
      kind: 'select',
      name: 'reasoncode',
      labelId: 'visit.mark.reason',
      required: true,
      requiredId: 'visit.mark.reasonRequired',
      testId: 'mark-reason',
      options: reasons.data.map((r) => ({ value: r.code, label: text(r.text) })),
    },
    {
      kind: 'text',
      name: 'reasontext',
      labelId: 'visit.mark.reasonText',
      required: chosen?.needsText ?? false,
      requiredId: 'visit.mark.reasonTextRequired',
      multiline: true,
      maxLength: MARK_TEXT_MAX_LENGTH,
      testId: 'mark-reasontext',
    },
  ];
  const { entered, pages } = check.check;
  return (
    <FormDialog
      id="mark"
      title={title}
      intro={
        action === 'deactivate' && entered > 0 ? (
          <Alert severity="info" data-testid="mark-entered">
            <FormattedMessage id="visit.mark.enteredKept" values={{ entered, pages }} />
          </Alert>
        ) : null
      }
      fields={fields}
      values={values}
      onChange={setValue}
      saveLabelId={`visit.action.${action}`}
      submit={() =>
        client.call(
          activeData,
          {
            ...keysOf(target),
            tid: target.form?.tid ?? '',
            action,
            reasoncode: textOf(values, 'reasoncode'),
            reasontext: textOf(values, 'reasontext'),
          },
          { silent: true },
        )
      }
      onDone={onDone}
      onClose={onClose}
    />
  );
}

/** The changes that need only a confirmation: the next cycle, deleting a visit or cycle, removing an eCRF. */
export function ConfirmVisitDialog({ target, action, onClose, onDone }: VisitDialogProps) {
  const intl = useIntl();
  const text = useMetaText();
  const label = useVisitLabel();
  const client = useApiClient();
  const keys = keysOf(target);
  const names = { visit: label(target.visit), form: target.form ? text(target.form.name) : '' };
  const send = (): Promise<unknown> => {
    switch (action) {
      case 'addNextVisit':
        return client.call(
          addNextVisit,
          { subjectid: keys.subjectid, visitnum: keys.visitnum },
          { silent: true },
        );
      case 'deleteVisit':
        return client.call(deleteVisit, keys, { silent: true });
      case 'delCurrentVisit':
        return client.call(
          delCurrentVisit,
          { subjectid: keys.subjectid, visitnum: keys.visitnum },
          { silent: true },
        );
      default:
        return client.call(
          updateVisitTable,
          { ...keys, tid: target.form?.tid ?? '', action: 'remove' },
          { silent: true },
        );
    }
  };
  return (
    <FormDialog
      id={`confirm-${action}`}
      title={intl.formatMessage({ id: `visit.action.${action}` })}
      intro={
        <Alert severity={action === 'addNextVisit' ? 'info' : 'warning'}>
          <FormattedMessage id={`visit.confirm.${action}`} values={names} />
        </Alert>
      }
      fields={[]}
      values={{}}
      onChange={() => undefined}
      saveLabelId={`visit.action.${action}`}
      submit={send}
      onDone={onDone}
      onClose={onClose}
    />
  );
}

const MARK_ACTION_SET: ReadonlySet<string> = new Set(['uncollected', 'unoccurred', 'deactivate', 'activate']);

/** The dialog of an action of the visit grid. */
export function VisitActionDialog(props: VisitDialogProps) {
  if (props.action === 'addForm') return <AddFormDialog {...props} />;
  if (MARK_ACTION_SET.has(props.action)) return <MarkDialog {...props} action={props.action as MarkAction} />;
  return <ConfirmVisitDialog {...props} />;
}
