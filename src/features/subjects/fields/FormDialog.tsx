/**
 * The body every casebook dialog shares: its declared fields (DialogFields), Save and Cancel, the server's refusal
 * in place with what was typed kept, and no request while a required field is empty or the dialog says it is not
 * ready. FormDialog is the whole dialog; FormDialogBody goes inside a dialog that shows something else first (a
 * loading state).
 */
import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { FormattedMessage, useIntl } from '../../../../renderers/intl';
import { RequestError } from '../../../../engine/http/requestError';
import { missingFields, type DialogField, type FieldValue, type FieldValues } from './dialogFields';
import { DialogFields } from './DialogFields';

export interface FormDialogBodyProps<T> {
  /** Prefix of the test ids: `${id}-refusal`, `${id}-save`. */
  id: string;
  /** data-testid of the fields' container (default `id`). */
  bodyTestId?: string;
  fields: readonly DialogField[];
  values: FieldValues;
  onChange(name: string, value: FieldValue): void;
  /** Whether what was typed may be sent (besides the required fields), e.g. a number checked free. */
  ready?: boolean;
  /** Shown above the fields. */
  intro?: ReactNode;
  /** Message id of the save button (default `casebook.save`). */
  saveLabelId?: string;
  /** Sends the values; what the server answered. */
  submit(): Promise<T>;
  onDone(result: T): void;
  onClose(): void;
}

export function FormDialogBody<T>({
  id,
  bodyTestId,
  fields,
  values,
  onChange,
  ready = true,
  intro,
  saveLabelId = 'casebook.save',
  submit,
  onDone,
  onClose,
}: FormDialogBodyProps<T>) {
  const intl = useIntl();
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function save() {
    setTried(true);
    setRefusal(null);
    if (missingFields(fields, values).length > 0 || !ready) return;
    setSaving(true);
    try {
      onDone(await submit());
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
          data-testid={bodyTestId ?? id}
        >
          {refusal ? (
            <Alert severity="error" data-testid={`${id}-refusal`}>
              {refusal}
            </Alert>
          ) : null}
          {intro}
          <DialogFields id={id} fields={fields} values={values} onChange={onChange} tried={tried} />
          <button type="submit" hidden />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          <FormattedMessage id="casebook.cancel" />
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving} data-testid={`${id}-save`}>
          <FormattedMessage id={saveLabelId} />
        </Button>
      </DialogActions>
    </>
  );
}

export interface FormDialogProps<T> extends FormDialogBodyProps<T> {
  title: ReactNode;
}

export function FormDialog<T>({ title, ...body }: FormDialogProps<T>) {
  return (
    <DialogFrame id={body.id} title={title} onClose={body.onClose}>
      <FormDialogBody {...body} />
    </DialogFrame>
  );
}

/** A casebook dialog: its title (labelled `${id}-title`) and body. */
export function DialogFrame({
  id,
  title,
  onClose,
  children,
}: {
  id: string;
  title: ReactNode;
  onClose(): void;
  children: ReactNode;
}) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      {children}
    </Dialog>
  );
}

/** A dialog body that only tells something (nothing to save: a load failed, nothing may be done) and offers Cancel. */
export function NoticeBody({
  severity,
  testId,
  children,
  onClose,
}: {
  severity: 'error' | 'warning' | 'info';
  testId?: string;
  children: ReactNode;
  onClose(): void;
}) {
  return (
    <>
      <DialogContent>
        <Alert severity={severity} data-testid={testId}>
          {children}
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="casebook.cancel" />
        </Button>
      </DialogActions>
    </>
  );
}

/** A dialog body while what the dialog needs loads. */
export function LoadingBody() {
  const intl = useIntl();
  return (
    <DialogContent>
      <Box role="progressbar" aria-label={intl.formatMessage({ id: 'casebook.loading' })} sx={{ py: 4 }} />
    </DialogContent>
  );
}
