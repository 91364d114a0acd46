/**
 * /index/subjectTransfer (management page; docs/casebook-batch.md): move a subject of the chosen site to another
 * site of the study, with a reason (transfersubject.do: its data and audit trail go with it), and the transfers
 * into and out of the chosen site (transferlist.do) — what both sites' users see of a move.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from '../../../../renderers/intl';
import {
  transferList,
  transferSites,
  transferSubject,
  type TransferRow,
  type TransferSite,
} from '../../../../engine/api/subjectManagement';
import type { SubjectRow } from '../../../../engine/api/subjects';
import { RequestError } from '../../../../engine/http/requestError';
import { useApiClient } from '../../../../renderers/apiClientContext';
import { AsyncView } from '../../../../renderers/async/AsyncView';
import { useEndpoint } from '../../../../renderers/async/useEndpoint';
import { SUBJECT_REASON_MAX_LENGTH } from '../base/ChangeDialog';

export function SubjectTransferPage() {
  const [reloads, setReloads] = useState(0);
  // the last move, said above the form (the form itself starts afresh with the subjects read again)
  const [moved, setMoved] = useState<SubjectRow | null>(null);
  const choices = useEndpoint(transferSites, {}, { reloadToken: reloads });
  const history = useEndpoint(transferList, { page: 1, size: 20 }, { reloadToken: reloads });
  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="subject-transfer">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        <FormattedMessage id="transfer.title" />
      </Typography>
      {moved ? (
        <Alert severity="success" data-testid="transfer-done">
          <FormattedMessage id="transfer.done" values={{ subjid: moved.subjid, sitecode: moved.sitecode }} />
        </Alert>
      ) : null}
      <AsyncView state={choices} isEmpty={() => false} data-testid="transfer-choices">
        {(data) => (
          <TransferForm
            key={reloads}
            subjects={data.subjects}
            sites={data.sites}
            onMoved={(row) => {
              setMoved(row);
              setReloads((n) => n + 1);
            }}
          />
        )}
      </AsyncView>
      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          <FormattedMessage id="transfer.history" />
        </Typography>
        <AsyncView
          state={history}
          isEmpty={(d) => d.list.length === 0}
          empty={
            <Typography variant="body2" data-testid="transfer-none">
              <FormattedMessage id="transfer.none" />
            </Typography>
          }
          data-testid="transfer-history"
        >
          {(data) => <TransferTable rows={data.list} />}
        </AsyncView>
      </Box>
    </Box>
  );
}

interface TransferFormProps {
  subjects: readonly SubjectRow[];
  sites: readonly TransferSite[];
  onMoved(row: SubjectRow): void;
}

export function TransferForm({ subjects, sites, onMoved }: TransferFormProps) {
  const intl = useIntl();
  const client = useApiClient();
  const [subjectid, setSubjectid] = useState('');
  const [tositeid, setTositeid] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const subject = subjects.find((s) => s.subjectid === subjectid);
  const required = intl.formatMessage({ id: 'casebook.required' });

  async function submit() {
    setTried(true);
    setRefusal(null);
    if (!subject || !tositeid || reason.trim() === '') return;
    setBusy(true);
    try {
      const row = await client.call(
        transferSubject,
        { subjectid: subject.subjectid, updatedat: subject.updatedat, tositeid, reason: reason.trim() },
        { silent: true },
      );
      onMoved(row);
    } catch (err) {
      setRefusal(
        err instanceof RequestError && err.msg ? err.msg : intl.formatMessage({ id: 'casebook.saveFailed' }),
      );
    } finally {
      setBusy(false);
    }
  }

  if (subjects.length === 0) {
    return (
      <Typography variant="body2" data-testid="transfer-no-subjects">
        <FormattedMessage id="transfer.noSubjects" />
      </Typography>
    );
  }
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{ display: 'grid', gap: 2, maxWidth: 560 }}
      data-testid="transfer-form"
    >
      {refusal ? (
        <Alert severity="error" data-testid="transfer-refusal">
          {refusal}
        </Alert>
      ) : null}
      <TextField
        select
        label={intl.formatMessage({ id: 'transfer.subject' })}
        value={subjectid}
        onChange={(e) => setSubjectid(e.target.value)}
        required
        error={tried && !subject}
        helperText={tried && !subject ? required : ' '}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'transfer-subject' } as object } }}
      >
        {subjects.map((s) => (
          <MenuItem key={s.subjectid} value={s.subjectid}>
            {s.subjid} {s.initials}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={intl.formatMessage({ id: 'transfer.toSite' })}
        value={tositeid}
        onChange={(e) => setTositeid(e.target.value)}
        required
        error={tried && !tositeid}
        helperText={tried && !tositeid ? required : ' '}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'transfer-site' } as object } }}
      >
        {sites.map((s) => (
          <MenuItem key={s.siteid} value={s.siteid}>
            {s.sitecode} {s.sitename}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={intl.formatMessage({ id: 'transfer.reason' })}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        required
        multiline
        minRows={2}
        error={tried && reason.trim() === ''}
        helperText={
          tried && reason.trim() === '' ? intl.formatMessage({ id: 'casebook.reasonRequired' }) : ' '
        }
        slotProps={{ htmlInput: { maxLength: SUBJECT_REASON_MAX_LENGTH, 'data-testid': 'transfer-reason' } }}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={busy} data-testid="transfer-submit">
          <FormattedMessage id="transfer.submit" />
        </Button>
      </Box>
    </Box>
  );
}

function TransferTable({ rows }: { rows: readonly TransferRow[] }) {
  const intl = useIntl();
  return (
    <Table size="small" data-testid="transfer-table">
      <TableHead>
        <TableRow>
          <TableCell>
            <FormattedMessage id="transfer.subject" />
          </TableCell>
          <TableCell>
            <FormattedMessage id="transfer.from" />
          </TableCell>
          <TableCell>
            <FormattedMessage id="transfer.to" />
          </TableCell>
          <TableCell>
            <FormattedMessage id="transfer.reason" />
          </TableCell>
          <TableCell>
            <FormattedMessage id="transfer.by" />
          </TableCell>
          <TableCell>
            <FormattedMessage id="transfer.at" />
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.id} data-testid="transfer-row">
            <TableCell>{r.subjid}</TableCell>
            <TableCell>{r.fromsite}</TableCell>
            <TableCell>{r.tosite}</TableCell>
            <TableCell>{r.reason}</TableCell>
            <TableCell>{r.realname}</TableCell>
            <TableCell>{intl.formatDate(r.at, { dateStyle: 'medium', timeStyle: 'short' })}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
