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
    const list = ['/index/remindlist', '/index/statistics'];
    expect(checkAccess('/index/remindlist', list)).toEqual(allowed);
    expect(checkAccess('/index/remindlist/edit/42', list)).toEqual(allowed);
    expect(checkAccess('/index/crfManage', list)).toEqual(denied);
  });

  it('denies sub-paths of a management page that is not allowed', () => {
    expect(checkAccess('/index/dbLock/detail/7', [])).toEqual(denied);
  });

  it('an allowed sub-path does not open its parent page', () => {
    const list = ['/index/remindlist/view'];
    expect(checkAccess('/index/remindlist/view/3', list)).toEqual(allowed);
    expect(checkAccess('/index/remindlist', list)).toEqual(denied);
  });

  it('a broad entry like /index does not open management pages', () => {
    expect(checkAccess('/index/remindlist', ['/index'])).toEqual(denied);
  });

  it('leaves every other page open', () => {
    expect(checkAccess('/index/statistics', [])).toEqual(allowed);
    expect(checkAccess('/index/userManage', [])).toEqual(allowed);
    expect(checkAccess('/index/remindlistAll', [])).toEqual(allowed);
    expect(checkAccess('/checkRole', [])).toEqual(allowed);
  });

  it('guards the subject list (menu-gated), also standalone and below it', () => {
    expect(checkAccess('/index/subjects', ['/index/statistics'])).toEqual(denied);
    expect(checkAccess('/subjects', ['/index/statistics'])).toEqual(denied);
    expect(checkAccess('/index/subjects/s1/visits/V1/0/1/forms/VS', [])).toEqual(denied);
    expect(checkAccess('/index/subjects', ['/index'])).toEqual(denied);
    const crc = ['/index/subjects', '/index/statistics'];
    expect(checkAccess('/index/subjects', crc)).toEqual(allowed);
    expect(checkAccess('/subjects/s1', crc)).toEqual(allowed);
    expect(checkAccess('/index/subjects/s1/visits/V1/0/1/forms/VS', crc)).toEqual(allowed);
    // the subject overview is granted by the subject list's entry
    expect(checkAccess('/index/subjectInfo?subjectid=s1', crc)).toEqual(allowed);
    expect(checkAccess('/index/subjectInfo?subjectid=s1', ['/index/statistics'])).toEqual(denied);
  });

  it('exempts report pages', () => {
    expect(checkAccess('/index/report', [])).toEqual(allowed);
    expect(checkAccess('/index/report/enrolment?site=1', [])).toEqual(allowed);
    expect(checkAccess('/index/reportQuery', [])).toEqual(allowed);
  });

  it('does not let a report segment under a management page through', () => {
    expect(checkAccess('/index/remindlist/report', [])).toEqual(denied);
    expect(checkAccess('/index/dbLock/reports/x', [])).toEqual(denied);
  });

  it('is not fooled by case, slashes, query, hash or dot segments', () => {
    for (const path of [
      '/index/REMINDLIST',
      '/index//remindlist/',
      '/index/remindlist?x=1',
      '/index/remindlist#top',
      '/index/statistics/../remindlist',
    ]) {
      expect(checkAccess(path, [])).toEqual(denied);
    }
    expect(checkAccess('/INDEX/REMINDLIST/', ['/index/remindlist'])).toEqual(allowed);
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
    saveAllowedPaths(store, ['/index/remindlist', '/index/statistics']);
    expect(loadAllowedPaths(store)).toEqual(['/index/remindlist', '/index/statistics']);
    store.setItem(STORAGE_KEYS.allowedPaths, '{"a":1}');
    expect(loadAllowedPaths(store)).toEqual([]);
    store.setItem(STORAGE_KEYS.allowedPaths, '[1,"/x",null]');
    expect(loadAllowedPaths(store)).toEqual(['/x']);
    store.setItem(STORAGE_KEYS.allowedPaths, 'not json');
    expect(loadAllowedPaths(store)).toEqual([]);
  });

  it('lists exactly the fourteen management pages of spec §6', () => {
    expect(MANAGEMENT_PATHS).toEqual(
      [
        'remindlist',
        'crfManage',
        'imgReview',
        'translate',
        'invalidTable',
        'batchCheck',
        'dbLock',
        'userGuide',
        'changeVersion',
        'labNormals',
        'centreLabs',
        'databaseVersion',
        'subjectTransfer',
        'emailHistory',
      ].map((p) => `/index/${p}`),
    );
    expect(Object.isFrozen(MANAGEMENT_PATHS)).toBe(true);
  });
});
