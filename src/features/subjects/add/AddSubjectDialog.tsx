/**
 * Add subject (issue 12): the site is the one chosen at /checkRole (sitecodeList.do answers it, with the study's
 * subject-number pattern and the next free number, which the number field starts with); protocol and eCRF versions
 * from getProtover.do / getcrfver.do (the current ones preselected); the number is checked as typed (the pattern at
 * once, uniqueness by checkSubject.do, debounced); saved with savesubject.do. A refused save says why and keeps
 * what was typed.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { FormattedMessage, useIntl } from 'react-intl';
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
import { RequestError } from '../../../../engine/http/requestError';
import { useApiClient } from '../../../../renderers/apiClientContext';
import { useEndpoint } from '../../../../renderers/async/useEndpoint';
import { DatePickerProvider } from '../../../../renderers/search/widgets/DatePickerProvider';
import { ReadonlyDatePicker } from '../../../../renderers/search/widgets/ReadonlyDatePicker';
import { useSubjidCheck, type SubjidCheckState } from './useSubjidCheck';

export interface AddSubjectDialogProps {
  onClose(): void;
  /** The subject as saved. */
  onSaved(row: SubjectRow): void;
  timers?: Timers;
}

/** The most initials hold (savesubject.do). */
export const INITIALS_MAX_LENGTH = 10;

const currentOf = (list: readonly StudyVersion[] | null) => list?.find((v) => v.current)?.id ?? '';

