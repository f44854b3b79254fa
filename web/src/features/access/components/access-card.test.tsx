import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, storeValidSession } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { AccessCard } from './access-card';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SCORER_ID = '0b6c3f4e-2f39-4c1e-9f0a-5d2e7c1a9b11';

function serve(role: 'admin' | 'organiser') {
  let grants = [{ userId: 'u-org', username: 'org.anna', role: 'organiser' }];
  return mockFetch((url, init) => {
    if (url.pathname === '/api/auth/me') return { body: { id: 'u-me', username: 'me', role } };
    if (url.pathname === '/api/users') return { body: [{ id: SCORER_ID, username: 'judge.jo', role: 'scorer', disabled: false, createdAt: '', lastSignInAt: null }] };
    if (url.pathname === '/api/events/e1/access') return { body: grants };
    if (url.pathname === `/api/events/e1/access/${SCORER_ID}` && init.method === 'PUT') {
      grants = [...grants, { userId: SCORER_ID, username: 'judge.jo', role: 'scorer' }];
      return { body: grants[1] };
    }
    if (url.pathname === '/api/events/e1/access/u-org' && init.method === 'DELETE') return { status: 409, body: { code: 9, message: 'The last organiser stays.' } };
    return undefined;
  });
}

describe('AccessCard', () => {
  it('lets an organiser grant by user ID and lists the new scorer', async () => {
    storeValidSession();
    const fetchSpy = serve('organiser');
    renderWithApp(<AccessCard eventId="e1" />);
    const list = await screen.findByRole('list', { name: 'People with access' });
    expect(within(list).getByText('org.anna')).toBeInTheDocument();

    await userEvent.type(await screen.findByLabelText('User ID'), SCORER_ID);
    await userEvent.selectOptions(screen.getByLabelText('Access'), 'scorer');
    await userEvent.click(screen.getByRole('button', { name: 'Grant' }));
    expect(await within(list).findByText('judge.jo')).toBeInTheDocument();
    const put = fetchSpy.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ role: 'scorer' });
  });

  it('lets an admin pick the user and shows a refused removal', async () => {
    storeValidSession();
    serve('admin');
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderWithApp(<AccessCard eventId="e1" />);
    const user = await screen.findByLabelText('User');
    await screen.findByRole('option', { name: 'judge.jo (scorer)' });
    await userEvent.selectOptions(user, SCORER_ID);
    await userEvent.click(screen.getByRole('button', { name: 'Grant' }));
    expect(await screen.findByText('judge.jo')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove org.anna' }));
    expect(await screen.findByText('org.anna: The last organiser stays.')).toBeInTheDocument();
  });

  it('names a missing user before calling the server', async () => {
    storeValidSession();
    const fetchSpy = serve('organiser');
    renderWithApp(<AccessCard eventId="e1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Grant' }));
    expect(await screen.findByText('Choose the user to grant access to')).toBeInTheDocument();
    await waitFor(() => expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false));
  });
});
