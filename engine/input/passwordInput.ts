/**
 * The password input's rules (spec §5): Chinese characters are stripped as they come; text is pasted only at the
 * end (or over the whole value); characters are deleted only at the end (or the whole value); a refused edit
 * leaves the value as it was and says why with one of three messages. The MD5 of the value is available (`hashOf`);
 * the login still sends the password itself, and the server keeps only a slow hash of it.
 *
 * Positions are UTF-16 offsets, as an input's `selectionStart`/`selectionEnd` give them.
 */
import { md5 } from './md5';

/** Messages of refused edits (catalogue ids, boot tier: the login front shows them). */
export const PASSWORD_MSG = {
  /** A paste over part of the value: delete that part first, then paste. */
  deleteBeforePaste: 'common.password.deleteBeforePaste',
  /** A paste before the end of the value. */
  noMiddlePaste: 'common.password.noMiddlePaste',
  /** A deletion before the end of the value. */
  noMiddleDelete: 'common.password.noMiddleDelete',
} as const;

export type PasswordMessageId = (typeof PASSWORD_MSG)[keyof typeof PASSWORD_MSG];

/** A selection in the value (start = end: a caret). */
export interface TextSelection {
  start: number;
  end: number;
}

/** The outcome of an edit: the new value and where the caret goes, or a refusal (the value stays) with its message. */
export type PasswordEdit =
  { ok: true; value: string; caret: number } | { ok: false; messageId: PasswordMessageId };

/**
 * Chinese characters: Han ideographs (every CJK block), Bopomofo, CJK symbols and punctuation (、。《》【】 and the
 * ideographic space) and the full-width forms a Chinese input method types (，！：１Ａ …).
 */
const CHINESE = /[\p{Script=Han}\u3000-\u303f\u3100-\u312f\u31a0-\u31bf\uff00-\uffef]/gu;

/** The text without Chinese characters. */
export function stripChinese(text: string): string {
  return text.replace(CHINESE, '');
}

/** MD5 (hex) of the value's UTF-8 bytes. */
export function hashOf(value: string): string {
  return md5(value);
}

/** The selection clamped into the value, start ≤ end. */
function clamp(value: string, selection: TextSelection): TextSelection {
  const fit = (n: number) =>
    Math.max(0, Math.min(value.length, Number.isFinite(n) ? Math.trunc(n) : value.length));
  const a = fit(selection.start);
  const b = fit(selection.end);
  return a <= b ? { start: a, end: b } : { start: b, end: a };
}

const refuse = (messageId: PasswordMessageId): PasswordEdit => ({ ok: false, messageId });

/**
 * Pasting `pasted` with `selection` in `value`: over the whole value (or into an empty one) it replaces it; at the
 * end (a caret there) it is appended; over a part that reaches the end → `deleteBeforePaste`; anywhere else →
 * `noMiddlePaste`. Chinese characters of the pasted text are dropped.
 */
export function pasteEdit(value: string, selection: TextSelection, pasted: string): PasswordEdit {
  const { start, end } = clamp(value, selection);
  const text = stripChinese(pasted);
  if (start === 0 && end === value.length) return { ok: true, value: text, caret: text.length };
  if (start === value.length) return { ok: true, value: value + text, caret: value.length + text.length };
  if (end === value.length) return refuse(PASSWORD_MSG.deleteBeforePaste);
  return refuse(PASSWORD_MSG.noMiddlePaste);
}

/**
 * Backspace or Delete with `selection` in `value`: a selection reaching the end (the whole value included) is
 * removed; Backspace with the caret at the end removes the last character; Delete at the end and Backspace at the
 * start change nothing; anything else deletes in the middle → `noMiddleDelete`.
 */
export function deleteEdit(
  value: string,
  selection: TextSelection,
  key: 'Backspace' | 'Delete',
): PasswordEdit {
  const { start, end } = clamp(value, selection);
  if (start !== end) {
    return end === value.length
      ? { ok: true, value: value.slice(0, start), caret: start }
      : refuse(PASSWORD_MSG.noMiddleDelete);
  }
  if (key === 'Backspace') {
    if (start === 0) return { ok: true, value, caret: 0 };
    if (start < value.length) return refuse(PASSWORD_MSG.noMiddleDelete);
    // a surrogate pair goes as one character
    const size = /[\uDC00-\uDFFF]$/.test(value) && /[\uD800-\uDBFF]/.test(value.charAt(start - 2)) ? 2 : 1;
    return { ok: true, value: value.slice(0, start - size), caret: start - size };
  }
  return start === value.length ? { ok: true, value, caret: start } : refuse(PASSWORD_MSG.noMiddleDelete);
}

/**
 * Any other change the input reports, from `prev` to `next` with the caret at `caretAfter` in `next` (typing, an
 * input method, autofill, cut, drop): what was removed must reach the end of `prev` (or be all of it), else
 * `noMiddleDelete`; what was added may go anywhere, without its Chinese characters. The caret stays after the kept
 * text it followed.
 */
export function changeEdit(prev: string, next: string, caretAfter: number = next.length): PasswordEdit {
  let head = 0;
  const shortest = Math.min(prev.length, next.length);
  while (head < shortest && prev[head] === next[head]) head++;
  let tail = 0;
  while (tail < shortest - head && prev[prev.length - 1 - tail] === next[next.length - 1 - tail]) tail++;
  const removedUpTo = prev.length - tail;
  if (removedUpTo > head && tail > 0) return refuse(PASSWORD_MSG.noMiddleDelete);
  const value = stripChinese(next);
  const caret = stripChinese(next.slice(0, Math.max(0, Math.min(next.length, caretAfter)))).length;
  return { ok: true, value, caret };
}
