/**
 * The record actions offered on a record (scope 'form', capability granted, in order), each a button that runs its
 * handler or opens its dialog (an action with a `Status` draws that instead of a button: why the record is read only
 * …), and the read-only note when no action may change the values. Part of the sticky form
 * toolbar (renderers/ecrf/FormToolbar.tsx).
 *
 * Keyboard: an action with a `shortcutKey` runs on Ctrl (⌘) + that key while the focus is inside `shortcutScope`
 * (the record's page), with the browser's own use of the keys prevented — Ctrl+S saves instead of offering to save
 * the web page. Nothing runs while the focus is elsewhere (another page, a dialog over the form).
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl, usePrefetchLaterMessages } from '../intl';
import { preloadDialog } from './lazyDialog';
import type { RecordAction, RecordActionContext } from './recordActions';

export interface RecordActionBarProps {
  /** The actions offered (actionsFor(…, 'form', …)), in order. */
  actions: readonly RecordAction[];
  ctx: RecordActionContext;
  /** No action may change the values: says so. */
  readOnly: boolean;
  /** Where the actions' keyboard shortcuts apply (the focus inside it); none: no shortcuts. */
  shortcutScope?: RefObject<HTMLElement | null>;
}

/** A Mac's keyboard says ⌘ where others say Ctrl. */
export function isMacLike(): boolean {
  if (typeof navigator === 'undefined') return false;
  return /Mac|iPhone|iPad|iPod/i.test(navigator.platform || navigator.userAgent);
}

/** The shortcut as the keyboard shows it: `Ctrl+S`, or `⌘S` on a Mac. */
export function shortcutLabel(key: string, mac = isMacLike()): string {
  return mac ? `⌘${key.toUpperCase()}` : `Ctrl+${key.toUpperCase()}`;
}

/** The event is Ctrl (⌘) + a letter alone (no Alt, no Shift), not part of an IME composition: that letter. */
export function shortcutKeyOf(event: KeyboardEvent): string | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.isComposing) return null;
  return event.key.length === 1 ? event.key.toLowerCase() : null;
}

function useActionShortcuts(
  actions: readonly RecordAction[],
  ctx: RecordActionContext,
  scope: RefObject<HTMLElement | null> | undefined,
  open: (action: RecordAction) => void,
) {
  // the latest actions and context, read when a key comes (no re-subscription per render)
  const latest = useRef({ actions, ctx, open });
  latest.current = { actions, ctx, open };
  const hasShortcuts = actions.some((a) => a.shortcutKey !== undefined);
  useEffect(() => {
    if (!scope || !hasShortcuts) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const key = shortcutKeyOf(event);
      if (key === null) return;
      const area = scope.current;
      if (!area || !(event.target instanceof Node) || !area.contains(event.target)) return;
      const action = latest.current.actions.find((a) => a.shortcutKey === key);
      if (!action) return;
      event.preventDefault();
      // a key held down repeats: one run
      if (event.repeat || (action.disabled?.(latest.current.ctx) ?? false)) return;
      latest.current.open(action);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [scope, hasShortcuts]);
}

const ICON_SX = {
  width: '1em',
  height: '1em',
  display: 'inline-block',
  flexShrink: 0,
  fill: 'currentColor',
  userSelect: 'none',
  fontSize: '1.25rem',
} as const;

export function RecordActionBar({ actions, ctx, readOnly, shortcutScope }: RecordActionBarProps) {
  const intl = useIntl();
  const prefetchTexts = usePrefetchLaterMessages();
  // a lazily loaded dialog's code, and the texts it shows, are fetched as the user points at or tabs to its button
  const preload = (dialog: unknown) => {
    preloadDialog(dialog);
    prefetchTexts();
  };
  const [open, setOpen] = useState<RecordAction | null>(null);
  const OpenDialog = open?.Dialog;
  const activate = (action: RecordAction) => {
    if (action.Dialog) setOpen(action);
    else void action.run?.(ctx);
  };
  useActionShortcuts(actions, ctx, shortcutScope, activate);
  return (
    <>
      <Box
        sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
        data-testid="record-actions"
      >
        {actions.map((action) => {
          if (action.Status) return <action.Status key={action.id} ctx={ctx} />;
          const keys = action.shortcutKey ? shortcutLabel(action.shortcutKey) : null;
          return (
            <Button
              key={action.id}
              variant={action.primary ? 'contained' : 'text'}
              size="small"
              disabled={action.disabled?.(ctx) ?? false}
              startIcon={
                action.icon ? (
                  // a plain svg as MUI's SvgIcon (small) draws it, without its code (stop 28)
                  <Box component="svg" viewBox="0 0 24 24" aria-hidden="true" focusable="false" sx={ICON_SX}>
                    <path d={action.icon} />
                  </Box>
                ) : undefined
              }
              onClick={() => activate(action)}
              onPointerEnter={action.Dialog ? () => preload(action.Dialog) : undefined}
              onFocus={action.Dialog ? () => preload(action.Dialog) : undefined}
              {...(action.shortcutKey
                ? {
                    'aria-keyshortcuts': `Control+${action.shortcutKey.toUpperCase()} Meta+${action.shortcutKey.toUpperCase()}`,
                    title: intl.formatMessage({ id: 'ecrf.toolbar.shortcut' }, { keys }),
                  }
                : {})}
              data-testid={action.testId ?? `record-action-${action.id}`}
            >
              <FormattedMessage id={action.labelId} />
            </Button>
          );
        })}
        {readOnly ? (
          <Typography variant="body2" color="text.secondary" role="status" data-testid="form-read-only">
            <FormattedMessage id="formPage.readOnly" />
          </Typography>
        ) : null}
      </Box>
      {OpenDialog ? <OpenDialog ctx={ctx} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
