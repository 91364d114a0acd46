/** Server versions like `V2.1.6`: compared part by part as numbers. */

export const DEFAULT_SERVER_VERSION = 'V2.0.10';
/** The header is shown from this server version on. */
export const HEADER_MIN_VERSION = 'V2.1.6';

function parts(version: string): number[] {
  return version
    .trim()
    .replace(/^v/i, '')
    .split('.')
    .map((part) => {
      const digits = /^\d+/.exec(part.trim());
      return digits ? Number(digits[0]) : 0;
    });
}

/** Negative when a < b, 0 when equal, positive when a > b. 'V2.1.10' > 'V2.1.9'; 'V2.1' equals '2.1.0'. */
export function compareVersions(a: string, b: string): number {
  const pa = parts(a);
  const pb = parts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff < 0 ? -1 : 1;
  }
  return 0;
}

/** The header needs server version V2.1.6 or later; an unknown version counts as V2.0.10. */
export function shouldShowHeader(serverVersion: string | null | undefined): boolean {
  const version = serverVersion?.trim() || DEFAULT_SERVER_VERSION;
  return compareVersions(version, HEADER_MIN_VERSION) >= 0;
}
