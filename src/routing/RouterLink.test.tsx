import { fireEvent, render, screen } from '@testing-library/react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { RouterProvider } from './router';
import { createMemoryRouter } from './router/memory';
import { describe, expect, it, vi } from 'vitest';
import { RouterLink } from './RouterLink';

function renderAt(element: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/a', element },
      { path: '/b', element: <p>page b</p> },
    ],
    { initialEntries: ['/edcweb/a'], basename: '/edcweb' },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('RouterLink (MUI components as links to pages of the app)', () => {
  it('has the href under the app base and a plain click navigates inside the app', async () => {
    const router = renderAt(
      <Button component={RouterLink} to="/b?x=1">
        go
      </Button>,
    );
    const link = await screen.findByRole('link', { name: 'go' });
    expect(link.getAttribute('href')).toBe('/edcweb/b?x=1');
    fireEvent.click(link);
    expect(await screen.findByText('page b')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/edcweb/b');
    expect(router.state.location.search).toBe('?x=1');
  });

  it('leaves a click with a modifier key or another target to the browser (new tab, new window)', async () => {
    const router = renderAt(
      <>
        <Link component={RouterLink} to="/b">
          modified
        </Link>
        <Link component={RouterLink} to="/b" target="_blank">
          blank
        </Link>
      </>,
    );
    const modified = await screen.findByRole('link', { name: 'modified' });
    // the browser's own handling of the click is what jsdom does not have: keep it from trying
    const keepBrowserHere = (event: Event) => event.preventDefault();
    document.addEventListener('click', keepBrowserHere);
    try {
      fireEvent.click(modified, { ctrlKey: true });
      fireEvent.click(await screen.findByRole('link', { name: 'blank' }));
    } finally {
      document.removeEventListener('click', keepBrowserHere);
    }
    expect(router.state.location.pathname).toBe('/edcweb/a');
  });

  it("runs the caller's onClick first, and does not navigate when it prevents the default", async () => {
    const onClick = vi.fn((event: React.MouseEvent) => event.preventDefault());
    const router = renderAt(
      <Button component={RouterLink} to="/b" onClick={onClick}>
        stay
      </Button>,
    );
    fireEvent.click(await screen.findByRole('link', { name: 'stay' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/edcweb/a');
  });
});
