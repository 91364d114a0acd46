/**
 * A refusal of the review workflows (notes, SDV): answered as HTTP 200 success:false with its translated message
 * (the user can act on it: an empty note, nothing selected), or 403 for a role without the permission. Thrown from
 * inside a transaction it rolls everything back: a refused request writes nothing.
 */
import type { ApiEnvelope } from '../../../engine/api/envelope';
import type { Locale } from '../../../engine/api/localized';
import { HttpAnswer, fail } from '../../core/http/envelope';
import { message, type ServerMessageId } from '../../core/messages';
import { NotFound } from '../data/scope';

export class Refused extends Error {
  constructor(
    readonly messageId: ServerMessageId,
    readonly values: Record<string, string> = {},
    readonly status: 200 | 403 = 200,
  ) {
    super(messageId);
  }
}

/** Runs a handler, answering a Refused or the data domain's NotFound with its message. */
export async function orRefused<D>(
  locale: Locale,
  fn: () => Promise<ApiEnvelope<D>>,
): Promise<ApiEnvelope<D> | ApiEnvelope<null>> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof NotFound) return err.envelope(locale);
    if (err instanceof Refused) {
      const msg = message(err.messageId, locale, err.values);
      if (err.status === 403) throw new HttpAnswer(403, fail(msg, 403));
      return fail(msg);
    }
    throw err;
  }
}
