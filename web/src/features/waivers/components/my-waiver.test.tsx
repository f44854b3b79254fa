import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { GuardianWaiverPage } from './guardian-waiver';
import { MyWaiverPanel } from './my-waiver';

afterEach(() => vi.unstubAllGlobals());

const waiver = { eventId: 'ev1', version: 2, body: '# Waiver\n\nAt **my own risk**.', createdAt: '2026-11-29T10:00:00Z' };
const state = (s: string) => ({ registrationId: 'r1', athleteId: 'a1', athleteName: 'Mia Minor', state: s, stateLabel: '', acceptedVersion: 0 });

describe('MyWaiverPanel', () => {
  it('asks a minor for the guardian, keeps what was typed when refused, then closes and says where the link went', async () => {
    let answer: { status?: number; body: unknown } = {
      status: 400,
      body: { code: 3, message: "Your guardian's email address must not be your own", field: 'guardianEmail' },
    };
    const fetchSpy = mockFetch((url, init) => {
      if (url.pathname === '/api/waivers/mine/ev1' && init.method !== 'POST') return { body: { eventId: 'ev1', eventName: 'Games', waiver, state: state('missing'), minor: true } };
      if (url.pathname === '/api/waivers/mine/ev1/accept') return answer;
      return undefined;
    });
    renderWithApp(<MyWaiverPanel eventId="ev1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Read and accept the waiver' }));
    expect(screen.getByText('my own risk')).toBeInTheDocument(); // the Markdown, rendered
    await userEvent.type(screen.getByLabelText(/^Your full name/), 'Mia Minor');
    await userEvent.type(screen.getByLabelText(/^Guardian's email address/), 'mia@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send the waiver to my guardian' }));
    expect(await screen.findByText("Your guardian's email address must not be your own")).toBeInTheDocument();
    expect(screen.getByLabelText(/^Your full name/)).toHaveValue('Mia Minor');
    expect(screen.getByLabelText(/^Guardian's email address/)).toHaveValue('mia@example.com');

    answer = {
      body: {
        eventId: 'ev1', eventName: 'Games', waiver, state: state('guardian_pending'), minor: true, guardianEmail: 'parent@example.com',
        message: 'You are under 18 on the event date: we mailed the waiver to parent@example.com to accept for you.',
      },
    };
    await userEvent.clear(screen.getByLabelText(/^Guardian's email address/));
    await userEvent.type(screen.getByLabelText(/^Guardian's email address/), 'parent@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send the waiver to my guardian' }));
    expect(await screen.findByText('Sent to parent@example.com — waiting for the guardian')).toBeInTheDocument();
    const [, init] = fetchSpy.mock.calls.filter(([url]) => String(url).endsWith('/accept')).at(-1)!;
    expect(JSON.parse(String(init?.body))).toEqual({ version: 2, fullName: 'Mia Minor', guardianEmail: 'parent@example.com' });
    // Sent: the form is closed; "Send again" opens it with the guardian's address filled in.
    expect(screen.queryByLabelText(/^Your full name/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send again' }));
    expect(screen.getByLabelText(/^Guardian's email address/)).toHaveValue('parent@example.com');
    expect(screen.getByRole('button', { name: 'Send the waiver to my guardian' })).toBeInTheDocument();
  });

  it('shows nothing when the event has no waiver', async () => {
    mockFetch((url) => (url.pathname === '/api/waivers/mine/ev1' ? { body: { eventId: 'ev1', waiver: { ...waiver, version: 0, body: '' }, state: state('not_required') } } : undefined));
    const { container } = renderWithApp(<MyWaiverPanel eventId="ev1" />);
    await vi.waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(container.querySelector('section')).toBeNull();
  });
});

describe('GuardianWaiverPage', () => {
  it('keeps the typed name when the link is refused, and says why', async () => {
    mockFetch((url) => {
      if (url.pathname === '/api/waivers/guardian/k1') return { body: { eventName: 'Games', eventDate: '2026-12-05', athleteName: 'Mia Minor', waiver, accepted: false } };
      if (url.pathname === '/api/waivers/guardian/k1/accept') return { status: 409, body: { code: 9, message: 'This guardian link has already been used' } };
      return undefined;
    });
    renderWithApp(<GuardianWaiverPage linkKey="k1" />);
    expect(await screen.findByRole('heading', { name: 'Waiver for Mia Minor at Games' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Your full name \(guardian\)/), 'Paula Parent');
    await userEvent.click(screen.getByRole('button', { name: 'I accept the waiver for Mia Minor' }));
    expect(await screen.findByText('Not accepted: This guardian link has already been used')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Your full name \(guardian\)/)).toHaveValue('Paula Parent');
  });
});
