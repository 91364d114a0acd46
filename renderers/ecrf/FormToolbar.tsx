/**
 * The sticky toolbar of a record's form: the form's name and entry status, the section jump list (narrow screens),
 * whether something is unsaved, the count of the errors shown with a jump to the first, and the record actions
 * (Save …). It sticks to the top of the page's scroll container while the form scrolls under it: Save stays in reach
 * on a form of 1,000 items.
 *
 * It sits in the page's flow below the app header (it never covers it) and under the notices (the toasts, 72 px from
 * the top, are drawn above it). Its props change rarely — the unsaved flag when it flips, the error count after a
 * save or a pause in typing — never per keystroke. While mounted it makes the scroll container keep its height clear
 * (`scroll-padding-top`), so that a field focused by Tab, a jump or a refused save is not hidden under it, and tells
 * its parent its height (`--ecrf-toolbar-height`) for a sticky side list.
 */
import { memo, useEffect, useRef, type ReactNode, type RefObject } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from '../intl';

export interface FormToolbarProps {
  /** The form's name in the UI language. */
  title: string;
  /** The record's entry status: '0' not entered, '1' entered, '2' complete. */
  status: string;
  /** Some value differs from the saved ones. */
  unsaved: boolean;
  /** Errors shown at the fields now. */
  errorCount: number;
  /** Focuses the first field with an error. */
  onJumpToError(): void;
  /** The record actions (RecordActionBar). */
  actions: ReactNode;
  /** The section jump list of a narrow screen (SectionNavigator, variant menu). */
  navigator?: ReactNode;
}

/** Room kept between the toolbar and a field scrolled to just below it. */
const FOCUS_MARGIN = 8;

function scrollContainerOf(element: HTMLElement): HTMLElement {
  for (let el = element.parentElement; el; el = el.parentElement) {
    const { overflowY } = getComputedStyle(el);
    if (overflowY === 'auto' || overflowY === 'scroll' || overflowY === 'overlay') return el;
  }
  return document.documentElement;
}

/** Keeps the scroll container's top clear of the toolbar and publishes its height to its parent. */
function useReservedTop(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const toolbar = ref.current;
    if (!toolbar) return;
    const scroller = scrollContainerOf(toolbar);
    const before = scroller.style.scrollPaddingTop;
    const parent = toolbar.parentElement;
    const apply = () => {
      const height = toolbar.offsetHeight;
      scroller.style.scrollPaddingTop = `${height + FOCUS_MARGIN}px`;
      parent?.style.setProperty('--ecrf-toolbar-height', `${height}px`);
    };
    apply();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(apply);
    observer?.observe(toolbar);
    return () => {
      observer?.disconnect();
      scroller.style.scrollPaddingTop = before;
      parent?.style.removeProperty('--ecrf-toolbar-height');
    };
  }, [ref]);
}

const STATUS_IDS: Readonly<Record<string, string>> = {
  '0': 'visit.status.0',
  '1': 'visit.status.1',
  '2': 'visit.status.2',
};

export const FormToolbar = memo(function FormToolbar({
  title,
  status,
  unsaved,
  errorCount,
  onJumpToError,
  actions,
  navigator,
}: FormToolbarProps) {
  const intl = useIntl();
  const ref = useRef<HTMLDivElement>(null);
  useReservedTop(ref);
  const statusId = STATUS_IDS[status];
  return (
    <Box
      ref={ref}
      role="region"
      aria-label={intl.formatMessage({ id: 'ecrf.toolbar.label' })}
      data-testid="form-toolbar"
      sx={{
        position: 'sticky',
        top: 0,
        // above the form's rows, below the app bar, menus, dialogs and the notices
        zIndex: (theme) => theme.zIndex.appBar - 1,
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        columnGap: 1.5,
        rowGap: 0.5,
        minHeight: 48,
        px: 1.5,
        py: 0.75,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        boxShadow: '0 2px 4px -2px rgba(0, 0, 0, 0.12)',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'baseline',
          gap: 1,
          minWidth: 0,
          maxWidth: { xs: '100%', md: 360 },
        }}
      >
        <Typography
          component="span"
          variant="subtitle1"
          noWrap
          title={title}
          sx={{ fontWeight: 600, minWidth: 0 }}
          data-testid="form-toolbar-title"
        >
          {title}
        </Typography>
        {statusId ? (
          <Typography
            component="span"
            variant="caption"
            color="text.secondary"
            noWrap
            sx={{ flexShrink: 0 }}
            data-testid="form-toolbar-status"
          >
            <FormattedMessage id={statusId} />
          </Typography>
        ) : null}
      </Box>
      {navigator}
      {/* a live region present from the start: its changes are announced */}
      <Box
        role="status"
        aria-live="polite"
        sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}
        data-testid="form-toolbar-state"
      >
        {unsaved ? (
          <Typography
            component="span"
            variant="body2"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'warning.dark' }}
            data-testid="form-unsaved"
          >
            <Box
              component="span"
              aria-hidden="true"
              sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'warning.main' }}
            />
            <FormattedMessage id="ecrf.toolbar.unsaved" />
          </Typography>
        ) : null}
        {errorCount > 0 ? (
          <Typography component="span" variant="body2" color="error" data-testid="form-error-count">
            <FormattedMessage id="ecrf.toolbar.errors" values={{ count: errorCount }} />
          </Typography>
        ) : null}
      </Box>
      {errorCount > 0 ? (
        <Button size="small" color="error" onClick={onJumpToError} data-testid="form-first-error">
          <FormattedMessage id="ecrf.toolbar.firstError" />
        </Button>
      ) : null}
      <Box sx={{ flex: 1 }} />
      {actions}
    </Box>
  );
});
