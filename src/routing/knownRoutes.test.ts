import { describe, expect, it } from 'vitest';
import { pruneMenus } from '../../renderers/menu/menuTree';
import { menuListByRole } from '../../fixtures';
import { isKnownRoute } from './knownRoutes';

describe('isKnownRoute', () => {
  it('knows the pages of this build and not the catch-all', () => {
    expect(isKnownRoute('/index/statistics')).toBe(true);
    expect(isKnownRoute('/checkRole')).toBe(true);
    expect(isKnownRoute('/index/userManage')).toBe(false);
    expect(isKnownRoute('/no/such/page')).toBe(false);
  });
});

describe('pruneMenus', () => {
  const name = { zh_CN: 'x', en: 'x' };
  it('drops entries without a page, and groups left empty', () => {
    const menus = [
      { menuCode: 'a', name, path: '/index/statistics' },
      { menuCode: 'g', name, path: '', children: [{ menuCode: 'b', name, path: '/index/userManage' }] },
      {
        menuCode: 'h',
        name,
        path: '',
        children: [
          { menuCode: 'c', name, path: '/index/userManage' },
          { menuCode: 'd', name, path: '/index/statistics' },
        ],
      },
    ];
    const pruned = pruneMenus(menus, isKnownRoute);
    expect(pruned.map((m) => m.menuCode)).toEqual(['a', 'h']);
    expect(pruned[1]?.children?.map((m) => m.menuCode)).toEqual(['d']);
  });

  it('keeps the statistics page for every role of the demo study', () => {
    for (const envelope of Object.values(menuListByRole)) {
      const paths = pruneMenus(envelope.data.menus, isKnownRoute).map((m) => m.path);
      expect(paths).toContain('/index/statistics');
    }
  });
});
