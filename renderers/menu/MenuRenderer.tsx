import { useId, useState } from 'react';
import { keyframes } from '@emotion/react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { alpha, type Theme } from '@mui/material/styles';
import type { MenuItem } from '../../engine/api/session';
import { pickLocalized, type Locale } from '../../engine/api/localized';
import { ancestorCodes, isGroup } from './menuTree';

/** The id of a group's list: a menu code is the server's text, and an id (an IDREF of aria-controls) has no spaces. */
function groupId(prefix: string, menuCode: string): string {
  return `${prefix}-${encodeURIComponent(menuCode)}`;
}

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

/** A group's items appear with a short fade (CSS only: no height transition, no MUI Collapse in the shell). */
const reveal = keyframes`
  from { opacity: 0; transform: translateY(-4px); }
`;
const LIST_SX = { listStyle: 'none', m: 0, p: 0, position: 'relative' } as const;
const GROUP_SX = {
  ...LIST_SX,
  animation: `${reveal} 150ms ease-out`,
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
} as const;

/**
 * A row as MUI's ListItemButton draws it (hover, selected and keyboard-focus shades, the theme's focus ring inset in
 * the scrolling menu), on a native button: ListItemButton's code stays off every page (stop 28).
 */
const ROW_SX = (theme: Theme) => {
  const { action, primary } = theme.palette;
  return {
    display: 'flex',
    width: '100%',
    justifyContent: 'flex-start',
    alignItems: 'center',
    textAlign: 'left',
    font: 'inherit',
    boxSizing: 'border-box',
    minWidth: 0,
    py: 1,
    pr: 2,
    transition: theme.transitions.create('background-color', {
      duration: theme.transitions.duration.shortest,
    }),
    '&:hover': { bgcolor: action.hover, '@media (hover: none)': { bgcolor: 'transparent' } },
    '&.Mui-focusVisible': { outlineOffset: -2 },
    '&.Mui-selected': { bgcolor: alpha(primary.main, action.selectedOpacity) },
    '&.Mui-selected:hover': {
      bgcolor: alpha(primary.main, action.selectedOpacity + action.hoverOpacity),
      '@media (hover: none)': { bgcolor: alpha(primary.main, action.selectedOpacity) },
    },
  } as const;
};

/** An item's label as MUI's ListItemText draws a primary text, without its code (stop 28). */
const LABEL_SX = { flex: '1 1 auto', minWidth: 0, my: 0.5, display: 'block', typography: 'body1' } as const;

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
  const idPrefix = useId();

  function renderLevel(list: readonly MenuItem[], depth: number) {
    return list.map((item) => {
      const name = pickLocalized(item.name, locale);
      const indent = 2 + depth * 2;
      if (isGroup(item)) {
        const expanded = open.has(item.menuCode) || activeAncestors.includes(item.menuCode);
        return (
          <li key={item.menuCode}>
            <ButtonBase
              sx={[ROW_SX, { pl: indent }]}
              aria-expanded={expanded}
              aria-controls={expanded ? groupId(idPrefix, item.menuCode) : undefined}
              onClick={() => toggle(item.menuCode)}
              data-menu-code={item.menuCode}
            >
              <Box component="span" sx={{ ...LABEL_SX, fontWeight: 500 }}>
                {name}
              </Box>
              <span aria-hidden="true">{expanded ? '▾' : '▸'}</span>
            </ButtonBase>
            {expanded && (
              <Box component="ul" id={groupId(idPrefix, item.menuCode)} sx={GROUP_SX}>
                {renderLevel(item.children ?? [], depth + 1)}
              </Box>
            )}
          </li>
        );
      }
      const active = item.menuCode === activeCode;
      return (
        <li key={item.menuCode}>
          <ButtonBase
            sx={[ROW_SX, { pl: indent }]}
            className={active ? 'Mui-selected' : undefined}
            aria-current={active ? 'page' : undefined}
            onClick={() => onSelect(item)}
            data-menu-code={item.menuCode}
          >
            <Box component="span" sx={LABEL_SX}>
              {name}
            </Box>
          </ButtonBase>
        </li>
      );
    });
  }

  return (
    <nav aria-label={label}>
      <Box component="ul" sx={LIST_SX}>
        {renderLevel(items, 0)}
      </Box>
    </nav>
  );
}
