/**
 * Reading one cookie from a `Cookie` request header (server) or `document.cookie` (browser): both are
 * `name=value; name2=value2`.
 */

function decodeCookieValue(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    // not valid percent-encoding: the value as it was sent
    return raw;
  }
}

/**
 * The value of the first cookie called exactly `name`: surrounding double quotes removed (RFC 6265 allows them),
 * URI-decoded (as sent when it does not decode); null when there is none or it is empty.
 */
export function readCookieValue(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let raw = part.slice(eq + 1).trim();
    if (raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"')) raw = raw.slice(1, -1);
    return decodeCookieValue(raw) || null;
  }
  return null;
}
