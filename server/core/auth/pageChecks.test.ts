/**
 * The page check's answers are kept per menu-rows array (pageChecks.ts): an array of another access version (other
 * grants) is answered afresh, never with the answer of the array before it.
 */
import { describe, expect, it } from 'vitest';

import { pageCheckRow, type MenuRow } from './menus';
import { isPageOpen, isPageOpenIn } from './pageChecks';

const row = pageCheckRow;

/** A role's menu rows at one access version: the subject list, and the database lock when granted. */
const rowsOf = (dbLock: boolean): MenuRow[] => [
  row('home', null, '/index', false),
  row('subjects', 'home', '/index/subjects', true),
  row('manage', null, '/index/manage', false),
  row('dbLock', 'manage', '/index/dbLock', dbLock),
];

describe('the page check per menu rows', () => {
  it('answers as the rule on the allowed paths does (management, menu, report and unknown pages)', () => {
    const rows = rowsOf(true);
    const allowed = ['/index', '/index/subjects', '/index/manage', '/index/dbLock'];
    for (const page of [
      '/index/dbLock',
      '/index/subjects',
      '/index/report/enrolment',
      '/index/notInAnyMenu',
      '/index/crfManage',
    ]) {
      expect(isPageOpenIn(rows, page), page).toBe(isPageOpen(allowed, page));
    }
    expect(isPageOpenIn(rows, '/index/dbLock')).toBe(true);
    expect(isPageOpenIn(rows, '/index/notInAnyMenu')).toBe(false);
  });

  it('a new array (the access version moved: the grant taken away, then given back) is answered afresh', () => {
    const before = rowsOf(true);
    expect(isPageOpenIn(before, '/index/dbLock')).toBe(true);
    const revoked = rowsOf(false);
    expect(isPageOpenIn(revoked, '/index/dbLock')).toBe(false);
    expect(isPageOpenIn(revoked, '/index/subjects')).toBe(true);
    const regranted = rowsOf(true);
    expect(isPageOpenIn(regranted, '/index/dbLock')).toBe(true);
    // the answers of each array stay its own
    expect(isPageOpenIn(revoked, '/index/dbLock')).toBe(false);
  });
});
