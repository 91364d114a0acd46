import { useState } from 'react';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { MenuItem } from '../../engine/api/session';
import { pickLocalized, type Locale } from '../../engine/api/localized';
import { ancestorCodes, isGroup } from './menuTree';

export interface MenuRendererProps {
  items: readonly MenuItem[];
  locale: Locale;
  /** menuCode of the active item (highlighted, its groups open). */
  activeCode: string | null;
  /** A leaf was chosen. */
  onSelect(item: MenuItem): void;
  /** Accessible name of the navigation. */
  label: string;
}

/** The side menu, rendered from the server's menu tree: groups expand, leaves navigate. */
export function MenuRenderer({ items, locale, activeCode, onSelect, label }: MenuRendererProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(
    () => new Set(activeCode ? ancestorCodes(items, activeCode) : []),
  );

  function toggle(code: string) {
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(code)) next.delete(code);
      else next.add(code);
      return next;
    });
  }

  const activeAncestors = activeCode ? ancestorCodes(items, activeCode) : [];

  function renderLevel(list: readonly MenuItem[], depth: number) {
    return list.map((item) => {
      const name = pickLocalized(item.name, locale);
      const indent = 2 + depth * 2;
      if (isGroup(item)) {
        const expanded = open.has(item.menuCode) || activeAncestors.includes(item.menuCode);
        return (
          <li key={item.menuCode}>
            <ListItemButton
              sx={{ pl: indent }}
              aria-expanded={expanded}
              onClick={() => toggle(item.menuCode)}
              data-menu-code={item.menuCode}
            >
              <ListItemText primary={name} slotProps={{ primary: { sx: { fontWeight: 500 } } }} />
              <span aria-hidden="true">{expanded ? '▾' : '▸'}</span>
            </ListItemButton>
            <Collapse in={expanded} timeout="auto" unmountOnExit>
              <List disablePadding>{renderLevel(item.children ?? [], depth + 1)}</List>
            </Collapse>
          </li>
        );
      }
      const active = item.menuCode === activeCode;
      return (
        <li key={item.menuCode}>
          <ListItemButton
            sx={{ pl: indent }}
            selected={active}
            aria-current={active ? 'page' : undefined}
            onClick={() => onSelect(item)}
            data-menu-code={item.menuCode}
          >
            <ListItemText primary={name} />
          </ListItemButton>
        </li>
      );
    });
  }

  return (
    <nav aria-label={label}>
      <List disablePadding>{renderLevel(items, 0)}</List>
    </nav>
  );
}
