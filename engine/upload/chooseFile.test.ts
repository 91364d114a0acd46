import { describe, expect, it } from 'vitest';
import { chooseFile, sizeLimitLabel } from './chooseFile';

const file = (size: number) => ({ size, name: `f${size}` });
const MB = 1024 * 1024;

describe('chooseFile', () => {
  it('takes one file within the limit', () => {
    const one = file(MB);
    expect(chooseFile([one], 30 * MB)).toEqual({ kind: 'file', file: one });
  });

  it('takes a file of exactly the limit and refuses one byte more, naming the limit', () => {
    expect(chooseFile([file(5 * MB)], 5 * MB).kind).toBe('file');
    expect(chooseFile([file(5 * MB + 1)], 5 * MB)).toEqual({
      kind: 'refused',
      messageId: 'casebook.batch.tooLarge',
      values: { max: '5M' },
    });
  });

  it('refuses two files at once (one file at a time, spec §9)', () => {
    expect(chooseFile([file(1), file(2)], MB)).toEqual({
      kind: 'refused',
      messageId: 'casebook.batch.oneFile',
      values: {},
    });
  });

  it('is nothing when the picker was cancelled', () => {
    expect(chooseFile(null, MB)).toEqual({ kind: 'none' });
    expect(chooseFile([], MB)).toEqual({ kind: 'none' });
  });
});

describe('sizeLimitLabel', () => {
  it('writes whole mebibytes as M and the rest as K', () => {
    expect(sizeLimitLabel(30 * MB)).toBe('30M');
    expect(sizeLimitLabel(5 * MB)).toBe('5M');
    expect(sizeLimitLabel(512 * 1024)).toBe('512K');
  });
});
