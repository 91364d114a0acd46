import { css, type SerializedStyles } from '@emotion/react';
import type { SxProps, Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';
import styleFunctionSx from '@mui/system/styleFunctionSx';
import { iconClassesSx } from './icons';

const ICON_RULES = iconClassesSx();

/** The row holding the focus (its own layer while it has it). */
export const ROW_BEING_EDITED = '& .ecrf-row:focus-within';

/** The height of a problem's line (px). */
const PROBLEM_LINE = 16;

/**
 * The look of every row, input and icon of a form, given once on its root (the rows use plain class names, which
 * costs nothing per item).
 *
 * A long form costs the browser little per frame: each section is skipped while off screen (`content-visibility:
 * auto`: no style, layout or paint of its rows; its inputs stay focusable and found by find-in-page; its size then is
 * the one it last had, first the estimate EcrfForm gives in `contain-intrinsic-size`), each row's layout and style are
 * contained (not its paint: measured no faster, and focus rings may reach past a row), the row holding the focus is
 * its own composited layer, and nothing a keystroke changes moves another row: every row keeps a line for its
 * problems (`.ecrf-problems`), inputs have fixed widths.
 */
export const ecrfFormStyles = (theme: Theme): SystemStyleObject<Theme> => ({
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  '& .ecrf-section': { contentVisibility: 'auto' },
  '& .ecrf-section-title': { ...theme.typography.subtitle1, fontWeight: 600, m: 0, mb: 1 },
  '& .ecrf-row': {
    display: 'grid',
    gridTemplateColumns: 'minmax(140px, 32%) minmax(0, 1fr) auto',
    alignItems: 'start',
    gap: theme.spacing(0, 2),
    pt: 0.5,
    pb: 0.25,
    borderBottom: `1px solid ${theme.palette.divider}`,
    contain: 'layout style',
  },
  // the row being edited is its own composited layer: a keystroke's frame then layerizes and commits that row, not
  // the display list of a page 24,000–34,000 px tall (docs/perf-list-and-bundles.md, stop 25). Rows already are
  // stacking contexts and containing blocks (`contain: layout`), so this changes nothing of how they look.
  [ROW_BEING_EDITED]: { willChange: 'transform' },
  '& .ecrf-label-cell': {
    ...theme.typography.body2,
    pt: 0.75,
    display: 'flex',
    gap: 0.5,
    alignItems: 'baseline',
  },
  '& .ecrf-label': { color: theme.palette.text.primary },
  '& .ecrf-required': { color: theme.palette.error.main, fontWeight: 700 },
  '& .ecrf-help': { color: theme.palette.text.secondary, cursor: 'help', alignSelf: 'center' },
  '& .ecrf-input-cell': { minWidth: 0 },
  '& .ecrf-input-line': { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 },
  '& .ecrf-input': {
    font: 'inherit',
    ...theme.typography.body2,
    color: theme.palette.text.primary,
    background: theme.palette.background.paper,
    border: `1px solid ${theme.palette.grey[400]}`,
    borderRadius: `${theme.shape.borderRadius}px`,
    padding: '6px 8px',
    minWidth: 0,
    width: 260,
    maxWidth: '100%',
    boxSizing: 'border-box',
    '&:focus': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -1 },
    '&[readonly], &:disabled': {
      background: theme.palette.action.hover,
      color: theme.palette.text.secondary,
    },
    '&[aria-invalid="true"]': { borderColor: theme.palette.error.main },
  },
  '& .ecrf-textarea': { width: '100%', resize: 'vertical' },
  '& .ecrf-select': { width: 260 },
  '& .ecrf-select-wrap': { display: 'inline-flex', flexDirection: 'column', gap: 0.5 },
  '& .ecrf-choices': {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: theme.spacing(0.5, 2),
    pt: 0.5,
  },
  '& .ecrf-choice': { ...theme.typography.body2, display: 'inline-flex', alignItems: 'center', gap: 0.5 },
  '& .ecrf-calculated': { ...theme.typography.body2, fontWeight: 600, display: 'inline-block', pt: 0.75 },
  '& .ecrf-static': { ...theme.typography.body2, color: theme.palette.text.secondary, pt: 0.75 },
  '& .ecrf-row-static .ecrf-label': { fontWeight: 600 },
  '& .ecrf-upload-slot': {
    ...theme.typography.body2,
    color: theme.palette.text.disabled,
    border: `1px dashed ${theme.palette.divider}`,
    borderRadius: `${theme.shape.borderRadius}px`,
    px: 1,
    py: 0.75,
  },
  '& .ecrf-unit': { ...theme.typography.body2, color: theme.palette.text.secondary },
  // one line always there for the problems of the row (a row with two problems grows by one line)
  '& .ecrf-problems': { minHeight: PROBLEM_LINE },
  '& .ecrf-problem': { ...theme.typography.caption, lineHeight: `${PROBLEM_LINE}px`, display: 'block' },
  '& .ecrf-problem-error, & .ecrf-error-text': { color: theme.palette.error.main },
  '& .ecrf-problem-warning': { color: theme.palette.warning.dark },
  '& .ecrf-row-warning .ecrf-input': { borderColor: theme.palette.warning.main },
  '& .ecrf-note': { ...theme.typography.caption, color: theme.palette.text.secondary },
  '& .ecrf-link': {
    ...theme.typography.caption,
    background: 'none',
    border: 'none',
    color: theme.palette.primary.main,
    cursor: 'pointer',
    p: 0,
    '&:disabled': { color: theme.palette.text.disabled, cursor: 'default' },
  },
  '& .ecrf-icons': { display: 'inline-flex', gap: 0.5, pt: 0.75, color: theme.palette.text.secondary },
  // an adornment that opens a dialog: a bare button around its icon (the icon's mask would clip a focus ring)
  '& .ecrf-ico-button': {
    display: 'inline-flex',
    padding: 0,
    border: 0,
    background: 'none',
    color: 'inherit',
    cursor: 'pointer',
    borderRadius: 2,
    '&:hover': { color: theme.palette.primary.main },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 1 },
  },
  ...ICON_RULES,
});

/** The form's look plus the style rules of its item adornments' icons (adornmentsSx). */
export function ecrfFormSx(extra: Record<string, Record<string, string>>): SxProps<Theme> {
  return (theme) => ({ ...ecrfFormStyles(theme), ...extra });
}

const serialized = new WeakMap<Theme, WeakMap<object, SerializedStyles>>();

/**
 * The form's look and its adornments' icon rules, resolved (theme values, spacing) and serialised once per theme and
 * adornment rules: what an `sx` prop would redo on every mount and render of the form's root (≈ 60 rules; a few ms
 * of each mount of a form, issue 11). `extra` must be a stable object (adornmentsSx caches it per adornment list).
 */
export function ecrfFormCss(theme: Theme, extra: Record<string, Record<string, string>>): SerializedStyles {
  let byExtra = serialized.get(theme);
  if (!byExtra) {
    byExtra = new WeakMap();
    serialized.set(theme, byExtra);
  }
  let styles = byExtra.get(extra);
  if (!styles) {
    styles = css(styleFunctionSx({ sx: ecrfFormSx(extra), theme }) as Parameters<typeof css>[0]);
    byExtra.set(extra, styles);
  }
  return styles;
}
