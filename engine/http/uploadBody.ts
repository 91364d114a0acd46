/**
 * The multipart body of an upload endpoint (`def.upload`): its params as text parts, then the file under the
 * contract's field name. Sent with `client.call(def, params, { body })` (the browser sets the content type with its
 * boundary). Kept out of the request client so that pages that never upload do not carry it.
 */
import type { AnyObject } from '../schema';
import type { EndpointDef } from '../api/endpoint';

export function uploadBody<P extends AnyObject>(
  def: Pick<EndpointDef<P, unknown>, 'name' | 'upload'>,
  params: P,
  file: Blob & { name?: string },
): FormData {
  if (!def.upload) throw new Error(`${def.name} is not an upload endpoint`);
  const form = new FormData();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  form.append(def.upload.field, file, file.name ?? def.upload.field);
  return form;
}
