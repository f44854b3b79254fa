import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { VolunteerSignUp } from './volunteer-sign-up';

describe('VolunteerSignUp', () => {
  it('shows a refusal under the field it names, keeps what was typed, and sends it all again', async () => {
    const bodies: Record<string, unknown>[] = [];
    mockFetch((url, init) => {
      if (url.pathname !== '/api/crew/events/e1/volunteers') return undefined;
      bodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      return bodies.length === 1
        ? { status: 400, body: { code: 3, message: "The judge credential is valid until 2026-05-31, before the event's last day (2026-06-01)", field: 'credential.validUntil' } }
        : { body: { id: 'v1', confirmed: false, message: '' } };
    });
    const user = userEvent.setup();
    renderWithApp(<VolunteerSignUp eventId="e1" athlete={false} signInHref="/public/athlete/sign-in" />);
    await user.click(await screen.findByRole('button', { name: 'Sign up as a volunteer' }));
    await user.type(screen.getByLabelText(/^Name/), 'Ann');
    await user.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    await user.click(screen.getByRole('checkbox', { name: 'Judge' }));
    await user.type(screen.getByLabelText(/^Course/), 'Judges Course');
    await user.type(screen.getByLabelText(/^Valid until/), '2026-05-31');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByText("The judge credential is valid until 2026-05-31, before the event's last day (2026-06-01)")).toBeInTheDocument();
    expect(screen.getByText('Not signed up: please correct the field marked above.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Ann');
    expect(screen.getByLabelText(/^Course/)).toHaveValue('Judges Course');
    expect(bodies[0]).toMatchObject({ name: 'Ann', email: 'ann@example.com', roles: ['judge'], credential: { course: 'Judges Course', level: 1, validUntil: '2026-05-31' } });

    await user.clear(screen.getByLabelText(/^Valid until/));
    await user.type(screen.getByLabelText(/^Valid until/), '2027-05-31');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Confirm your address with the link we mailed you; it also opens your volunteer page.')).toBeInTheDocument();
    expect(bodies[1]).toMatchObject({ name: 'Ann', credential: { validUntil: '2027-05-31' } });
  });
});
