import type { Notice, Notifier } from '../../engine/ports';

export type NoticeListener = (notice: Notice) => void;

/**
 * The engine's Notifier for the browser: the request client and the session monitor are created before React
 * mounts, so they notify this hub, and the NoticesProvider subscribes to it and shows the toasts.
 */
export interface NoticeHub extends Notifier {
  subscribe(listener: NoticeListener): () => void;
}

/** Notices kept while nobody listens (before the provider mounts); the oldest go first. */
export const MAX_PENDING_NOTICES = 20;

export function createNoticeHub(): NoticeHub {
  const listeners = new Set<NoticeListener>();
  let pending: Notice[] = [];
  return {
    notify(notice) {
      if (listeners.size === 0) {
        pending = [...pending, notice].slice(-MAX_PENDING_NOTICES);
        return;
      }
      for (const listener of listeners) listener(notice);
    },
    subscribe(listener) {
      listeners.add(listener);
      const waiting = pending;
      pending = [];
      for (const notice of waiting) listener(notice);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
