/**
 * Add subject (issue 12): the site is the one chosen at /checkRole (sitecodeList.do answers it, with the study's
 * subject-number pattern and the next free number, which the number field starts with); protocol and eCRF versions
 * from getProtover.do / getcrfver.do (the current ones preselected); the number is checked as typed (the pattern at
 * once, uniqueness by checkSubject.do, debounced); saved with savesubject.do. A refused save says why and keeps
 * what was typed.
 */
import { FormattedMessage, useIntl } from '../../../../renderers/intl';
import {
  getCrfVer,
  getProtover,
  saveSubject,
  sitecodeList,
  type AddSite,
  type StudyVersion,
  type SubjectRow,
} from '../../../../engine/api/subjects';
import type { Timers } from '../../../../engine/ports';
import { useApiClient } from '../../../../renderers/apiClientContext';
import { useEndpoint } from '../../../../renderers/async/useEndpoint';
import { textOf, type DialogField } from '../fields/dialogFields';
import { DialogFrame, FormDialogBody, LoadingBody, NoticeBody } from '../fields/FormDialog';
import { initialsField, sexField, versionField } from '../fields/subjectFields';
import { useFieldValues } from '../fields/useFieldValues';
import { useSubjidCheck, type SubjidCheckState } from './useSubjidCheck';

export interface AddSubjectDialogProps {
  onClose(): void;
  /** The subject as saved. */
  onSaved(row: SubjectRow): void;
  timers?: Timers;
}

const currentOf = (list: readonly StudyVersion[] | null) => list?.find((v) => v.current)?.id ?? '';

export function AddSubjectDialog({ onClose, onSaved, timers }: AddSubjectDialogProps) {
  const intl = useIntl();
  const sites = useEndpoint(sitecodeList, {});
  const protovers = useEndpoint(getProtover, {});
  const crfvers = useEndpoint(getCrfVer, {});
  const siteList = sites.status === 'ready' ? sites.data : null;
  const failed = [sites, protovers, crfvers].some((s) => s.status === 'failed' || s.status === 'refused');

  return (
    <DialogFrame id="add-subject" title={<FormattedMessage id="casebook.add.title" />} onClose={onClose}>
      {failed ? (
        <NoticeBody severity="error" onClose={onClose}>
          <FormattedMessage id="casebook.add.loadFailed" />
        </NoticeBody>
      ) : siteList && protovers.status === 'ready' && crfvers.status === 'ready' ? (
        siteList.length === 0 ? (
          <NoticeBody severity="info" onClose={onClose}>
            {intl.formatMessage({ id: 'casebook.add.noSite' })}
          </NoticeBody>
        ) : (
          <AddSubjectForm
            sites={siteList}
            protovers={protovers.data}
            crfvers={crfvers.data}
            onClose={onClose}
            onSaved={onSaved}
            timers={timers}
          />
        )
      ) : (
        <LoadingBody />
      )}
    </DialogFrame>
  );
}

interface FormProps extends AddSubjectDialogProps {
  sites: readonly AddSite[];
  protovers: readonly StudyVersion[];
  crfvers: readonly StudyVersion[];
}

function checkText(check: SubjidCheckState, intl: ReturnType<typeof useIntl>): string | null {
  switch (check.status) {
    case 'pattern':
      return intl.formatMessage(
        { id: 'casebook.subjid.pattern' },
        { pattern: check.pattern, example: check.example },
      );
    case 'checking':
      return intl.formatMessage({ id: 'casebook.subjid.checking' });
    case 'ok':
      return intl.formatMessage({ id: 'casebook.subjid.available' });
    case 'duplicate':
      return check.message;
    case 'failed':
      return intl.formatMessage({ id: 'casebook.subjid.checkFailed' });
    default:
      return null;
  }
}

function AddSubjectForm({ sites, protovers, crfvers, onClose, onSaved, timers }: FormProps) {
  const intl = useIntl();
  const client = useApiClient();
  const [values, setValue] = useFieldValues(() => ({
    siteid: sites[0]!.siteid,
    subjid: sites[0]!.nextsubjid,
    protover: currentOf(protovers),
    crfver: currentOf(crfvers),
    initials: '',
    sex: '',
    birthdate: null,
  }));
  const site = sites.find((s) => s.siteid === values.siteid) ?? sites[0]!;
  const check = useSubjidCheck(site, values.subjid ?? '', { timers });
  const subjidBad = check.status === 'empty' || check.status === 'pattern' || check.status === 'duplicate';

  const fields: DialogField[] = [
    {
      kind: 'select',
      name: 'siteid',
      labelId: 'casebook.site',
      required: true,
      disabled: sites.length === 1,
      options: sites.map((s) => ({ value: s.siteid, label: `${s.sitecode} ${s.sitename}` })),
    },
    {
      kind: 'text',
      name: 'subjid',
      labelId: 'casebook.subjid',
      required: true,
      maxLength: 100,
      testId: 'add-subject-subjid',
      helperTestId: 'add-subject-subjid-check',
      error: subjidBad && check.status !== 'empty',
      helper: checkText(check, intl),
    },
    versionField('protover', protovers, { testId: 'add-subject-protover' }),
    versionField('crfver', crfvers, { testId: 'add-subject-crfver' }),
    { ...initialsField(), half: true },
    { ...sexField(intl), half: true },
    { kind: 'date', name: 'birthdate', labelId: 'casebook.birthdate' },
  ];

  return (
    <FormDialogBody
      id="add-subject"
      bodyTestId="add-subject-form"
      fields={fields}
      values={values}
      onChange={(name, value) => {
        setValue(name, value);
        // another site proposes its own next number
        const next = name === 'siteid' ? sites.find((s) => s.siteid === value) : undefined;
        if (next) setValue('subjid', next.nextsubjid);
      }}
      ready={!subjidBad && check.status !== 'checking'}
      submit={() =>
        client.call(
          saveSubject,
          {
            siteid: site.siteid,
            subjid: textOf(values, 'subjid'),
            protover: values.protover ?? '',
            crfver: values.crfver ?? '',
            initials: textOf(values, 'initials'),
            sex: values.sex ?? '',
            birthdate: values.birthdate ?? null,
          },
          { silent: true },
        )
      }
      onDone={onSaved}
      onClose={onClose}
    />
  );
}
