/**
 * The sections of a long eCRF form as a jump list: a compact side list (wide screens) or a menu in the form toolbar
 * (narrow screens). The section being read is highlighted as the user scrolls (an IntersectionObserver on the
 * form's `<section data-section>` elements: no work per scroll event, none per keystroke); choosing one scrolls to it
 * and moves the focus to its first field.
 *
 * Only for forms of more than one section; log-line forms page through rows instead (the page decides).
 */
import { memo, useEffect, useId, useState, type RefObject } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { FormattedMessage, useIntl } from '../intl';
import { LazyMenu, preloadMenuParts } from '../menu/LazyMenu';
import { focusSection, scrollToSection } from './formFocus';

export interface NavSection {
  id: string;
  /** The section title in the UI language. */
  title: string;
}

export interface SectionNavigatorProps {
  /** The form's sections in order (keep the array stable: the observer follows it). */
  sections: readonly NavSection[];
  /** The element holding the form (its `<section data-section>` elements, mounted or still coming). */
  container: RefObject<HTMLElement | null>;
  /** `list`: a side list; `menu`: a button opening the list (in the toolbar). */
  variant: 'list' | 'menu';
  /** Height (px) covered at the top of the viewport (the sticky toolbar): a section under it is not "current". */
  topOffset?: number;
}

const SECTION_SELECTOR = 'section[data-section]';
/** Past the first ~45% of the viewport below the toolbar a section is not yet the one read. */
const BAND_BOTTOM = '-55%';

/**
 * The section being read: the first (in form order) crossing the band below the toolbar. It changes only when
 * another section enters the band (one state change per section crossed, not per scroll event).
 */
export function useCurrentSection(
  container: RefObject<HTMLElement | null>,
  sections: readonly NavSection[],
  topOffset: number,
): [string | null, (id: string) => void] {
  const [current, setCurrent] = useState<string | null>(sections[0]?.id ?? null);
  useEffect(() => {
    const root = container.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const order = new Map(sections.map((s, i) => [s.id, i]));
    const inBand = new Map<string, boolean>();
    const observed = new Set<Element>();
    const io = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const id = (entry.target as HTMLElement).dataset.section;
          if (id !== undefined) inBand.set(id, entry.isIntersecting);
        }
        let best: string | null = null;
        let bestAt = Infinity;
        for (const [id, crossing] of inBand) {
          const at = order.get(id) ?? Infinity;
          if (crossing && at < bestAt) {
            best = id;
            bestAt = at;
          }
        }
        // between two sections (or above the first) the last one stays highlighted
        if (best !== null) setCurrent(best);
      },
      { rootMargin: `-${topOffset}px 0px ${BAND_BOTTOM} 0px` },
    );
    const observeAll = () => {
      for (const section of root.querySelectorAll(SECTION_SELECTOR)) {
        if (observed.has(section)) continue;
        observed.add(section);
        io.observe(section);
      }
      return observed.size >= sections.length;
    };
    // sections of a long form mount chunk by chunk: watch for them until all are there, then stop watching
    let watcher: MutationObserver | null = null;
    if (!observeAll() && typeof MutationObserver !== 'undefined') {
      watcher = new MutationObserver((records) => {
        const added = records.some((r) =>
          Array.from(r.addedNodes).some(
            (n) =>
              n instanceof Element &&
              (n.matches(SECTION_SELECTOR) || n.querySelector(SECTION_SELECTOR) !== null),
          ),
        );
        if (added && observeAll()) watcher?.disconnect();
      });
      watcher.observe(root, { childList: true, subtree: true });
    }
    return () => {
      io.disconnect();
      watcher?.disconnect();
    };
  }, [container, sections, topOffset]);
  return [current, setCurrent];
}

/** Frames to wait for the rows of a section still being mounted (a long form mounts chunk by chunk). */
const MOUNT_WAIT_FRAMES = 30;

/** Scrolls to a section and focuses its first field, waiting a few frames for a section or rows still coming. */
function jump(container: RefObject<HTMLElement | null>, id: string) {
  let scrolled = false;
  const attempt = (left: number) => {
    const root = container.current;
    if (!root) return;
    if (!scrolled) scrolled = scrollToSection(root, id);
    if (scrolled && focusSection(root, id, left === 0)) return;
    if (left > 0) requestAnimationFrame(() => attempt(left - 1));
  };
  attempt(MOUNT_WAIT_FRAMES);
}

