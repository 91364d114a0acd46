/** What the data-entry routes share within one app, and how they answer a request that reaches nothing. */
import type { ApiEnvelope } from '../../engine/api/envelope';
import type { Locale } from '../../engine/api/localized';
import { NotFound } from '../services/dataScope';
import type { FormSchemaService } from '../services/formSchemas';

export interface FormServices {
  schemas: FormSchemaService;
}

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
