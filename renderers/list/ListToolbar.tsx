import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import type { GridRow } from '../../engine/grid/types';
import { ConfigText } from './ConfigText';
import type { ListAction, ListActionContext } from './types';

export interface ListToolbarProps {
  actions: readonly ListAction[];
  selected: readonly GridRow[];
  context: ListActionContext;
}

/** The screen's actions; batch actions wait for a selection, and all wait while one runs. */
export function ListToolbar({ actions, selected, context }: ListToolbarProps) {
  const intl = useIntl();
  const [running, setRunning] = useState(false);

  function run(action: ListAction) {
    const result = action.run(selected, context);
    if (result && typeof result.then === 'function') {
      setRunning(true);
      result.then(
        () => setRunning(false),
        () => setRunning(false),
      );
    }
  }

  return (
    <Box
      role="toolbar"
      aria-label={intl.formatMessage({ id: 'list.actions' })}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
    >
      {actions.map((action) => (
        <Button
          key={action.id}
          size="small"
          variant="outlined"
          data-testid={`list-action-${action.id}`}
          disabled={running || (!!action.needsSelection && selected.length === 0)}
          onClick={() => run(action)}
        >
          <ConfigText id={action.labelId} />
        </Button>
      ))}
      {selected.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage id="list.selected" values={{ count: selected.length }} />
        </Typography>
      )}
    </Box>
  );
}