function SectionList({
  sections,
  current,
  onChoose,
}: {
  sections: readonly NavSection[];
  current: string | null;
  onChoose(id: string): void;
}) {
  const intl = useIntl();
  return (
    <Box
      component="nav"
      aria-label={intl.formatMessage({ id: 'ecrf.sections.label' })}
      data-testid="section-navigator"
      sx={{
        position: 'sticky',
        top: 'calc(var(--ecrf-toolbar-height, 56px) + 8px)',
        alignSelf: 'flex-start',
        width: 220,
        flexShrink: 0,
        maxHeight: 'calc(100vh - var(--ecrf-toolbar-height, 56px) - 24px)',
        overflowY: 'auto',
        borderLeft: 1,
        borderColor: 'divider',
        py: 0.5,
      }}
    >
      <Box
        component="h2"
        sx={{ m: 0, px: 1.5, py: 0.5, fontSize: 12, fontWeight: 600, color: 'text.secondary' }}
      >
        <FormattedMessage id="ecrf.sections.label" />
      </Box>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {sections.map((section) => {
          const isCurrent = section.id === current;
          return (
            <li key={section.id}>
              <Box
                component="button"
                type="button"
                aria-current={isCurrent ? 'location' : undefined}
                onClick={() => onChoose(section.id)}
                data-testid={`section-link-${section.id}`}
                sx={{
                  display: 'block',
                  width: '100%',
                  textAlign: 'left',
                  border: 0,
                  borderLeft: 3,
                  borderColor: isCurrent ? 'primary.main' : 'transparent',
                  bgcolor: isCurrent ? 'action.selected' : 'transparent',
                  color: isCurrent ? 'primary.main' : 'text.primary',
                  fontWeight: isCurrent ? 600 : 400,
                  font: 'inherit',
                  fontSize: 13,
                  px: 1.5,
                  py: 0.5,
                  cursor: 'pointer',
                  '&:hover': { bgcolor: 'action.hover' },
                  '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
                }}
              >
                {section.title}
              </Box>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}

function SectionMenu({
  sections,
  current,
  onChoose,
}: {
  sections: readonly NavSection[];
  current: string | null;
  onChoose(id: string): void;
}) {
  const intl = useIntl();
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const currentTitle = sections.find((s) => s.id === current)?.title ?? null;
  return (
    <>
      <Button
        id={`${id}-button`}
        size="small"
        variant="outlined"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? `${id}-menu` : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        onPointerEnter={preloadMenuParts}
        onFocus={preloadMenuParts}
        data-testid="section-navigator"
        sx={{ maxWidth: 260, textTransform: 'none' }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {currentTitle === null
            ? intl.formatMessage({ id: 'ecrf.sections.label' })
            : intl.formatMessage({ id: 'ecrf.sections.current' }, { title: currentTitle })}
        </Box>
      </Button>
      <LazyMenu open={anchor !== null} onClose={() => setAnchor(null)}>
        {({ Menu, MenuItem }) => (
          <Menu
            id={`${id}-menu`}
            anchorEl={anchor}
            open={anchor !== null}
            onClose={() => setAnchor(null)}
            // the focus goes to the section's field, not back to the button
            disableRestoreFocus
            slotProps={{ list: { 'aria-labelledby': `${id}-button`, dense: true } }}
          >
            {sections.map((section) => (
              <MenuItem
                key={section.id}
                selected={section.id === current}
                onClick={() => {
                  setAnchor(null);
                  // after the menu has let the focus go (its focus trap would take it back)
                  setTimeout(() => onChoose(section.id), 0);
                }}
                data-testid={`section-link-${section.id}`}
              >
                {section.title}
              </MenuItem>
            ))}
          </Menu>
        )}
      </LazyMenu>
    </>
  );
}

export const SectionNavigator = memo(function SectionNavigator({
  sections,
  container,
  variant,
  topOffset = 64,
}: SectionNavigatorProps) {
  const [current, setCurrent] = useCurrentSection(container, sections, topOffset);
  const onChoose = (id: string) => {
    // highlighted at once (the observer follows as the page scrolls there)
    setCurrent(id);
    jump(container, id);
  };
  if (sections.length < 2) return null;
  return variant === 'list' ? (
    <SectionList sections={sections} current={current} onChoose={onChoose} />
  ) : (
    <SectionMenu sections={sections} current={current} onChoose={onChoose} />
  );
});
