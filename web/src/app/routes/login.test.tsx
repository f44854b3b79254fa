import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import LoginRoute from './login';

afterEach(() => vi.unstubAllGlobals());

/** The Login route, reached (as the guard does) with the page the user came from in the location state. */
async function renderLogin(from?: string) {
  const view = renderWithApp(
    [
      { path: '/login', element: <LoginRoute /> },
      { path: '*', element: <p>landed</p> },
    ],
    '/login',
  );
  await view.router.navigate('/login', { state: from ? { from } : undefined });
  return view;
}

describe('Login screen', () => {
  it('says why after a 401 signed the user out, and that typed data comes back', async () => {
    const view = renderWithApp([{ path: '/login', element: <LoginRoute /> }], '/login');
    expect(screen.queryByRole('status')).toBeNull();
    await view.router.navigate('/login', { state: { from: '/admin/events/e1', signedOut: true } });
    expect(await screen.findByRole('status')).toHaveTextContent('You were signed out (your session ended)');
    expect(screen.getByRole('status')).toHaveTextContent('what you had typed is kept and comes back');
  });

  it('offers a judge who reached it from /judge the card code page', async () => {
    mockFetch(() => undefined);
    await renderLogin('/judge');
    expect(await screen.findByRole('link', { name: 'Judging with a card? Type its code' })).toHaveAttribute('href', '/judge/code');
  });

  it('offers the card code page to no one else', async () => {
    mockFetch(() => undefined);
    await renderLogin('/admin/events');
    await screen.findByLabelText(/Username/);
    expect(screen.queryByRole('link', { name: /Type its code/ })).toBeNull();
  });

  it('requires both fields, with the username trimmed', async () => {
    const fetchSpy = mockFetch(() => undefined);
    await renderLogin();
    await userEvent.type(await screen.findByLabelText(/Username/), '   ');
    await userEvent.type(screen.getByLabelText(/Password/), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter both username and password');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows the credentials message on 401, clears the password and clears the error on typing', async () => {
    mockFetch(() => ({ status: 401, body: { code: 16, message: 'bad' } }));
    await renderLogin();
    await userEvent.type(await screen.findByLabelText(/Username/), 'admin');
    await userEvent.type(screen.getByLabelText(/Password/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials. Please try again.');
    expect(screen.getByLabelText(/Password/)).toHaveValue('');
    await userEvent.type(screen.getByLabelText(/Password/), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the server\'s lockout message, with when to try again', async () => {
    mockFetch(() => ({ status: 429, body: { code: 8, message: 'Too many failed sign-in attempts. Please try again in 15 minutes.' } }));
    await renderLogin();
    await userEvent.type(await screen.findByLabelText(/Username/), 'admin');
    await userEvent.type(screen.getByLabelText(/Password/), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many failed sign-in attempts. Please try again in 15 minutes.');
  });

  it('shows the generic message on other errors', async () => {
    mockFetch(() => ({ status: 503, body: { code: 14, message: 'down' } }));
    await renderLogin();
    await userEvent.type(await screen.findByLabelText(/Username/), 'admin');
    await userEvent.type(screen.getByLabelText(/Password/), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred during login. Please try again.');
  });

  it('stores the session and returns to the page the user came from', async () => {
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    mockFetch((url) => (url.pathname === '/api/auth/login' ? { body: { token: 'jwt', username: 'admin', expiresAt } } : undefined));
    const view = await renderLogin('/admin/events/42');
    await userEvent.type(await screen.findByLabelText(/Username/), ' admin ');
    await userEvent.type(screen.getByLabelText(/Password/), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/admin/events/42'));
    expect(localStorage.getItem('podium.token')).toBe('jwt');
    expect(localStorage.getItem('podium.username')).toBe('admin');
    expect(localStorage.getItem('podium.expiresAt')).toBe(expiresAt);
  });
});
