import { describe, expect, it } from 'vitest';
import { memoryStore } from '../http/testkit';
import { STORAGE_KEYS } from '../session/storageKeys';
import {
  MANAGEMENT_PATHS,
  checkAccess,
  isReportPath,
  loadAllowedPaths,
  normalizePath,
  saveAllowedPaths,
} from './accessGuard';

const denied = { allowed: false, redirectTo: '/401' };
const allowed = { allowed: true };

describe('checkAccess', () => {
  it.each(MANAGEMENT_PATHS)('denies the management page %s when it is not allowed', (path) => {
    expect(checkAccess(path, ['/index/statistics'])).toEqual(denied);
  });

  it('allows a management page that is in the allowed list, with its sub-paths', () => {
    const list = ['/index/userManage', '/index/statistics'];
    expect(checkAccess('/index/userManage', list)).toEqual(allowed);
    expect(checkAccess('/index/userManage/edit/42', list)).toEqual(allowed);
    expect(checkAccess('/index/roleManage', list)).toEqual(denied);
  });

  it('denies sub-paths of a management page that is not allowed', () => {
    expect(checkAccess('/index/auditLog/detail/7', [])).toEqual(denied);
  });

  it('an allowed sub-path does not open its parent page', () => {
    const list = ['/index/userManage/view'];
    expect(checkAccess('/index/userManage/view/3', list)).toEqual(allowed);
    expect(checkAccess('/index/userManage', list)).toEqual(denied);
  });

  it('a broad entry like /index does not open management pages', () => {
    expect(checkAccess('/index/userManage', ['/index'])).toEqual(denied);
  });

  it('leaves every other page open', () => {
    expect(checkAccess('/index/statistics', [])).toEqual(allowed);
    expect(checkAccess('/index/userManagement', [])).toEqual(allowed);
    expect(checkAccess('/checkRole', [])).toEqual(allowed);
  });

  it('exempts report pages', () => {
    expect(checkAccess('/index/report', [])).toEqual(allowed);
    expect(checkAccess('/index/report/enrolment?site=1', [])).toEqual(allowed);
    expect(checkAccess('/index/reportQuery', [])).toEqual(allowed);
  });

  it('does not let a report segment under a management page through', () => {
    expect(checkAccess('/index/userManage/report', [])).toEqual(denied);
    expect(checkAccess('/index/auditLog/reports/x', [])).toEqual(denied);
  });

  it('is not fooled by case, slashes, query, hash or dot segments', () => {
    for (const path of [
      '/index/USERMANAGE',
      '/index//userManage/',
      '/index/userManage?x=1',
      '/index/userManage#top',
      '/index/statistics/../userManage',
    ]) {
      expect(checkAccess(path, [])).toEqual(denied);
    }
    expect(checkAccess('/INDEX/usermanage/', ['/index/userManage'])).toEqual(allowed);
  });
});

describe('helpers', () => {
  it('isReportPath', () => {
    expect(isReportPath('/index/report')).toBe(true);
    expect(isReportPath('/index/report/a/b')).toBe(true);
    expect(isReportPath('/index/reports')).toBe(true);
    expect(isReportPath('/index/statistics')).toBe(false);
    expect(isReportPath('/index/myreport')).toBe(false);
  });

  it('normalizePath', () => {
    expect(normalizePath('')).toBe('/');
    expect(normalizePath('index/a/./b/')).toBe('/index/a/b');
  });

  it('keeps the allowed paths in session storage; [] when missing or corrupt', () => {
    const store = memoryStore();
    expect(loadAllowedPaths(store)).toEqual([]);
    saveAllowedPaths(store, ['/index/userManage', '/index/statistics']);
    expect(loadAllowedPaths(store)).toEqual(['/index/userManage', '/index/statistics']);
    store.setItem(STORAGE_KEYS.allowedPaths, '{"a":1}');
    expect(loadAllowedPaths(store)).toEqual([]);
    store.setItem(STORAGE_KEYS.allowedPaths, '[1,"/x",null]');
    expect(loadAllowedPaths(store)).toEqual(['/x']);
    store.setItem(STORAGE_KEYS.allowedPaths, 'not json');
    expect(loadAllowedPaths(store)).toEqual([]);
  });

  it('lists the management pages of spec §6', () => {
    expect(MANAGEMENT_PATHS).toHaveLength(10);
    expect(Object.isFrozen(MANAGEMENT_PATHS)).toBe(true);
  });
});
