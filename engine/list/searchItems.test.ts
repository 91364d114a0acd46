import { describe, expect, it } from 'vitest';
import {
  addableFields,
  isRemovable,
  shownInnerids,
  visibleFields,
  withoutShown,
  withShown,
} from './searchItems';

const fields = [
  { innerid: 'a', show: true, custom: false },
  { innerid: 'b', show: false, custom: false },
  { innerid: 'c', show: true, custom: true },
  { innerid: 'd', show: false, custom: true },
];

describe('search items', () => {
  it("starts from the server's show flags", () => {
    expect(shownInnerids(fields)).toEqual(['a', 'c']);
  });

  it("non-custom items follow the server, custom items the user's list", () => {
    const ids = (list: readonly { innerid: string }[]) => list.map((f) => f.innerid);
    expect(ids(visibleFields(fields, ['a', 'c']))).toEqual(['a', 'c']);
    expect(ids(visibleFields(fields, ['d']))).toEqual(['a', 'd']);
    expect(ids(visibleFields(fields, ['b']))).toEqual(['a']);
    expect(ids(addableFields(fields, ['a', 'c']))).toEqual(['d']);
    expect(isRemovable(fields[2]!)).toBe(true);
    expect(isRemovable(fields[0]!)).toBe(false);
  });

  it('adds and removes without duplicates', () => {
    expect(withShown(['a'], 'd')).toEqual(['a', 'd']);
    expect(withShown(['a', 'd'], 'd')).toEqual(['a', 'd']);
    expect(withoutShown(['a', 'd'], 'a')).toEqual(['d']);
  });
});
