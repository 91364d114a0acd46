import { AxiosHeaders, type AxiosResponse } from 'axios';

/** One response header, case-insensitive; multiple values joined with ", ". */
export function readHeader(headers: AxiosResponse['headers'] | undefined, name: string): string | null {
  if (!headers) return null;
  const raw: Record<string, unknown> = headers instanceof AxiosHeaders ? headers.toJSON() : headers;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(raw)) {
    if (key.toLowerCase() !== wanted || value === undefined || value === null) continue;
    return Array.isArray(value) ? value.map(String).join(', ') : String(value);
  }
  return null;
}

/** A URI-encoded header text (`+` or `%20` for spaces); the raw value when it does not decode. */
export function decodeHeaderText(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}
