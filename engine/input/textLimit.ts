/**
 * Text limits of inputs (spec §3, §5, §9): login info's `strLength` is 100 or larger; when it is 100 the text limit
 * is 100, otherwise 2000. Anything else (missing, not a number, ≤ 100) keeps the short limit: the long one is only
 * ever given by a server that asks for it.
 */

/** Input and select maximum length (§9), and the limit while `strLength` is 100 or unknown. */
export const SHORT_TEXT_LIMIT = 100;
/** Long text limit (§9): when `strLength` is larger than 100. */
export const LONG_TEXT_LIMIT = 2000;

export type TextLimit = typeof SHORT_TEXT_LIMIT | typeof LONG_TEXT_LIMIT;

/** The text limit for login info's `strLength`: 2000 only when it is a finite number larger than 100, else 100. */
export function textLimitOf(strLength: unknown): TextLimit {
  return typeof strLength === 'number' && Number.isFinite(strLength) && strLength > SHORT_TEXT_LIMIT
    ? LONG_TEXT_LIMIT
    : SHORT_TEXT_LIMIT;
}

/** True when the text has reached (or, for older data, passed) the limit: the input shows its warning. */
export function isAtLimit(text: string, max: number): boolean {
  return text.length >= max;
}

/**
 * What an input keeps of a change from `prev` to `next` under a limit of `max` characters (UTF-16 units, as the
 * browser's `maxlength` counts): a change that fits is kept; one that makes the text shorter is kept even when it
 * is still too long (a value saved before the limit can be corrected, never cut by a keystroke); one that adds text
 * past the limit keeps only as much of the added text as fits, where it was added. Typing at the limit changes
 * nothing.
 */
export function limitChange(prev: string, next: string, max: number): string {
  if (next.length <= max || next.length <= prev.length) return next;
  let head = 0;
  const shortest = Math.min(prev.length, next.length);
  while (head < shortest && prev[head] === next[head]) head++;
  let tail = 0;
  while (tail < shortest - head && prev[prev.length - 1 - tail] === next[next.length - 1 - tail]) tail++;
  const added = next.slice(head, next.length - tail);
  // what stays of prev around the change is head + tail; the added text gets the rest of the limit
  const room = Math.max(0, max - head - tail);
  if (room === 0 && head + tail === prev.length) return prev;
  let cut = added.slice(0, room);
  // never split a surrogate pair at the cut
  if (cut.length > 0 && /[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return next.slice(0, head) + cut + next.slice(next.length - tail);
}
