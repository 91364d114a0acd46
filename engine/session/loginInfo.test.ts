import { describe, expect, it } from 'vitest';
import type { LoginInfo } from '../api/session';
import { DEFAULT_PRODUCT_RELEASE } from '../api/protocol';
import { memoryStore } from '../http/testkit';
import { deriveSessionFlags, loadLoginInfo, saveLoginInfo } from './loginInfo';
import { STORAGE_KEYS } from './storageKeys';

const info: LoginInfo = {
  unitLogo: '',
  eClinical_version: 'eClinical 5',
  backAddress: 'https://login.example',
  userid: 'U1',
  username: 'crc01',
  realname: 'Li Na',
  studyid: 'S1',
  studycode: 'DEMO-01',
  studyname: 'Demo study',
  role: 'CRC',
  roleid: 'R1',
  rolecode: 'CRC',
  rolename: { zh_CN: '研究协调员', en: 'Study coordinator' },
  siteid: 'SITE1',
  sitecode: '01',
  sitename: 'Site One',
  locale: 'en',
  timezone: 'Asia/Shanghai',
  defultDateFormat: 'yyyy-MM-dd',
  strLength: 100,
  numfieldUKallowed: true,
  online: { isShow: false },
};

describe('login info in session storage', () => {
  it('round-trips and keeps the integration address for the request client', () => {
    const store = memoryStore();
    saveLoginInfo(store, info);
    expect(loadLoginInfo(store)).toEqual(info);
    expect(store.getItem(STORAGE_KEYS.backAddress)).toBe('https://login.example');
  });

  it('does not overwrite the integration address with an empty one', () => {
    const store = memoryStore({ [STORAGE_KEYS.backAddress]: 'https://kept.example' });
    saveLoginInfo(store, { ...info, backAddress: '' });
    expect(store.getItem(STORAGE_KEYS.backAddress)).toBe('https://kept.example');
  });

  it.each([
    ['missing', null],
    ['not JSON', '{oops'],
    ['the wrong shape', JSON.stringify({ ...info, strLength: '100' })],
  ])('is null when %s', (_label, raw) => {
    const store = memoryStore(raw === null ? {} : { [STORAGE_KEYS.loginInfo]: raw });
    expect(loadLoginInfo(store)).toBeNull();
  });
});

describe('session flags', () => {
  it('text limit 100 by default; 2000 only when strLength is larger than 100 (spec §3)', () => {
    expect(deriveSessionFlags(info).textLimit).toBe(100);
    expect(deriveSessionFlags({ ...info, strLength: 50 }).textLimit).toBe(100);
    expect(deriveSessionFlags({ ...info, strLength: 101 }).textLimit).toBe(2000);
    expect(deriveSessionFlags({ ...info, strLength: 500 }).textLimit).toBe(2000);
    expect(deriveSessionFlags({ ...info, strLength: 2000 }).textLimit).toBe(2000);
  });

  it.each(['support', 'SUPPORT', ' Support '])('role %s is support (the spec field `role`)', (role) => {
    expect(deriveSessionFlags({ ...info, role }).isSupport).toBe(true);
  });

  it.each(['CRC', 'supporter', null])('role %s is not support', (role) => {
    expect(deriveSessionFlags({ ...info, role, rolecode: 'support' }).isSupport).toBe(false);
  });

  it('release defaults to V4.1.0; locale and UK switch come from the info', () => {
    expect(deriveSessionFlags(info)).toEqual({
      textLimit: 100,
      isSupport: false,
      locale: 'en',
      productRelease: DEFAULT_PRODUCT_RELEASE,
      numfieldUKallowed: true,
    });
    expect(DEFAULT_PRODUCT_RELEASE).toBe('V4.1.0');
    expect(deriveSessionFlags({ ...info, productRelease: 'V4.2.3' }).productRelease).toBe('V4.2.3');
  });
});
