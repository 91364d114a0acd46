import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useIntl } from '../intl';
import Box from '@mui/material/Box';
import { DEFAULT_NOTICE_MS, type Notice, type Notifier } from '../../engine/ports';
import type { NoticeHub } from './noticeHub';
import { noticeText } from './noticeText';
import { Toast } from './Toast';

/** Toasts stay 2–3 s (spec §7): 2.5 s unless the notice asks otherwise, within those bounds. */
export const MIN_NOTICE_MS = 2000;
export const MAX_NOTICE_MS = 3000;
/** Distance of the toasts from the top of the window: below the header bar. */
export const NOTICES_TOP_OFFSET = 72;

export function noticeDuration(notice: Notice): number {
  return Math.min(MAX_NOTICE_MS, Math.max(MIN_NOTICE_MS, notice.durationMs ?? DEFAULT_NOTICE_MS));
}

interface ShownNotice {
  key: number;
  notice: Notice;
}

const NotifierContext = createContext<Notifier | null>(null);

/** The notifier for UI code (the same hub the engine notifies). */
export function useNotifier(): Notifier {
  const notifier = useContext(NotifierContext);
  if (!notifier) throw new Error('useNotifier() needs a <NoticesProvider>.');
  return notifier;
}

export interface NoticesProviderProps {
  hub: NoticeHub;
  children?: ReactNode;
}

/** Shows the hub's notices as stacked toasts near the top of the page, below the header, each for 2–3 s. */
export function NoticesProvider({ hub, children }: NoticesProviderProps) {
  const [shown, setShown] = useState<ShownNotice[]>([]);
  const nextKey = useRef(0);

  const dismiss = useCallback((key: number) => {
    setShown((list) => list.filter((item) => item.key !== key));
  }, []);

  useEffect(() => {
    const timeouts = new Set<ReturnType<typeof setTimeout>>();
    const unsubscribe = hub.subscribe((notice) => {
      const key = nextKey.current++;
      setShown((list) => [...list, { key, notice }]);
      const handle = setTimeout(() => {
        timeouts.delete(handle);
        dismiss(key);
      }, noticeDuration(notice));
      timeouts.add(handle);
    });
    return () => {
      unsubscribe();
      for (const handle of timeouts) clearTimeout(handle);
    };
  }, [hub, dismiss]);

  return (
    <NotifierContext.Provider value={hub}>
      {children}
      <NoticeStack notices={shown} onClose={dismiss} />
    </NotifierContext.Provider>
  );
}

interface NoticeStackProps {
  notices: readonly ShownNotice[];
  onClose(key: number): void;
}

function NoticeStack({ notices, onClose }: NoticeStackProps) {
  const intl = useIntl();
  if (notices.length === 0) return null;
  return (
    <Box
      data-testid="notices"
      sx={{
        position: 'fixed',
        // below the shell's header (64 px), so that a toast never covers the header and its account actions
        top: NOTICES_TOP_OFFSET,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: (theme) => theme.zIndex.snackbar,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        width: 'min(480px, calc(100vw - 32px))',
      }}
    >
      {notices.map(({ key, notice }) => (
        <Toast
          key={key}
          level={notice.level}
          closeLabel={intl.formatMessage({ id: 'common.close' })}
          onClose={() => onClose(key)}
        >
          {noticeText(intl, notice)}
        </Toast>
      ))}
    </Box>
  );
}
