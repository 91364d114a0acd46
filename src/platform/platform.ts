import type { ClientErrorReporter } from '../../engine/http/clientErrorReporter';
import type { KeyValueStore, Navigator, Timers } from '../../engine/ports';
import type { ExpireType } from '../../engine/session/expireTypes';
import type { NoticeHub } from '../../renderers/notices/noticeHub';

/** Sends client errors to writeWebLog.do (engine/http/clientErrorReporter). */
export type ErrorReporter = ClientErrorReporter;

export type LogoutListener = (code: ExpireType | null) => void;

/**
 * The host services the app's components use, next to the request client (ApiClientContext).
 * The browser build passes real ones (createBrowserPlatform); tests and stories pass fakes.
 */
export interface Platform {
  /** Session storage. */
  store: KeyValueStore;
  timers: Timers;
  /** The notifier the engine tells; the NoticesProvider shows its notices as toasts. */
  notifier: NoticeHub;
  /** Full-page navigation. */
  navigator: Navigator;
  reporter: ErrorReporter;
  /** Tells `listener` when the session ends (forced or deliberate logout); returns the unsubscribe. */
  onLogout(listener: LogoutListener): () => void;
}
