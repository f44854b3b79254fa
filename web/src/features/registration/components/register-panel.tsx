import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { FormField, Input, Select } from '@/components/form-field';
import { errorMessage } from '@/components/error-panel';
import { ApiError } from '@/lib/api/client';
import { useMyRegistrations, useRegister, useEventRegistration, type DivisionRegistration, type Registration } from '../api/registration';
import { YourRegistrations } from './your-registrations';

type Props = {
  eventId: string;
  /** Whether an athlete is signed in; else the panel offers the sign-in. */
  athlete: boolean;
  /** Where an athlete signs in, coming back here afterwards. */
  signInHref: string;
};

function DivisionOffer({ d }: { d: DivisionRegistration }) {
  const full = d.placesLeft === 0;
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
      <span className="font-medium text-slate-900">{d.divisionName}</span>
      <span className="text-sm text-slate-600">
        {d.windowLabel} · {d.feeLabel} ·{' '}
        {full
          ? d.settings.waitlist
            ? `Full: waiting list (${d.waitlistLength})`
            : 'Full'
          : `${d.placesLeft} ${d.placesLeft === 1 ? 'place' : 'places'} left`}
      </span>
    </li>
  );
}

/** A division that takes a team now: open, with a place or a waiting list. */
const takesTeams = (d: DivisionRegistration) => d.window === 'open' && (d.placesLeft > 0 || d.settings.waitlist);

/**
 * The public event page's registration: the open divisions and, for a signed-in athlete, their
 * registrations here (state and what next) and the form for the divisions they are not in yet.
 */
export function RegisterPanel({ eventId, athlete, signInHref }: Props) {
  const offer = useEventRegistration(eventId);
  const register = useRegister(eventId);
  const mine = useMyRegistrations(athlete);
  const here = (mine.data ?? []).filter((r) => r.eventId === eventId && r.state !== 'withdrawn' && r.state !== 'refused');
  const taken = new Set(here.map((r) => r.divisionId));
  const open = (offer.data?.divisions ?? []).filter((d) => takesTeams(d) && !taken.has(d.divisionId));
  const [divisionId, setDivisionId] = useState('');
  const [teamName, setTeamName] = useState('');
  const [partnerEmail, setPartnerEmail] = useState('');
  const [done, setDone] = useState<Registration | null>(null);
  if (!offer.data || offer.data.divisions.length === 0) return null;
  const chosen = open.find((d) => d.divisionId === divisionId) ?? open[0];
  const error = register.error;
  const fieldError = (field: string) => (error instanceof ApiError && error.field === field ? error.message : undefined);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    register.mutate({ divisionId: chosen?.divisionId ?? '', teamName, partnerEmail }, { onSuccess: (r) => setDone(r) });
  };

  return (
    <section id="register" className="mb-6 rounded-xl border border-blue-200 bg-white p-5 shadow-sm">
      <h2 className="mb-2 text-lg font-semibold text-slate-900">Registration</h2>
      <ul className="divide-y divide-slate-100">
        {offer.data.divisions.map((d) => (
          <DivisionOffer key={d.divisionId} d={d} />
        ))}
      </ul>
      {here.some((r) => r.id !== done?.id) && <YourRegistrations registrations={here.filter((r) => r.id !== done?.id)} />}
      {done ? (
        <div role="status" className="mt-4 rounded-md bg-green-50 p-4 text-sm text-green-900">
          <p className="font-medium">
            Team {done.teamName}: {done.stateLabel}.
          </p>
          {done.shareCode && (
            <p className="mt-1">
              Your partner joins with the share code <strong className="font-mono tracking-wider">{done.shareCode}</strong>
              {done.partnerEmail ? ` (we also mailed ${done.partnerEmail})` : ''}.
            </p>
          )}
          {done.howToPay && <p className="mt-1">{done.howToPay}</p>}
          <Link to="/public/me/registrations" className="mt-2 inline-block font-medium text-blue-700 underline">
            My registrations
          </Link>
        </div>
      ) : open.length === 0 || (athlete && mine.isPending) ? null : !athlete ? (
        <p className="mt-4 text-sm text-slate-700">
          <Link to={signInHref} className="font-medium text-blue-700 underline">
            Sign in as an athlete
          </Link>{' '}
          to register a team.
        </p>
      ) : (
        <form onSubmit={submit} className="mt-4 grid gap-3 sm:grid-cols-3" noValidate>
          <FormField label="Division" htmlFor="reg-division" required error={fieldError('divisionId')}>
            <Select id="reg-division" value={chosen?.divisionId ?? ''} onChange={(e) => setDivisionId(e.target.value)} invalid={!!fieldError('divisionId')}>
              {open.map((d) => (
                <option key={d.divisionId} value={d.divisionId}>
                  {d.divisionName}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Team name" htmlFor="reg-team" required error={fieldError('teamName')}>
            <Input id="reg-team" value={teamName} onChange={(e) => setTeamName(e.target.value)} invalid={!!fieldError('teamName')} autoComplete="off" />
          </FormField>
          <FormField
            label="Partner's email"
            htmlFor="reg-partner"
            error={fieldError('partnerEmail')}
            help="Optional: we mail them an invitation. Or pass on the share code you get."
          >
            <Input
              id="reg-partner"
              type="email"
              value={partnerEmail}
              onChange={(e) => setPartnerEmail(e.target.value)}
              invalid={!!fieldError('partnerEmail')}
              autoComplete="off"
            />
          </FormField>
          <div className="flex flex-wrap items-center gap-3 sm:col-span-3">
            <Button type="submit" loading={register.isPending}>
              {chosen && chosen.placesLeft === 0 ? 'Join the waiting list' : 'Register team'}
            </Button>
            {chosen && chosen.placesLeft === 0 && (
              <span className="text-sm text-slate-600">
                {chosen.divisionName} is full: your team joins its waiting list and gets the next free place.
              </span>
            )}
            {error && !fieldError(error instanceof ApiError ? (error.field ?? '') : '') && (
              <span role="alert" className="text-sm text-red-700">
                Registration failed: {errorMessage(error)}
              </span>
            )}
          </div>
        </form>
      )}
    </section>
  );
}
