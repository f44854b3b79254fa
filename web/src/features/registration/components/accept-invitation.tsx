import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { FormField, Input } from '@/components/form-field';
import { errorMessage } from '@/components/error-panel';
import { ApiError } from '@/lib/api/client';
import { useAcceptInvitation, useInvitation, type EligibilityInput, type Invitation } from '../api/registration';
import { EligibilityFields, FIELDS, asked, type Asks } from './eligibility-fields';
import { StateBadge } from './state-badge';

/** What the invitation is for: the team, its division and the event (name, dates, place). */
function InvitationAbout({ invitation: i }: { invitation: Invitation }) {
  return (
    <div className="mb-4 rounded-xl border border-blue-200 bg-blue-50 p-4 text-sm text-blue-950" data-testid="invitation">
      <p className="text-base font-semibold">
        Team {i.teamName} · {i.divisionName}
      </p>
      <p className="mt-1">
        {i.captainName} invites you to{' '}
        <Link to={`/public/events/${i.eventId}`} className="font-medium underline">
          {i.eventName}
        </Link>
        , {i.eventDates}
        {i.eventLocation ? `, ${i.eventLocation}` : ''}.
      </p>
    </div>
  );
}

/** The partner's side: the code of the invitation link (or typed from the share code), accepted while signed in. */
export function AcceptInvitation({ initialCode, athlete, signInHref }: { initialCode: string; athlete: boolean; signInHref: string }) {
  const [code, setCode] = useState(initialCode);
  const [eligibility, setEligibility] = useState<EligibilityInput>({});
  const accept = useAcceptInvitation();
  const invitation = useInvitation(code);
  const i = invitation.data;
  const asks: Asks = { membership: !!i?.requiresMembership, birthDate: !!i?.birthDateRequired, categories: i?.categories ?? [] };
  const field = accept.error instanceof ApiError ? (accept.error.field ?? '') : '';
  const eligibilityField = (FIELDS as readonly string[]).includes(field);
  const fieldError = (f: string) => (field === f ? errorMessage(accept.error) : undefined);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    accept.mutate({ code, ...asked(asks, eligibility) });
  };
  if (accept.data)
    return (
      <div role="status" className="rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-900">
        <p className="font-medium">
          You joined team {accept.data.teamName} ({accept.data.eventName}, {accept.data.divisionName}).
        </p>
        <p className="mt-2 flex items-center gap-2">
          State: <StateBadge state={accept.data.state} label={accept.data.stateLabel} />
        </p>
        <Link to="/public/me/registrations" className="mt-2 inline-block font-medium text-blue-700 underline">
          My registrations
        </Link>
      </div>
    );
  const about = invitation.data && <InvitationAbout invitation={invitation.data} />;
  if (!athlete)
    return (
      <>
        {about}
        <p className="text-sm text-slate-700">
        <Link to={signInHref} className="font-medium text-blue-700 underline">
          Sign in as an athlete
        </Link>{' '}
        (or sign up) to accept the invitation.
        </p>
      </>
    );
  return (
    <form onSubmit={submit} className="max-w-sm space-y-3" noValidate>
      {about}
      <FormField label="Invitation or share code" htmlFor="accept-code" required error={accept.error && !eligibilityField ? errorMessage(accept.error) : undefined}>
        <Input id="accept-code" value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" className="font-mono uppercase" />
      </FormField>
      <EligibilityFields asks={asks} value={eligibility} onChange={setEligibility} fieldError={fieldError} idPrefix="accept" />

      <Button type="submit" loading={accept.isPending}>
        Join the team
      </Button>
    </form>
  );
}
