import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAthleteSession, saveAthleteSession } from '@/lib/athlete-session';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { RegisterPanel } from './register-panel';

afterEach(() => {
  vi.unstubAllGlobals();
  clearAthleteSession();
});

const settings = { divisionId: 'd1', eventId: 'ev1', configured: true, waitlist: false, capacity: 10, feeCents: 4000, currency: 'EUR' };
const division = (asks: object) => ({
  divisionId: 'd1', divisionName: 'Masters Mixed', settings, window: 'open', placesLeft: 5, waitlistLength: 0,
  windowLabel: 'Open', feeLabel: '40.00 EUR', requiresMembership: false, birthDateRequired: false, categories: [], ...asks,
});

describe('RegisterPanel', () => {
  it('asks what the division requires, shows the refusal naming the rule under its field and keeps what was typed', async () => {
    saveAthleteSession({ token: 'athlete-tok', email: 'ann@example.com', expiresAt: '2999-01-01T00:00:00Z' });
    const fetchSpy = mockFetch((url, init) => {
      if (url.pathname === '/api/registration/events/ev1' && init.method !== 'POST')
        return { body: { eventId: 'ev1', eventName: 'Games', divisions: [division({ requiresMembership: true, birthDateRequired: true, categories: ['women', 'men'] })] } };
      if (url.pathname === '/api/registration/mine') return { body: [] };
      if (url.pathname === '/api/registration/events/ev1/registrations')
        return {
          status: 400,
          body: { code: 3, field: 'memberNumber', message: 'Membership: member number 200 was valid until 2027-01-31, before the event on 2027-03-10. The organiser can let you in with an override.' },
        };
      return undefined;
    });
    renderWithApp(<RegisterPanel eventId="ev1" athlete signInHref="/sign-in" />);
    await userEvent.type(await screen.findByLabelText(/^Team name/), 'Lee Pair');
    await userEvent.type(screen.getByLabelText(/^Federation member number/), '200');
    await userEvent.type(screen.getByLabelText(/^Birth date/), '1990-04-02');
    await userEvent.selectOptions(screen.getByLabelText(/^Category/), 'women');
    await userEvent.click(screen.getByRole('button', { name: 'Register team' }));
    expect(await screen.findByText(/^Membership: member number 200 was valid until 2027-01-31/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Federation member number/)).toHaveValue('200');
    const [, init] = fetchSpy.mock.calls.filter(([url]) => String(url).endsWith('/registrations')).at(-1)!;
    expect(JSON.parse(String(init?.body))).toEqual({
      divisionId: 'd1', teamName: 'Lee Pair', partnerEmail: '', memberNumber: '200', birthDate: '1990-04-02', category: 'women',
    });
  });

  it('asks nothing more of a division without eligibility rules', async () => {
    saveAthleteSession({ token: 'athlete-tok', email: 'ann@example.com', expiresAt: '2999-01-01T00:00:00Z' });
    mockFetch((url) => {
      if (url.pathname === '/api/registration/events/ev1') return { body: { eventId: 'ev1', eventName: 'Games', divisions: [division({})] } };
      if (url.pathname === '/api/registration/mine') return { body: [] };
      return undefined;
    });
    renderWithApp(<RegisterPanel eventId="ev1" athlete signInHref="/sign-in" />);
    await screen.findByLabelText(/^Team name/);
    expect(screen.queryByLabelText(/^Federation member number/)).toBeNull();
    expect(screen.queryByLabelText(/^Birth date/)).toBeNull();
  });
});
