import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MenuRenderer } from '../../renderers/menu/MenuRenderer';
import { ancestorCodes, findMenuByPath } from '../../renderers/menu/menuTree';
import { TestProviders } from '../testing/renderApp';
import { sampleMenus } from '../testing/sampleData';

describe('MenuRenderer', () => {
  it('renders the server tree in the UI language, opens groups, and reports the chosen leaf', async () => {
    const onSelect = vi.fn();
    render(
      <TestProviders>
        <MenuRenderer
          items={sampleMenus.menus}
          locale="en"
          activeCode="statistics"
          onSelect={onSelect}
          label="menu"
        />
      </TestProviders>,
    );
    expect(await screen.findByRole('button', { name: 'Statistics' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('button', { name: 'Reminders' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Administration/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Reminders' }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ menuCode: 'remindlist' }));
  });

  it('opens the group of the active item', async () => {
    render(
      <TestProviders>
        <MenuRenderer
          items={sampleMenus.menus}
          locale="zh_CN"
          activeCode="dbLock"
          onSelect={() => {}}
          label="m"
        />
      </TestProviders>,
    );
    expect(await screen.findByRole('button', { name: '数据库锁定' })).toHaveAttribute('aria-current', 'page');
  });

  it('finds the item of a page by the longest matching path', () => {
    expect(findMenuByPath(sampleMenus.menus, '/index/remindlist/r-1')?.menuCode).toBe('remindlist');
    expect(findMenuByPath(sampleMenus.menus, '/index/other')).toBeNull();
    expect(ancestorCodes(sampleMenus.menus, 'remindlist')).toEqual(['management']);
  });
});
