/** Response headers as the transport gives them: by lower-case name (transport.ts). */
export type ResponseHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

/** One response header, case-insensitive; multiple values joined with ", ". */
export function readHeader(headers: ResponseHeaders | undefined, name: string): string | null {
  if (!headers) return null;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined || value === null) continue;
    return typeof value === 'string' ? value : value.map(String).join(', ');
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
