import { Fragment, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from '../intl';
import type { GridRow } from '../../engine/grid/types';
import { preloadDialog } from '../actions/lazyDialog';
import { ConfigText } from './ConfigText';
import type { ListAction, ListActionContext } from './types';

/**
 * Neighbouring actions with the same gate, drawn under one instance of it: the server is asked once for them all
 * (Add subject and Batch upload share the question "may this session add subjects here?").
 */
function gateGroups(actions: readonly ListAction[]) {
  const groups: { Gate: NonNullable<ListAction['Gate']> | typeof Fragment; members: ListAction[] }[] = [];
  for (const action of actions) {
    const Gate = action.Gate ?? Fragment;
    const last = groups.at(-1);
    if (last && action.Gate && last.Gate === action.Gate) last.members.push(action);
    else groups.push({ Gate, members: [action] });
  }
  return groups;
}

export interface ListToolbarProps {
  actions: readonly ListAction[];
  selected: readonly GridRow[];
  context: ListActionContext;
}

/**
 * The screen's actions; batch actions wait for a selection, and all wait while one runs. An action with a gate shows
 * only when its gate lets it; an action with a dialog opens it.
 */
export function ListToolbar({ actions, selected, context }: ListToolbarProps) {
  const intl = useIntl();
  const [running, setRunning] = useState(false);
  const [dialog, setDialog] = useState<string | null>(null);
  const open = actions.find((a) => a.id === dialog);

  function run(action: ListAction) {
    if (action.Dialog) {
      setDialog(action.id);
      return;
    }
    const result = action.run?.(selected, context);
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
      {gateGroups(actions).map(({ Gate, members }) => (
        <Gate key={members[0]!.id}>
          {members.map((action) => (
            <Button
              key={action.id}
              size="small"
              variant="outlined"
              data-testid={`list-action-${action.id}`}
              disabled={running || (!!action.needsSelection && selected.length === 0)}
              onClick={() => run(action)}
              // a lazily loaded dialog's code is fetched as the user points at or tabs to its button
              onPointerEnter={action.Dialog ? () => preloadDialog(action.Dialog) : undefined}
              onFocus={action.Dialog ? () => preloadDialog(action.Dialog) : undefined}
            >
              <ConfigText id={action.labelId} />
            </Button>
          ))}
        </Gate>
      ))}
      {open?.Dialog ? (
        <open.Dialog ctx={context} selected={selected} onClose={() => setDialog(null)} />
      ) : null}
      {selected.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage id="list.selected" values={{ count: selected.length }} />
        </Typography>
      )}
    </Box>
  );
}
