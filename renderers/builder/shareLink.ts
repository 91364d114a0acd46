/**
 * Share links: a definition carried in the address (lz-string, URL-safe), so that a colleague opens the same text.
 * The text goes in the fragment (`#wb=…`): never sent to a server, so no request-line limit applies (a 1,000-item
 * schema is ~60 KB compressed; servers refuse request lines over 8–16 KB). In Storybook the link is the manager's
 * address (`?path=/story/…#wb=…`), read by the story's frame from its parent; the frame alone
 * (`iframe.html?id=…#wb=…`) works too, and so does a query parameter (`&wb=…`) for short texts.
 */
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';

/** The query parameter holding a shared text. */
export const SHARE_PARAM = 'wb';

export function encodeShared(text: string): string {
  return compressToEncodedURIComponent(text);
}

/** The text of a share code, or null when the code is not one (cut short, mistyped). */
export function decodeShared(code: string): string | null {
  try {
    const text = decompressFromEncodedURIComponent(code);
    return text ? text : null;
  } catch {
    return null;
  }
}

/** The raw share code of a query string or fragment (`?a=1&wb=…`, `#wb=…`), or null. */
export function shareCodeIn(search: string): string | null {
  const m = new RegExp(`[?&#]${SHARE_PARAM}=([^&#]*)`).exec(search);
  if (!m?.[1]) return null;
  try {
    // a '+' may have become a space or %2B on its way through a router: the code's alphabet has no space
    return decodeURIComponent(m[1]).replace(/ /g, '+');
  } catch {
    return m[1];
  }
}

interface PlaceLike {
  origin: string;
  pathname: string;
  search: string;
  hash: string;
}

/** The address to share: the Storybook manager's when the story runs in its frame, else the page's own. */
function shareBase(win: Window): PlaceLike {
  try {
    if (win.parent !== win && /[?&]path=/.test(win.parent.location.search)) return win.parent.location;
  } catch {
    // a frame of another origin: its own address
  }
  return win.location;
}

/** The query without a share parameter (a link opened from a query-string link). */
function withoutShareCode(search: string): string {
  const kept = search
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part !== '' && !part.startsWith(`${SHARE_PARAM}=`));
  return kept.length > 0 ? `?${kept.join('&')}` : '';
}

export function shareLinkFor(win: Window, text: string): string {
  const base = shareBase(win);
  return `${base.origin}${base.pathname}${withoutShareCode(base.search)}#${SHARE_PARAM}=${encodeShared(text)}`;
}

/** The shared text the page was opened with (the frame's address, then the manager's), or null. */
export function sharedTextOf(win: Window): { code: string; text: string } | null {
  const places = [win.location.hash, win.location.search];
  try {
    if (win.parent !== win) places.push(win.parent.location.hash, win.parent.location.search);
  } catch {
    // another origin
  }
  for (const search of places) {
    const code = shareCodeIn(search);
    const text = code === null ? null : decodeShared(code);
    if (code !== null && text !== null) return { code, text };
  }
  return null;
}
