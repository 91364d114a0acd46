import { describe, expect, it } from 'vitest';
import type { RecordInfo } from '../../../../engine/api/data';
import { draftChangedSince } from './draftChangedSince';

const record: RecordInfo = {
  recordid: 'rec-1',
  lineno: 1,
  rowversion: 3,
  status: '2',
  updatedat: '2026-01-05T08:00:00Z',
  updatedby: 'crc.li',
};
const change = { updatedby: 'crc.li', updatedat: '2026-01-05T08:00:00Z' };

describe('draftChangedSince', () => {
  it('names the last change when the draft was typed against an older rowversion', () => {
    expect(draftChangedSince({ rowversion: 2 }, record)).toEqual(change);
  });

  it('names it when the draft was typed before the record existed', () => {
    expect(draftChangedSince({ rowversion: null }, record)).toEqual(change);
  });

  it('is null for a draft of the record as it is, or when there is no record yet', () => {
    expect(draftChangedSince({ rowversion: 3 }, record)).toBeNull();
    expect(draftChangedSince({ rowversion: null }, null)).toBeNull();
  });
});
