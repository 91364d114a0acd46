/** The warnings of a save (soft ranges, soft checks) listed by item: confirm them and save, or go back. */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { FormattedMessage, useIntl } from '../intl';
import type { CompiledForm, FormProblems } from '../../engine/form/types';
import { metaText } from '../../engine/metadata/metaText';
import { useEngineLocale } from '../search/metadataText';
import { fieldProblemText } from './problemText';

export interface ConfirmWarningsDialogProps {
  open: boolean;
  problems: FormProblems;
  form: CompiledForm;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmWarningsDialog({
  open,
  problems,
  form,
  onConfirm,
  onCancel,
}: ConfirmWarningsDialogProps) {
  const intl = useIntl();
  const locale = useEngineLocale();
  const warnings = [...form.items.keys()].flatMap((variable) =>
    (problems[variable] ?? [])
      .filter((p) => p.level === 'warning')
      .map((p, i) => ({ key: `${variable}-${i}`, variable, problem: p })),
  );
  return (
    <Dialog open={open} onClose={onCancel} maxWidth="sm" fullWidth aria-labelledby="confirm-warnings-title">
      <DialogTitle id="confirm-warnings-title">
        <FormattedMessage id="ecrf.warnings.title" />
      </DialogTitle>
      <DialogContent dividers>
        <DialogContentText>
          <FormattedMessage id="ecrf.warnings.intro" values={{ count: warnings.length }} />
        </DialogContentText>
        <ul data-testid="warning-list">
          {warnings.map(({ key, variable, problem }) => {
            const item = form.items.get(variable);
            return (
              <li key={key} data-variable={variable}>
                <strong>{item ? metaText(item.label, locale) : variable}</strong>
                {': '}
                {fieldProblemText(intl, problem, locale)}
              </li>
            );
          })}
        </ul>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>
          <FormattedMessage id="ecrf.cancel" />
        </Button>
        <Button variant="contained" color="warning" onClick={onConfirm}>
          <FormattedMessage id="ecrf.warnings.confirm" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
