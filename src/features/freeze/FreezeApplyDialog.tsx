/**
 * The Freeze / unfreeze record action's dialog (spec §4: applied for with an approval role and a reason): the page's
 * freeze state (freezeStatus.do: the freezes in force, the requests pending), then the application — freeze or
 * unfreeze; the page, the whole subject or selected items of the saved record; the approval role; the reason — sent
 * in one request (applyFreeze.do). What is missing (nothing selected: "select items to freeze", no reason) is said in
 * place before any request; the server's refusal (already frozen, a request pending …) likewise. Nothing changes on
 * the form until the approver approves.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from '../../../renderers/intl';
import {
  applyFreeze,
  FREEZE_REASON_MAX,
  freezeStatus,
  type FreezeAction,
  type FreezeLevel,
} from '../../../engine/api/freeze';
import type { DataOf } from '../../../engine/api/endpoint';
import { RequestError } from '../../../engine/http/requestError';
import { metaText } from '../../../engine/metadata/metaText';
import type { ActionDialogProps } from '../../../renderers/actions/recordActions';
import { AsyncView } from '../../../renderers/async/AsyncView';
import { useEndpoint } from '../../../renderers/async/useEndpoint';
import { useEngineLocale } from '../../../renderers/search/metadataText';
import { FreezeDetails } from './FreezeDetails';
import { applicationProblem, applicationTargets } from './freezeApplication';
import { FreezeWithdrawForm } from './FreezeWithdraw';

type FreezeStatusData = DataOf<typeof freezeStatus>;

export function FreezeApplyDialog({ ctx, onClose }: ActionDialogProps) {
  const lineno = typeof ctx.lineno === 'number' ? ctx.lineno : undefined;
  const status = useEndpoint(freezeStatus, { ...ctx.keys, lineno });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="freeze-apply-title">
      <DialogTitle id="freeze-apply-title">
        <FormattedMessage id="freeze.dialogTitle" />
      </DialogTitle>
      <AsyncView state={status} isEmpty={() => false} data-testid="freeze-status">
        {(data) => <FreezeApplyBody ctx={ctx} onClose={onClose} status={data} />}
      </AsyncView>
    </Dialog>
  );
}

export function FreezeApplyBody({ ctx, onClose, status }: ActionDialogProps & { status: FreezeStatusData }) {
  const intl = useIntl();
  const locale = useEngineLocale();
  const wholeFrozen = status.frozen.some((f) => f.level !== 'item');
  const [action, setAction] = useState<FreezeAction>(wholeFrozen ? 'unfreeze' : 'freeze');
  const [level, setLevel] = useState<FreezeLevel>('page');
  const [variables, setVariables] = useState<ReadonlySet<string>>(new Set());
  const [approvalRole, setApprovalRole] = useState(status.approvalRoles[0]?.rolecode ?? '');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  /** The pending request whose withdrawal is being asked, and those withdrawn in this dialog. */
  const [withdrawing, setWithdrawing] = useState<string | null>(null);
  const [withdrawn, setWithdrawn] = useState<ReadonlySet<string>>(new Set());
  const recordid = ctx.record?.recordid ?? null;

  function toggle(variable: string) {
    setProblem(null);
    setVariables((s) => {
      const next = new Set(s);
      if (next.has(variable)) next.delete(variable);
      else next.add(variable);
      return next;
    });
  }

  async function send() {
    const application = { action, level, variables: [...variables], approvalRole, reason };
    const missing = applicationProblem(application, recordid);
    if (missing) {
      setProblem(intl.formatMessage({ id: missing }));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await ctx.client.call(
        applyFreeze,
        {
          action,
          approvalRole,
          reason: reason.trim(),
          list: applicationTargets(application, ctx.keys, recordid),
        },
        { silent: true },
      );
      setSent(true);
    } catch (err) {
      setProblem(
        err instanceof RequestError && err.msg ? err.msg : intl.formatMessage({ id: 'freeze.failed' }),
      );
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <>
        <DialogContent>
          <Alert severity="success" data-testid="freeze-sent">
            <FormattedMessage id="freeze.sent" values={{ role: approvalRole }} />
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid="freeze-close">
            <FormattedMessage id="freeze.close" />
          </Button>
        </DialogActions>
      </>
    );
  }

  return (
    <>
      <DialogContent data-testid="freeze-apply-dialog" sx={{ display: 'grid', gap: 2 }}>
        {problem ? (
          <Alert severity="error" data-testid="freeze-problem">
            {problem}
          </Alert>
        ) : null}
        <Box data-testid="freeze-current">
          <Typography variant="subtitle2">
            <FormattedMessage id="freeze.current" />
          </Typography>
          {status.frozen.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              <FormattedMessage id="freeze.notFrozen" />
            </Typography>
          ) : (
            status.frozen.map((f) => (
              <FreezeDetails
                key={`${f.level}:${f.variable ?? ''}`}
                level={f.level}
                variable={f.variable}
                reason={f.reason}
                approvedBy={f.approvedBy}
                requestedBy={f.requestedBy}
                at={f.at}
                userTimeZone={ctx.userTimeZone}
              />
            ))
          )}
          {status.pending.map((p) =>
            withdrawn.has(p.requestid) ? (
              <Alert key={p.requestid} severity="info" sx={{ mt: 1 }} data-testid="freeze-withdrawn">
                <FormattedMessage id="freeze.withdrawn" />
              </Alert>
            ) : (
              <Alert
                key={p.requestid}
                severity="warning"
                sx={{ mt: 1, '& .MuiAlert-message': { flex: 1 } }}
                data-testid="freeze-pending"
                action={
                  p.mine && withdrawing !== p.requestid ? (
                    <Button
                      color="inherit"
                      size="small"
                      onClick={() => setWithdrawing(p.requestid)}
                      data-testid="freeze-pending-withdraw"
                    >
                      <FormattedMessage id="freeze.withdraw" />
                    </Button>
                  ) : undefined
                }
              >
                <FormattedMessage
                  id="freeze.pendingRequest"
                  values={{
                    action: intl.formatMessage({ id: `freeze.action.${p.action}` }),
                    level: intl.formatMessage({ id: `freeze.level.${p.level}` }),
                    variable: p.variable ?? '',
                    user: p.requestedBy,
                    role: p.approvalRole,
                  }}
                />
                {withdrawing === p.requestid ? (
                  <FreezeWithdrawForm
                    requestids={[p.requestid]}
                    onWithdrawn={() => {
                      setWithdrawn((s) => new Set(s).add(p.requestid));
                      setWithdrawing(null);
                    }}
                    onCancel={() => setWithdrawing(null)}
                  />
                ) : null}
              </Alert>
            ),
          )}
        </Box>
        <Box>
          <FormLabel id="freeze-action-label">
            <FormattedMessage id="freeze.actionLabel" />
          </FormLabel>
          <RadioGroup
            row
            aria-labelledby="freeze-action-label"
            value={action}
            onChange={(e) => setAction(e.target.value as FreezeAction)}
          >
            {(['freeze', 'unfreeze'] as const).map((a) => (
              <FormControlLabel
                key={a}
                value={a}
                control={<Radio size="small" />}
                label={intl.formatMessage({ id: `freeze.action.${a}` })}
                data-testid={`freeze-action-${a}`}
              />
            ))}
          </RadioGroup>
        </Box>
        <Box>
          <FormLabel id="freeze-level-label">
            <FormattedMessage id="freeze.levelLabel" />
          </FormLabel>
          <RadioGroup
            row
            aria-labelledby="freeze-level-label"
            value={level}
            onChange={(e) => {
              setProblem(null);
              setLevel(e.target.value as FreezeLevel);
            }}
          >
            {(['page', 'subject', 'item'] as const).map((l) => (
              <FormControlLabel
                key={l}
                value={l}
                control={<Radio size="small" />}
                label={intl.formatMessage({ id: `freeze.level.${l}` })}
                data-testid={`freeze-level-${l}`}
                disabled={l === 'item' && recordid === null}
              />
            ))}
          </RadioGroup>
          {level === 'item' ? (
            <Box sx={{ display: 'grid', maxHeight: 220, overflow: 'auto' }} data-testid="freeze-items">
              {[...ctx.form.items.values()].map((item) => (
                <FormControlLabel
                  key={item.variable}
                  control={
                    <Checkbox
                      size="small"
                      checked={variables.has(item.variable)}
                      onChange={() => toggle(item.variable)}
                    />
                  }
                  label={`${item.variable} · ${metaText(item.label, locale)}`}
                  data-testid={`freeze-item-${item.variable}`}
                />
              ))}
            </Box>
          ) : null}
        </Box>
        <TextField
          select
          size="small"
          label={intl.formatMessage({ id: 'freeze.approvalRole' })}
          value={approvalRole}
          onChange={(e) => setApprovalRole(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'freeze-approval-role' } }}
        >
          {status.approvalRoles.map((r) => (
            <MenuItem key={r.rolecode} value={r.rolecode}>
              {metaText(r.name, locale)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          multiline
          minRows={2}
          required
          label={intl.formatMessage({ id: 'freeze.reason' })}
          value={reason}
          onChange={(e) => {
            setProblem(null);
            setReason(e.target.value);
          }}
          slotProps={{ htmlInput: { maxLength: FREEZE_REASON_MAX, 'data-testid': 'freeze-reason-input' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          <FormattedMessage id="freeze.cancel" />
        </Button>
        <Button variant="contained" onClick={() => void send()} disabled={busy} data-testid="freeze-send">
          <FormattedMessage id="freeze.send" />
        </Button>
      </DialogActions>
    </>
  );
}
