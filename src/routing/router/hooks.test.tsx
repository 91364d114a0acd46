import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useBlocker } from './blocker';
import { RouterProvider, Outlet } from './context';
import {
  Navigate,
  useLocation,
  useMatches,
  useNavigate,
  useOutletContext,
  useParams,
  useRouteError,
  useSearchParams,
  type NavigateFunction,
} from './hooks';
import type { RouteObject } from './matchRoutes';
import { createMemoryRouter, MemoryRouter, Route, Routes } from './memory';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}

function renderRoutes(routes: RouteObject[], initialEntries: string[]) {
  const router = createMemoryRouter(routes, { initialEntries });
  render(<RouterProvider router={router} />);
  return router;
}

describe('RouterProvider and its hooks', () => {
  it('renders nested routes in outlets, with params and the outlet context', async () => {
    function Shell() {
      return (
        <section>
          shell
          <Outlet context={{ menu: 'm1' }} />
        </section>
      );
    }
    function Subject() {
      const { subjectid } = useParams();
      const { menu } = useOutletContext<{ menu: string }>();
      return <p>{`subject ${subjectid} in ${menu}`}</p>;
    }
    renderRoutes(
      [
        {
          path: '/',
          children: [
            { index: true, element: <p>home</p> },
            {
              path: 'index',
              element: <Shell />,
              children: [
                { index: true, element: <p>landing</p> },
                { path: 'subjects/:subjectid', element: <Subject /> },
              ],
            },
          ],
        },
      ],
      ['/index/subjects/S%201'],
    );
    expect(await screen.findByText('subject S 1 in m1')).toBeInTheDocument();
    expect(screen.getByText(/shell/)).toBeInTheDocument();
  });

  it('Navigate replaces the entry: back goes to the page before', async () => {
    const router = renderRoutes(
      [
        { path: '/from', element: <Where /> },
        { path: '/redirect', element: <Navigate to="/to?x=1" replace /> },
        { path: '/to', element: <Where /> },
      ],
      ['/from'],
    );
    await act(() => router.navigate('/redirect'));
    expect(await screen.findByTestId('where')).toHaveTextContent('/to?x=1');
    expect(router.state.historyAction).toBe('REPLACE');
    await act(() => router.navigate(-1));
    expect(screen.getByTestId('where')).toHaveTextContent('/from');
  });

  it('useNavigate: one function for the life of the component; strings, objects, relative paths and deltas', async () => {
    const seen = new Set<NavigateFunction>();
    let navigate: NavigateFunction | null = null;
    function Page() {
      const nav = useNavigate();
      seen.add(nav);
      navigate = nav;
      return <Where />;
    }
    const router = renderRoutes([{ path: '*', element: <Page /> }], ['/index/subjects/S1?x=1']);
    await act(() => navigate!('..', { relative: 'path', replace: true }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/index\/subjects$/);
    await act(() => navigate!({ search: '?page=2' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/index/subjects?page=2');
    await act(() => navigate!('/elsewhere', { state: { a: 1 } }));
    expect(router.state.location.state).toEqual({ a: 1 });
    await act(() => navigate!(-1));
    expect(screen.getByTestId('where')).toHaveTextContent('/index/subjects?page=2');
    expect(seen.size).toBe(1);
  });

  it('ignores a navigate called while rendering (before the first commit)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    function Eager() {
      const navigate = useNavigate();
      void navigate('/b');
      return <Where />;
    }
    const router = renderRoutes([{ path: '*', element: <Eager /> }], ['/a']);
    expect(await screen.findByTestId('where')).toHaveTextContent('/a');
    expect(router.state.location.pathname).toBe('/a');
    warn.mockRestore();
  });

  it('useSearchParams: the query with its defaults, and a setter that pushes (or replaces) with an object or a function', async () => {
    let set: ReturnType<typeof useSearchParams>[1] | null = null;
    function List() {
      const [params, setParams] = useSearchParams({ size: '20' });
      set = setParams;
      return <p data-testid="params">{params.toString()}</p>;
    }
    const router = renderRoutes([{ path: '/list', element: <List /> }], ['/list?page=1#top']);
    expect(screen.getByTestId('params')).toHaveTextContent('page=1&size=20');
    await act(async () => set!({ page: '2', tag: ['a', 'b'] }));
    expect(router.state.location.search).toBe('?page=2&tag=a&tag=b');
    expect(router.state.location.hash).toBe('');
    expect(router.state.historyAction).toBe('PUSH');
    await act(async () =>
      set!(
        (prev) => {
          prev.delete('tag');
          prev.set('page', '3');
          return prev;
        },
        { replace: true },
      ),
    );
    expect(router.state.location.search).toBe('?page=3');
    expect(router.state.historyAction).toBe('REPLACE');
    // once set, the query is what the setter said: the defaults no longer fill it (as react-router)
    expect(screen.getByTestId('params')).toHaveTextContent(/^page=3$/);
  });

  it('useMatches: every matched route with its handle, from the root down', async () => {
    function Leaf() {
      const matches = useMatches();
      return <p data-testid="handles">{matches.map((m) => String(m.handle)).join(' > ')}</p>;
    }
    renderRoutes(
      [{ path: '/', handle: 'root', children: [{ path: 'form/:tid', handle: 'form', element: <Leaf /> }] }],
      ['/form/AE'],
    );
    expect(screen.getByTestId('handles')).toHaveTextContent('root > form');
  });

  it('errorElement shows what a route below threw, and goes away on the next navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('boom');
    }
    function Failure() {
      return <p>{`failed: ${(useRouteError() as Error).message}`}</p>;
    }
    const router = renderRoutes(
      [
        {
          path: '/',
          element: (
            <main>
              layout <Outlet />
            </main>
          ),
          errorElement: <Failure />,
          children: [
            { path: 'broken', element: <Broken /> },
            { path: 'fine', element: <p>fine</p> },
          ],
        },
      ],
      ['/broken'],
    );
    expect(await screen.findByText('failed: boom')).toBeInTheDocument();
    // the route that has the errorElement is replaced by it
    expect(screen.queryByText(/layout/)).toBeNull();
    await act(() => router.navigate('/fine'));
    expect(screen.getByText('fine')).toBeInTheDocument();
    expect(screen.queryByText(/failed/)).toBeNull();
    vi.mocked(console.error).mockRestore();
  });

  it('useBlocker: a held navigation does not change the address; proceed goes, reset stays', async () => {
    function Form() {
      const [dirty, setDirty] = useState(false);
      const blocker = useBlocker(dirty);
      const navigate = useNavigate();
      return (
        <>
          <Where />
          <button onClick={() => setDirty(true)}>type</button>
          <button onClick={() => void navigate('/other')}>leave</button>
          <p data-testid="blocker">{blocker.state}</p>
          {blocker.state === 'blocked' && (
            <>
              <button onClick={() => blocker.proceed()}>discard</button>
              <button onClick={() => blocker.reset()}>stay</button>
            </>
          )}
        </>
      );
    }
    const router = renderRoutes(
      [
        { path: '/form', element: <Form /> },
        { path: '/other', element: <p>other page</p> },
      ],
      ['/form'],
    );
    fireEvent.click(screen.getByText('type'));
    fireEvent.click(screen.getByText('leave'));
    expect(await screen.findByTestId('blocker')).toHaveTextContent('blocked');
    expect(screen.getByTestId('where')).toHaveTextContent('/form');
    fireEvent.click(screen.getByText('stay'));
    expect(screen.getByTestId('blocker')).toHaveTextContent('unblocked');
    expect(router.state.location.pathname).toBe('/form');

    await act(() => router.navigate(-1));
    fireEvent.click(screen.getByText('leave'));
    fireEvent.click(await screen.findByText('discard'));
    expect(await screen.findByText('other page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/other');
  });

  it('useBlocker unregisters with its component', async () => {
    function Guarded() {
      useBlocker(true);
      return <p>guarded</p>;
    }
    function Toggle() {
      const [on, setOn] = useState(true);
      useEffect(() => setOn(false), []);
      return on ? <Guarded /> : <Where />;
    }
    const router = renderRoutes([{ path: '*', element: <Toggle /> }], ['/a']);
    expect(await screen.findByTestId('where')).toHaveTextContent('/a');
    await act(() => router.navigate('/b'));
    expect(router.state.location.pathname).toBe('/b');
  });
});

describe('MemoryRouter with Routes (stories)', () => {
  it('renders the first Route that matches, the catch-all otherwise', async () => {
    function Go() {
      const navigate = useNavigate();
      return <button onClick={() => void navigate('/elsewhere?x=1')}>go</button>;
    }
    render(
      <MemoryRouter initialEntries={['/page?a=1']}>
        <Routes>
          <Route path="/page" element={<Go />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByText('go'));
    expect(await screen.findByTestId('where')).toHaveTextContent('/elsewhere?x=1');
  });
});
