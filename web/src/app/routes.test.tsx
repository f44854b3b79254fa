import { getConfig, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicQueries } from '@/features/public/api/public';
import { createQueryClient } from '@/lib/queryClient';
import { mockFetch, storeValidSession } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { createRoutes } from './routes';

afterEach(() => vi.unstubAllGlobals());

const answerEmptyLists = () =>
  mockFetch((url) => {
    if (url.pathname === '/api/auth/me') return { body: { id: 'u1', username: 'admin', role: 'admin' } };
    return url.pathname === '/api/events' ? { body: [] } : undefined;
  });

/**
 * Where the router settles after opening start. The redirect comes once the lazy route modules
 * are loaded, which on a busy machine outlasts a polling wait's deadline: the router itself says
 * when it has moved, and the test's timeout is the only limit. RTL's asyncWrapper lets React
 * render meanwhile as it does inside waitFor.
 */
async function pathAfter(start: string): Promise<string> {
  const { router } = renderWithApp(createRoutes, start);
  const settled = () => router.state.navigation.state === 'idle' && router.state.location.pathname !== start;
  await getConfig().asyncWrapper(
    () =>
      new Promise<void>((resolve) => {
        if (settled()) return resolve();
        const stop = router.subscribe(() => {
          if (!settled()) return;
          stop();
          resolve();
        });
      }),
  );
  return router.state.location.pathname;
}

describe('route table', () => {
  it.each(['/', '/nowhere', '/some/deep/path'])('redirects %s to /public/events', async (start) => {
    answerEmptyLists();
    expect(await pathAfter(start)).toBe('/public/events');
  });

  it('sends an unauthenticated visitor of /admin pages to /login', async () => {
    answerEmptyLists();
    expect(await pathAfter('/admin/events')).toBe('/login');
  });

  it.each(['/admin', '/admin/', '/admin/unknown/x', '/admin/divisions', '/admin/divisions/new', '/admin/teams', '/admin/teams/new', '/admin/teams/bulk'])(
    'redirects %s to /admin/events when signed in',
    async (start) => {
      storeValidSession();
      answerEmptyLists();
      expect(await pathAfter(start)).toBe('/admin/events');
    },
  );

  it('shows the admin frame and signs out to /login, ending the session on the server', async () => {
    storeValidSession();
    const fetchSpy = answerEmptyLists();
    const { router } = renderWithApp(createRoutes, '/admin/events');
    expect(await screen.findByText('No events found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Public Site' })).toHaveAttribute('href', '/public/events');
    expect(screen.getByText('Podium — Competition Management System')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('podium.token')).toBeNull();
    const logout = fetchSpy.mock.calls.find(([url]) => String(url) === '/api/auth/logout');
    expect(logout?.[1]).toMatchObject({ method: 'POST', headers: { Authorization: 'Bearer tok' } });
  });

  const answerAs = (role: string) =>
    mockFetch((url) => {
      if (url.pathname === '/api/auth/me') return { body: { id: 'u1', username: 'judge', role } };
      if (url.pathname === '/api/events') return { body: [] };
      return undefined;
    });

  it.each(['/admin/events/e1/edit', '/admin/events/new', '/admin/events/e1/divisions', '/admin/teams/t1', '/admin/users'])(
    'tells a scorer on %s that the page is not theirs, with the way back',
    async (start) => {
      storeValidSession();
      answerAs('scorer');
      renderWithApp(createRoutes, start);
      expect(await screen.findByText("You don't have access to this page")).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to Events' })).toHaveAttribute('href', '/admin/events');
    },
  );

  it('shows Users to an admin only, and Create Event to no scorer', async () => {
    storeValidSession();
    answerAs('admin');
    const admin = renderWithApp(createRoutes, '/admin/events');
    expect(await screen.findByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/users');
    expect(screen.getAllByRole('link', { name: 'Create Event' }).length).toBeGreaterThan(0);
    admin.unmount();

    answerAs('scorer');
    renderWithApp(createRoutes, '/admin/events');
    expect(await screen.findByText('scorer')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Users' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create Event' })).toBeNull();
  });

  // The router alone, never rendered: any request for the board comes from the route's loader,
  // made before the page's code has loaded, not from the page.
  it.each([
    ['/public/events/e1/divisions/d1/leaderboard', '/api/public/events/e1/divisions/d1/leaderboard', publicQueries.divisionLeaderboard('e1', 'd1', false)],
    [
      '/public/events/e1/divisions/d1/workouts/w1/leaderboard?includeUnpublished=1',
      '/api/public/events/e1/divisions/d1/workouts/w1/leaderboard?includeUnpublished=true',
      publicQueries.workoutLeaderboard('e1', 'd1', 'w1', true),
    ],
  ])('asks for the board of %s while the page loads, into the query the page reads', async (start, request, query) => {
    const fetchSpy = mockFetch((url) => (url.pathname.endsWith('/leaderboard') ? { body: { standings: [] } } : undefined));
    const queryClient = createQueryClient();
    const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [start] });
    await waitFor(() => expect(queryClient.getQueryData(query.queryKey)).toEqual({ standings: [] }));
    expect(fetchSpy.mock.calls.map(([url]) => String(url))).toEqual([request]);
    router.dispose();
  });
});
