import * as yup from 'yup';

/** Every response body of the EDC API: `{ success, msg, data }`, plus an optional business `code`. */
export interface ApiEnvelope<D> {
  success: boolean;
  msg: string;
  data: D;
  /** Business code, e.g. 504 from heartBeat.do when the account logged in elsewhere. */
  code?: number;
}

export const envelopeSchema = yup.object({
  success: yup.boolean().strict().required(),
  msg: yup.string().strict().defined().nullable(),
  code: yup.number().strict().optional(),
});
