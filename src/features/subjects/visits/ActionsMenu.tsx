import { useState } from 'react';
import { FormattedMessage } from '../../../../renderers/intl';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';

/** The actions the server allows on a visit or page (`actions`), as a menu; nothing when there are none. */
export function ActionsMenu<A extends string>({
  actions,
  testId,
  onPick,
}: {
  actions: readonly A[];
  testId: string;
  onPick(action: A): void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (actions.length === 0) return null;
  return (
    <>
      <Button
        size="small"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid={testId}
      >
        <FormattedMessage id="visit.actions" />
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {actions.map((a) => (
          <MenuItem
            key={a}
            onClick={() => {
              setAnchor(null);
              onPick(a);
            }}
            data-testid={`${testId}-${a}`}
          >
            <FormattedMessage id={`visit.action.${a}`} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
