/**
 * Reasons for change of a saved record: one row per changed variable, each with a reason from the study's
 * dictionary (which fills in its text) and/or free text; "apply to all" copies a row's reason to every row. OK
 * stays disabled until every row has a text.
 */
import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from '../intl';
import type { ChangeReason, EditReason } from '../../engine/api/data';
import type { CompiledForm } from '../../engine/form/types';
import { metaText } from '../../engine/metadata/metaText';
import { useEngineLocale } from '../search/metadataText';

export interface ChangeReasonDialogProps {
  open: boolean;
  /** The changed variables that need a reason, in form order. */
  variables: readonly string[];
  form: CompiledForm;
  /** The study's edit reasons (editReasons endpoint). */
  reasons: readonly EditReason[];
  onConfirm(reasons: Record<string, ChangeReason>): void;
  onCancel(): void;
}

/** The most a reason text may hold (changeReasonSchema). */
export const REASON_MAX_LENGTH = 500;

type Draft = Record<string, ChangeReason>;

function ReasonRows({
  variables,
  form,
  reasons,
  onConfirm,
  onCancel,
}: Omit<ChangeReasonDialogProps, 'open'>) {
  const intl = useIntl();
  const locale = useEngineLocale();
  const idBase = useId();
  const [draft, setDraft] = useState<Draft>(() =>
    Object.fromEntries(variables.map((v) => [v, { code: null, text: '' }])),
  );
  const set = (variable: string, reason: ChangeReason) => setDraft((d) => ({ ...d, [variable]: reason }));
  const choose = (variable: string, code: string) => {
    const reason = reasons.find((r) => r.code === code);
    set(variable, reason ? { code, text: metaText(reason.text, locale) } : { code: null, text: '' });
  };
  const applyToAll = (variable: string) => {
    const reason = draft[variable];
    if (reason) setDraft(Object.fromEntries(variables.map((v) => [v, { ...reason }])));
  };
  const complete = variables.every((v) => (draft[v]?.text.trim() ?? '') !== '');
  const confirm = () =>
    onConfirm(
      Object.fromEntries(
        variables.map((v) => [v, { code: draft[v]?.code ?? null, text: (draft[v]?.text ?? '').trim() }]),
      ),
    );
  return (
    <>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 2 }}>
          <FormattedMessage id="ecrf.reason.intro" />
        </DialogContentText>
        {variables.map((variable) => {
          const item = form.items.get(variable);
          const label = item ? metaText(item.label, locale) : variable;
          const reason = draft[variable] ?? { code: null, text: '' };
          return (
            <Box
              key={variable}
              data-testid={`reason-row-${variable}`}
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', md: '200px 220px 1fr auto' },
                gap: 1.5,
                alignItems: 'center',
                py: 1,
              }}
            >
              <Typography variant="body2">
                {label}{' '}
                <Typography component="span" variant="caption" color="text.secondary">
                  {variable}
                </Typography>
              </Typography>
              <FormControl size="small">
                <InputLabel shrink htmlFor={`${idBase}-${variable}-code`}>
                  {intl.formatMessage({ id: 'ecrf.reason.choose' })}
                </InputLabel>
                <NativeSelect
                  id={`${idBase}-${variable}-code`}
                  value={reason.code ?? ''}
                  onChange={(event) => choose(variable, event.target.value)}
                  input={<OutlinedInput notched label={intl.formatMessage({ id: 'ecrf.reason.choose' })} />}
                  inputProps={{
                    'aria-label': intl.formatMessage({ id: 'ecrf.reason.chooseFor' }, { label }),
                  }}
                >
                  <option value="">{intl.formatMessage({ id: 'ecrf.reason.freeText' })}</option>
                  {reasons.map((r) => (
                    <option key={r.code} value={r.code}>
                      {metaText(r.text, locale)}
                    </option>
                  ))}
                </NativeSelect>
              </FormControl>
              <FormControl size="small" required>
                <InputLabel htmlFor={`${idBase}-${variable}-text`}>
                  {intl.formatMessage({ id: 'ecrf.reason.text' })}
                </InputLabel>
                <OutlinedInput
                  id={`${idBase}-${variable}-text`}
                  label={intl.formatMessage({ id: 'ecrf.reason.text' })}
                  value={reason.text}
                  onChange={(event) => set(variable, { ...reason, text: event.target.value })}
                  slotProps={{
                    input: {
                      maxLength: REASON_MAX_LENGTH,
                      'aria-label': intl.formatMessage({ id: 'ecrf.reason.textFor' }, { label }),
                    },
                  }}
                />
              </FormControl>
              <Button
                size="small"
                disabled={variables.length < 2 || reason.text.trim() === ''}
                onClick={() => applyToAll(variable)}
              >
                <FormattedMessage id="ecrf.reason.applyAll" />
              </Button>
            </Box>
          );
        })}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>
          <FormattedMessage id="ecrf.cancel" />
        </Button>
        <Button variant="contained" disabled={!complete} onClick={confirm}>
          <FormattedMessage id="ecrf.reason.ok" />
        </Button>
      </DialogActions>
    </>
  );
}

export function ChangeReasonDialog({ open, ...rest }: ChangeReasonDialogProps) {
  return (
    <Dialog open={open} onClose={rest.onCancel} maxWidth="lg" fullWidth aria-labelledby="change-reason-title">
      <DialogTitle id="change-reason-title">
        <FormattedMessage id="ecrf.reason.title" />
      </DialogTitle>
      {open && <ReasonRows key={rest.variables.join('\n')} {...rest} />}
    </Dialog>
  );
}
