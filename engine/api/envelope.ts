import * as cs from '../schema';

/** Every response body of the EDC API: `{ success, msg, data }`, plus an optional business `code`. */
export interface ApiEnvelope<D> {
  success: boolean;
  msg: string;
  data: D;
  /** Business code, e.g. 504 from heartBeat.do when the account logged in elsewhere. */
  code?: number;
}

export const envelopeSchema = cs.object({
  success: cs.boolean().strict().required(),
  msg: cs.string().strict().defined().nullable(),
  code: cs.number().strict().optional(),
});
