/**
 * One request sent from a form or dialog, as every workflow's dialog sends it: the form's own checks first (a
 * message id when something is missing: nothing is sent), then the request, busy while it is under way; the server's
 * refusal (its message) or, without one, the dialog's own failure message stays in place and the user's input is
 * kept, ready to send again.
 */
import { useCallback, useState } from 'react';
import { useIntl } from '../intl';
import { RequestError } from '../../engine/http/requestError';

export interface Submission {
  /** The message shown in place (a missing input, the server's refusal), or null. */
  problem: string | null;
  busy: boolean;
  /**
   * `check` answers the message id of what is missing (nothing is sent then) or null; `send` makes the request;
   * `done` runs after it was accepted (the dialog closes, the list is read again).
   */
  submit(check: () => string | null, send: () => Promise<unknown>, done: () => void): Promise<void>;
}

export function useSubmission(failedMessageId: string): Submission {
  const intl = useIntl();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = useCallback<Submission['submit']>(
    async (check, send, done) => {
      const missing = check();
      if (missing !== null) {
        setProblem(intl.formatMessage({ id: missing }));
        return;
      }
      setBusy(true);
      setProblem(null);
      try {
        await send();
      } catch (err) {
        setProblem(
          err instanceof RequestError && err.msg ? err.msg : intl.formatMessage({ id: failedMessageId }),
        );
        setBusy(false);
        return;
      }
      setBusy(false);
      done();
    },
    [intl, failedMessageId],
  );
  return { problem, busy, submit };
}
