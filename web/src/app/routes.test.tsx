import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, storeValidSession } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { routes } from './routes';

afterEach(() => vi.unstubAllGlobals());

const answerEmptyLists = () => mockFetch((url) => (url.pathname === '/api/events' ? { body: [] } : undefined));

async function pathAfter(start: string): Promise<string> {
  const { router } = renderWithApp(routes, start);
  let path = '';
  await waitFor(() => {
    path = router.state.location.pathname;
    expect(router.state.navigation.state).toBe('idle');
    expect(path).not.toBe(start);
  });
  return path;
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

  it('shows the admin frame and signs out to /login', async () => {
    storeValidSession();
    answerEmptyLists();
    const { router } = renderWithApp(routes, '/admin/events');
    expect(await screen.findByText('No events found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Public Site' })).toHaveAttribute('href', '/public/events');
    expect(screen.getByText('Podium — Competition Management System')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('podium.token')).toBeNull();
  });
});
