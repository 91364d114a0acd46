import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { FormattedMessage } from '../intl';
import type { SearchFieldDef } from '../../engine/metadata/types';
import { useMetaText } from './metadataText';

export interface AddItemMenuProps {
  /** Custom items not in the bar now. */
  addable: readonly SearchFieldDef[];
  onAdd(field: SearchFieldDef): void;
}

/** "Add item": a menu of the custom items the user may put into the bar. */
export function AddItemMenu({ addable, onAdd }: AddItemMenuProps) {
  const text = useMetaText();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        size="small"
        variant="text"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        + <FormattedMessage id="search.addItem" />
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {addable.length === 0 && (
          <MenuItem disabled>
            <FormattedMessage id="search.addItem.none" />
          </MenuItem>
        )}
        {addable.map((field) => (
          <MenuItem
            key={field.innerid}
            onClick={() => {
              setAnchor(null);
              onAdd(field);
            }}
          >
            {text(field.label)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
