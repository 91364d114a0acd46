/**
 * The toolbar of a record: the record actions offered on it (scope 'form', capability granted, in order), each a
 * button that runs its handler or opens its dialog, and the read-only notice when no action may change the values.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import SvgIcon from '@mui/material/SvgIcon';
import { FormattedMessage } from 'react-intl';
import { InlineMessage } from '../InlineMessage';
import type { RecordAction, RecordActionContext } from './recordActions';

export interface RecordActionBarProps {
  /** The actions offered (actionsFor(…, 'form', …)), in order. */
  actions: readonly RecordAction[];
  ctx: RecordActionContext;
  /** No action may change the values: says so. */
  readOnly: boolean;
}

export function RecordActionBar({ actions, ctx, readOnly }: RecordActionBarProps) {
  const [open, setOpen] = useState<RecordAction | null>(null);
  const OpenDialog = open?.Dialog;
  return (
    <>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        data-testid="form-toolbar"
      >
        {actions.map((action) => (
          <Button
            key={action.id}
            variant={action.primary ? 'contained' : 'text'}
            disabled={action.disabled?.(ctx) ?? false}
            startIcon={
              action.icon ? (
                <SvgIcon fontSize="small">
                  <path d={action.icon} />
                </SvgIcon>
              ) : undefined
            }
            onClick={() => {
              if (action.Dialog) setOpen(action);
              else void action.run?.(ctx);
            }}
            data-testid={action.testId ?? `record-action-${action.id}`}
          >
            <FormattedMessage id={action.labelId} />
          </Button>
        ))}
        {readOnly ? (
          <InlineMessage level="info">
            <FormattedMessage id="formPage.readOnly" />
          </InlineMessage>
        ) : null}
      </Stack>
      {OpenDialog ? <OpenDialog ctx={ctx} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
