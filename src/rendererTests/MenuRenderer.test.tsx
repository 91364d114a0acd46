import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MenuRenderer } from '../../renderers/menu/MenuRenderer';
import { ancestorCodes, findMenuByPath } from '../../renderers/menu/menuTree';
import { TestProviders } from '../testing/renderApp';
import { sampleMenus } from '../testing/sampleData';

/** The menu in English with the sample tree unless told otherwise. */
function renderMenu({
  activeCode,
  items = sampleMenus.menus,
  onSelect = () => {},
}: {
  activeCode: string | null;
  items?: typeof sampleMenus.menus;
  onSelect?: (item: (typeof sampleMenus.menus)[number]) => void;
}) {
  return render(
    <TestProviders>
      <MenuRenderer items={items} locale="en" activeCode={activeCode} onSelect={onSelect} label="menu" />
    </TestProviders>,
  );
}

describe('MenuRenderer', () => {
  it('renders the server tree in the UI language, opens groups, and reports the chosen leaf', async () => {
    const onSelect = vi.fn();
    renderMenu({ activeCode: 'statistics', onSelect: onSelect });
    expect(await screen.findByRole('button', { name: 'Statistics' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('button', { name: 'Reminders' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Administration/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Reminders' }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ menuCode: 'remindlist' }));
  });

  it('opens and closes a group by keyboard and by mouse, naming the list it controls', async () => {
    const user = userEvent.setup();
    renderMenu({ activeCode: null });
    const group = await screen.findByRole('button', { name: /Administration/ });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    expect(group).not.toHaveAttribute('aria-controls');
    while (document.activeElement !== group) await user.tab(); // (its focus outline: e2e/a11y.spec.ts)
    await user.keyboard('{Enter}');
    expect(group).toHaveAttribute('aria-expanded', 'true');
    const list = document.getElementById(group.getAttribute('aria-controls') ?? '');
    expect(list).not.toBeNull();
    expect(list).toContainElement(screen.getByRole('button', { name: 'Reminders' }));
    await user.keyboard(' ');
    expect(group).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Reminders' })).toBeNull();
    await user.click(group);
    expect(screen.getByRole('button', { name: 'Reminders' })).toBeInTheDocument();
    await user.click(group);
    expect(screen.queryByRole('button', { name: 'Reminders' })).toBeNull();
  });

  it("names a group's list by an id without spaces whatever the server's menu code", async () => {
    const items = sampleMenus.menus.map((m) =>
      m.menuCode === 'management' ? { ...m, menuCode: 'system management 1' } : m,
    );
    renderMenu({ activeCode: null, items: items });
    const group = await screen.findByRole('button', { name: /Administration/ });
    await userEvent.click(group);
    const controls = group.getAttribute('aria-controls') ?? '';
    expect(controls).not.toMatch(/\s/);
    expect(document.getElementById(controls)).toContainElement(
      screen.getByRole('button', { name: 'Reminders' }),
    );
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
