import { describe, expect, it } from 'vitest';
import {
  changeEdit,
  deleteEdit,
  hashOf,
  PASSWORD_MSG,
  pasteEdit,
  stripChinese,
  type PasswordEdit,
  type PasswordMessageId,
} from './passwordInput';

const sel = (start: number, end = start) => ({ start, end });
const ok = (value: string, caret = value.length): PasswordEdit => ({ ok: true, value, caret });
const refused = (messageId: PasswordMessageId): PasswordEdit => ({ ok: false, messageId });

describe('stripChinese', () => {
  it.each([
    ['abc123!@#', 'abc123!@#'],
    ['密码abc', 'abc'],
    ['a中b文c', 'abc'],
    ['𠀀x', 'x'], // CJK extension B (outside the BMP)
    ['a，b。c、d《e》', 'abcde'], // Chinese punctuation
    ['ＡＢ１２！x', 'x'], // full-width forms of a Chinese input method
    ['ㄅㄆx', 'x'], // bopomofo
    ['a\u3000b', 'ab'], // ideographic space
    ['Passwört-ÄÖ_é', 'Passwört-ÄÖ_é'], // other non-ASCII letters stay
  ])('%j → %j', (text, kept) => {
    expect(stripChinese(text)).toBe(kept);
  });
});

describe('pasteEdit', () => {
  it.each<[string, string, { start: number; end: number }, string, PasswordEdit]>([
    ['into an empty input', '', sel(0), 'Secret1', ok('Secret1')],
    ['at the end', 'abc', sel(3), 'def', ok('abcdef')],
    ['over the whole value', 'abc', sel(0, 3), 'xyz', ok('xyz')],
    ['without its Chinese characters', 'ab', sel(2), '中c文d', ok('abcd')],
    ['only Chinese: nothing added', 'ab', sel(2), '密码', ok('ab')],
    ['at the start of a value: refused', 'abc', sel(0), 'x', refused(PASSWORD_MSG.noMiddlePaste)],
    ['in the middle: refused', 'abc', sel(1), 'x', refused(PASSWORD_MSG.noMiddlePaste)],
    ['over a middle part: refused', 'abcd', sel(1, 2), 'x', refused(PASSWORD_MSG.noMiddlePaste)],
    ['over the start part: refused', 'abcd', sel(0, 2), 'x', refused(PASSWORD_MSG.noMiddlePaste)],
    ['over the end part: delete it first', 'abcd', sel(2, 4), 'x', refused(PASSWORD_MSG.deleteBeforePaste)],
  ])('%s', (_what, value, selection, pasted, edit) => {
    expect(pasteEdit(value, selection, pasted)).toEqual(edit);
  });

  it('clamps a selection outside the value (and a reversed one)', () => {
    expect(pasteEdit('abc', sel(9, 12), 'd')).toEqual(ok('abcd'));
    expect(pasteEdit('abc', sel(3, 0), 'x')).toEqual(ok('x'));
  });
});

describe('deleteEdit', () => {
  it.each<[string, string, { start: number; end: number }, 'Backspace' | 'Delete', PasswordEdit]>([
    ['Backspace at the end', 'abc', sel(3), 'Backspace', ok('ab')],
    ['Backspace of the whole selection', 'abc', sel(0, 3), 'Backspace', ok('', 0)],
    ['Delete of the whole selection', 'abc', sel(0, 3), 'Delete', ok('', 0)],
    ['Backspace of a selection reaching the end', 'abcd', sel(2, 4), 'Backspace', ok('ab')],
    ['Backspace at the start: nothing to delete', 'abc', sel(0), 'Backspace', ok('abc', 0)],
    ['Delete at the end: nothing to delete', 'abc', sel(3), 'Delete', ok('abc')],
    ['Backspace in the middle: refused', 'abc', sel(2), 'Backspace', refused(PASSWORD_MSG.noMiddleDelete)],
    ['Delete in the middle: refused', 'abc', sel(1), 'Delete', refused(PASSWORD_MSG.noMiddleDelete)],
    ['Delete at the start: refused', 'abc', sel(0), 'Delete', refused(PASSWORD_MSG.noMiddleDelete)],
    ['a middle selection: refused', 'abcd', sel(1, 3), 'Backspace', refused(PASSWORD_MSG.noMiddleDelete)],
    ['a start selection: refused', 'abcd', sel(0, 2), 'Delete', refused(PASSWORD_MSG.noMiddleDelete)],
  ])('%s', (_what, value, selection, key, edit) => {
    expect(deleteEdit(value, selection, key)).toEqual(edit);
  });

  it('Backspace removes an astral character whole', () => {
    expect(deleteEdit('a😀', sel(3), 'Backspace')).toEqual(ok('a', 1));
  });
});

describe('changeEdit (typing, input methods, autofill, cut)', () => {
  it.each<[string, string, string, number | undefined, PasswordEdit]>([
    ['typing at the end', 'abc', 'abcd', undefined, ok('abcd')],
    ['typing in the middle is allowed', 'abc', 'abXc', 3, ok('abXc', 3)],
    ['typed Chinese is dropped, the caret stays after the kept text', 'abc', 'ab中c', 3, ok('abc', 2)],
    ['an input method’s Chinese at the end is dropped', 'ab', 'ab密码', 4, ok('ab', 2)],
    ['removing at the end', 'abcd', 'ab', 2, ok('ab')],
    ['clearing everything (cut all, autofill)', 'abcd', '', 0, ok('', 0)],
    ['autofill replacing everything', 'abcd', 'wxyz', 4, ok('wxyz')],
    ['typing over a selection reaching the end', 'abcd', 'abX', 3, ok('abX')],
    ['removing in the middle: refused', 'abcd', 'abd', 2, refused(PASSWORD_MSG.noMiddleDelete)],
    ['removing at the start: refused', 'abcd', 'cd', 0, refused(PASSWORD_MSG.noMiddleDelete)],
    ['typing over a middle selection: refused', 'abcd', 'aXd', 2, refused(PASSWORD_MSG.noMiddleDelete)],
  ])('%s', (_what, prev, next, caret, edit) => {
    expect(changeEdit(prev, next, caret)).toEqual(edit);
  });
});

describe('hashOf', () => {
  it('is the MD5 of the value (hex)', () => {
    expect(hashOf('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(hashOf('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(hashOf('message digest')).toBe('f96b697d7cb7938d525a2f31aaf161d0');
  });
});
