// Tests of renderers/menu/LazyMenu.tsx: a menu whose MUI parts load on its first opening.
import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyMenu, setMenuPartsLoaderForTests, type MenuParts } from '../../renderers/menu/LazyMenu';
import * as realParts from '../../renderers/menu/menuParts';

/** A menu button as the section menu and the help menu have it: the anchor is the button while the menu is open. */
function MenuButton() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <button aria-expanded={anchor !== null} onClick={(event) => setAnchor(event.currentTarget)}>
        sections
      </button>
      <LazyMenu open={anchor !== null} onClose={() => setAnchor(null)}>
        {({ Menu, MenuItem }) => (
          <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
            <MenuItem onClick={() => setAnchor(null)}>Vital signs</MenuItem>
          </Menu>
        )}
      </LazyMenu>
    </>
  );
}

const button = () => screen.getByRole('button', { name: 'sections' });

afterEach(() => {
  setMenuPartsLoaderForTests(null);
  vi.useRealTimers();
});

describe('LazyMenu', () => {
  it('closes its button again when the parts fail twice, and the next opening loads them again', async () => {
    vi.useFakeTimers();
    const load = vi.fn(() => Promise.reject<MenuParts>(new Error('chunk failed')));
    setMenuPartsLoaderForTests(load);
    render(<MenuButton />);
    fireEvent.click(button());
    expect(button()).toHaveAttribute('aria-expanded', 'true');
    // the first load fails, the retry a second later fails too: the opening is given up
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_500);
    });
    expect(load).toHaveBeenCalledTimes(2);
    expect(button()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).toBeNull();

    // the network is back: the next click loads the parts and opens the menu
    load.mockImplementation(() => Promise.resolve(realParts));
    vi.useRealTimers();
    fireEvent.click(button());
    expect(await screen.findByRole('menuitem', { name: 'Vital signs' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('gives the opening up on Escape while the parts load, and stays closed when they arrive', async () => {
    let arrive: (parts: MenuParts) => void = () => undefined;
    setMenuPartsLoaderForTests(() => new Promise<MenuParts>((resolve) => (arrive = resolve)));
    render(<MenuButton />);
    fireEvent.click(button());
    expect(button()).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(button()).toHaveAttribute('aria-expanded', 'false');
    await act(async () => arrive(realParts));
    expect(screen.queryByRole('menu')).toBeNull();
    // opened again, it shows at once
    fireEvent.click(button());
    expect(await screen.findByRole('menuitem', { name: 'Vital signs' })).toBeInTheDocument();
  });

  it('gives the opening up on a press elsewhere while the parts load', () => {
    setMenuPartsLoaderForTests(() => new Promise<MenuParts>(() => undefined));
    render(<MenuButton />);
    fireEvent.click(button());
    fireEvent.pointerDown(document.body);
    expect(button()).toHaveAttribute('aria-expanded', 'false');
  });
});
