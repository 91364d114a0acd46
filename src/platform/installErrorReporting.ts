import { isRequestError } from '../../engine/http/requestError';
import type { ErrorReporter } from './platform';

/**
 * Sends unhandled errors and rejected promises to the reporter (writeWebLog.do). Rejections of the request client
 * are left out: the client has already told the user and reported what matters.
 */
export function installErrorReporting(reporter: ErrorReporter, target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    reporter.report('error', event.error ?? event.message);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isRequestError(event.reason)) return;
    reporter.report('unhandledrejection', event.reason);
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
