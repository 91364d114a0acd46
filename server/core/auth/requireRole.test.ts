/**
 * requireRole's permission set is built once per role part read (guard.ts): the same kept object gives the same set,
 * a role part read again (the access version moved: a permission revoked) gives its own.
 */
import { describe, expect, it } from 'vitest';

import { requireRole } from './guard';
import type { LoadedSession, SessionRoleAccess } from './sessions';

const sessionWith = (access: SessionRoleAccess): LoadedSession => ({
  id: 1,
  userId: 'u1',
  username: 'dm.chen',
  realname: 'Chen',
  userDisabled: false,
  studyId: 's1',
  roleId: 'r1',
  siteId: 'site1',
  prevRoleId: null,
  prevSiteId: null,
  lastSeenAt: new Date(0),
  endedAt: null,
  endReason: null,
  timezone: 'Asia/Shanghai',
  strLength: 200,
  numfieldUKallowed: false,
  access,
  menuRows: null,
  extra: null,
});

describe('requireRole', () => {
  it('one permission set per role part read; a role part read again answers with its own permissions', () => {
    const kept: SessionRoleAccess = {
      rolecode: 'DM',
      holdsRole: true,
      permissions: ['data.edit', 'query.raise'],
    };
    const first = requireRole(sessionWith(kept), 'en');
    const second = requireRole(sessionWith(kept), 'en');
    expect(second.permissions).toBe(first.permissions);
    expect([...first.permissions]).toEqual(['data.edit', 'query.raise']);
    const reread: SessionRoleAccess = { rolecode: 'DM', holdsRole: true, permissions: ['query.raise'] };
    const after = requireRole(sessionWith(reread), 'en');
    expect(after.permissions.has('data.edit')).toBe(false);
    expect(after.permissions.has('query.raise')).toBe(true);
    expect(requireRole(sessionWith(kept), 'en').permissions.has('data.edit')).toBe(true);
  });

  it('a role no longer held is refused (601) whatever was built before', () => {
    const held: SessionRoleAccess = { rolecode: 'DM', holdsRole: true, permissions: ['data.edit'] };
    requireRole(sessionWith(held), 'en');
    expect(() => requireRole(sessionWith({ ...held, holdsRole: false }), 'en')).toThrow();
  });
});
