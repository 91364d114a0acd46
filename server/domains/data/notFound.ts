/** How the data-entry routes answer a request that reaches nothing (a subject, visit, form or record out of scope). */
import type { ApiEnvelope } from '../../../engine/api/envelope';
import type { Locale } from '../../../engine/api/localized';
import { NotFound } from './scope';

/** Runs a handler, answering NotFound as success:false with its message. */
export async function orNotFound<D>(
  locale: Locale,
  fn: () => Promise<ApiEnvelope<D>>,
): Promise<ApiEnvelope<D> | ApiEnvelope<null>> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof NotFound) return err.envelope(locale);
    throw err;
  }
}
