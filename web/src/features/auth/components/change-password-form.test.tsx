import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, storeValidSession } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { PASSWORD_CHANGED, ChangePasswordForm } from './change-password-form';

afterEach(() => vi.unstubAllGlobals());

const fill = async (current: string, next: string, repeat = next) => {
  await userEvent.type(screen.getByLabelText(/^Current password/), current);
  await userEvent.type(screen.getByLabelText(/^New password/), next);
  await userEvent.type(screen.getByLabelText(/^Repeat new password/), repeat);
  await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
};

describe('ChangePasswordForm', () => {
  it('stores the new session the server answers', async () => {
    storeValidSession();
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const fetchSpy = mockFetch((url) => (url.pathname === '/api/auth/password' ? { body: { token: 'new-tok', username: 'admin', expiresAt } } : undefined));
    renderWithApp(<ChangePasswordForm />);
    await fill('old password!', 'a brand new password');
    expect(await screen.findByText(PASSWORD_CHANGED)).toBeInTheDocument();
    expect(localStorage.getItem('podium.token')).toBe('new-tok');
    const [, init] = fetchSpy.mock.calls.find(([url]) => String(url) === '/api/auth/password')!;
    expect(JSON.parse(String(init?.body))).toEqual({ currentPassword: 'old password!', newPassword: 'a brand new password' });
  });

  it('checks length and repetition before the call, and shows the server refusal', async () => {
    storeValidSession();
    const fetchSpy = mockFetch(() => ({ status: 400, body: { code: 3, message: 'newPassword: this password is too common' } }));
    renderWithApp(<ChangePasswordForm />);
    await fill('old password!', 'short');
    expect(screen.getByText('Password must be at least 12 characters')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText(/^New password/));
    await userEvent.type(screen.getByLabelText(/^New password/), 'password1234');
    await userEvent.clear(screen.getByLabelText(/^Repeat new password/));
    await userEvent.type(screen.getByLabelText(/^Repeat new password/), 'password1234');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('newPassword: this password is too common')).toBeInTheDocument();
    expect(localStorage.getItem('podium.token')).toBe('tok');
  });
});