export function AddSubjectDialog({ onClose, onSaved, timers }: AddSubjectDialogProps) {
  const intl = useIntl();
  const sites = useEndpoint(sitecodeList, {});
  const protovers = useEndpoint(getProtover, {});
  const crfvers = useEndpoint(getCrfVer, {});
  const siteList = sites.status === 'ready' ? sites.data : null;
  const failed = [sites, protovers, crfvers].some((s) => s.status === 'failed' || s.status === 'refused');

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="add-subject-title">
      <DialogTitle id="add-subject-title">
        <FormattedMessage id="casebook.add.title" />
      </DialogTitle>
      {failed ? (
        <>
          <DialogContent>
            <Alert severity="error">
              <FormattedMessage id="casebook.add.loadFailed" />
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>
              <FormattedMessage id="casebook.cancel" />
            </Button>
          </DialogActions>
        </>
      ) : siteList && protovers.status === 'ready' && crfvers.status === 'ready' ? (
        siteList.length === 0 ? (
          <>
            <DialogContent>
              <Alert severity="info">{intl.formatMessage({ id: 'casebook.add.noSite' })}</Alert>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>
                <FormattedMessage id="casebook.cancel" />
              </Button>
            </DialogActions>
          </>
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
        <DialogContent>
          <Box
            role="progressbar"
            aria-label={intl.formatMessage({ id: 'casebook.loading' })}
            sx={{ py: 4 }}
          />
        </DialogContent>
      )}
    </Dialog>
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
  const [siteid, setSiteid] = useState(sites[0]!.siteid);
  const site = sites.find((s) => s.siteid === siteid) ?? sites[0]!;
  const [subjid, setSubjid] = useState(site.nextsubjid);
  const [protover, setProtover] = useState(currentOf(protovers));
  const [crfver, setCrfver] = useState(currentOf(crfvers));
  const [initials, setInitials] = useState('');
  const [sex, setSex] = useState('');
  const [birthdate, setBirthdate] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const check = useSubjidCheck(site, subjid, { timers });

  const required = intl.formatMessage({ id: 'casebook.required' });
  const subjidBad = check.status === 'empty' || check.status === 'pattern' || check.status === 'duplicate';
  const subjidText = tried && check.status === 'empty' ? required : checkText(check, intl);

  async function save() {
    setTried(true);
    setRefusal(null);
    if (subjidBad || !protover || !crfver || check.status === 'checking') return;
    setSaving(true);
    try {
      const row = await client.call(
        saveSubject,
        { siteid, subjid: subjid.trim(), protover, crfver, initials: initials.trim(), sex, birthdate },
        { silent: true },
      );
      onSaved(row);
    } catch (err) {
      setRefusal(
        err instanceof RequestError && err.msg ? err.msg : intl.formatMessage({ id: 'casebook.saveFailed' }),
      );
      setSaving(false);
    }
  }

  return (
    <>
      <DialogContent>
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
          sx={{ display: 'grid', gap: 2, pt: 1 }}
          data-testid="add-subject-form"
        >
          {refusal ? (
            <Alert severity="error" data-testid="add-subject-refusal">
              {refusal}
            </Alert>
          ) : null}
          <TextField
            select
            label={intl.formatMessage({ id: 'casebook.site' })}
            value={siteid}
            onChange={(e) => {
              const next = sites.find((s) => s.siteid === e.target.value);
              setSiteid(e.target.value);
              if (next) setSubjid(next.nextsubjid);
            }}
            disabled={sites.length === 1}
            required
          >
            {sites.map((s) => (
              <MenuItem key={s.siteid} value={s.siteid}>
                {s.sitecode} {s.sitename}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={intl.formatMessage({ id: 'casebook.subjid' })}
            value={subjid}
            onChange={(e) => setSubjid(e.target.value)}
            required
            error={subjidBad && (tried || check.status !== 'empty')}
            helperText={subjidText ?? ' '}
            slotProps={{
              htmlInput: { maxLength: 100, 'data-testid': 'add-subject-subjid' },
              formHelperText: { 'data-testid': 'add-subject-subjid-check', role: 'status' } as object,
            }}
          />
          <TextField
            select
            label={intl.formatMessage({ id: 'casebook.protover' })}
            value={protover}
            onChange={(e) => setProtover(e.target.value)}
            required
            error={tried && !protover}
            helperText={tried && !protover ? required : ' '}
            slotProps={{
              select: { SelectDisplayProps: { 'data-testid': 'add-subject-protover' } as object },
            }}
          >
            {protovers.map((v) => (
              <MenuItem key={v.id} value={v.id}>
                {v.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={intl.formatMessage({ id: 'casebook.crfver' })}
            value={crfver}
            onChange={(e) => setCrfver(e.target.value)}
            required
            error={tried && !crfver}
            helperText={tried && !crfver ? required : ' '}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'add-subject-crfver' } as object } }}
          >
            {crfvers.map((v) => (
              <MenuItem key={v.id} value={v.id}>
                {v.name}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
            <TextField
              label={intl.formatMessage({ id: 'casebook.initials' })}
              value={initials}
              onChange={(e) => setInitials(e.target.value.toUpperCase())}
              slotProps={{ htmlInput: { maxLength: INITIALS_MAX_LENGTH } }}
            />
            <SexSelect value={sex} onChange={setSex} />
          </Box>
          <DatePickerProvider>
            <ReadonlyDatePicker
              id="add-subject-birthdate"
              name="birthdate"
              label={intl.formatMessage({ id: 'casebook.birthdate' })}
              value={birthdate}
              onChange={setBirthdate}
            />
          </DatePickerProvider>
          <button type="submit" hidden />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          <FormattedMessage id="casebook.cancel" />
        </Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={saving}
          data-testid="add-subject-save"
        >
          <FormattedMessage id="casebook.save" />
        </Button>
      </DialogActions>
    </>
  );
}

/** Sex (code list SEX) or not given. */
export function SexSelect({ value, onChange }: { value: string; onChange(value: string): void }) {
  const intl = useIntl();
  return (
    <TextField
      select
      label={intl.formatMessage({ id: 'casebook.sex' })}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      <MenuItem value="">
        <em>{intl.formatMessage({ id: 'casebook.sex.none' })}</em>
      </MenuItem>
      <MenuItem value="M">{intl.formatMessage({ id: 'casebook.sex.M' })}</MenuItem>
      <MenuItem value="F">{intl.formatMessage({ id: 'casebook.sex.F' })}</MenuItem>
    </TextField>
  );
}
