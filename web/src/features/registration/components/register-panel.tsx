import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { FormField, Input, Select } from '@/components/form-field';
import { errorMessage } from '@/components/error-panel';
import { ApiError } from '@/lib/api/client';
import { useTranslation } from 'react-i18next';
import {
  useMyRegistrations,
  useRegister,
  useEventRegistration,
  type DivisionRegistration,
  type EligibilityInput,
  type RegisterInput,
  type Registration,
} from '../api/registration';
import { PAIR_SIZE, teamSizeOf } from '../rules/roster';
import { EligibilityFields, asked, type Asks } from './eligibility-fields';
import { TeamInvites } from './team-invites';
import { YourRegistrations } from './your-registrations';

type Props = {
  eventId: string;
  /** Whether an athlete is signed in; else the panel offers the sign-in. */
  athlete: boolean;
  /** Where an athlete signs in, coming back here afterwards. */
  signInHref: string;
  /** What the app adds once the athlete is registered for the event (the event's waiver, to
   * accept right away). */
  registeredExtra?: ReactNode;
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
export function RegisterPanel({ eventId, athlete, signInHref, registeredExtra }: Props) {
  const offer = useEventRegistration(eventId);
  const register = useRegister(eventId);
  const mine = useMyRegistrations(athlete);
  const here = (mine.data ?? []).filter((r) => r.eventId === eventId && r.state !== 'withdrawn' && r.state !== 'refused');
  const taken = new Set(here.map((r) => r.divisionId));
  const open = (offer.data?.divisions ?? []).filter((d) => takesTeams(d) && !taken.has(d.divisionId));
  const [divisionId, setDivisionId] = useState('');
  const [teamName, setTeamName] = useState('');
  const [partnerEmail, setPartnerEmail] = useState('');
  const [eligibility, setEligibility] = useState<EligibilityInput>({});
  const [partnerEmails, setPartnerEmails] = useState<string[]>([]);
  const [discountCode, setDiscountCode] = useState('');
  const { t } = useTranslation('site');
  const [done, setDone] = useState<Registration | null>(null);
  if (!offer.data || offer.data.divisions.length === 0) return null;
  const chosen = open.find((d) => d.divisionId === divisionId) ?? open[0];
  const asks: Asks = { membership: !!chosen?.requiresMembership, birthDate: !!chosen?.birthDateRequired, categories: chosen?.categories ?? [] };
  const error = register.error;
  const fieldError = (field: string) => (error instanceof ApiError && error.field === field ? error.message : undefined);

  const size = teamSizeOf(chosen?.teamSize);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input: RegisterInput = { divisionId: chosen?.divisionId ?? '', teamName, partnerEmail, ...asked(asks, eligibility) };
    if (discountCode.trim()) input.discountCode = discountCode.trim();
    if (size !== PAIR_SIZE) Object.assign(input, { partnerEmail: '', partnerEmails: partnerEmails.slice(0, size - 1) });
    register.mutate(input, { onSuccess: (r) => setDone(r) });
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
            {done.teamSize === 1 ? t('roster.doneAlone', { name: done.teamName, state: done.stateLabel }) : `Team ${done.teamName}: ${done.stateLabel}.`}
          </p>
          {done.shareCode && done.teamSize !== PAIR_SIZE && <p className="mt-1">{t('roster.shareCodeTeam', { code: done.shareCode })}</p>}
          {done.shareCode && done.teamSize === PAIR_SIZE && (
            <p className="mt-1">
              Your partner joins with the share code <strong className="font-mono tracking-wider">{done.shareCode}</strong>
              {done.partnerEmail ? ` (we also mailed ${done.partnerEmail})` : ''}.
            </p>
          )}
          {done.howToPay && <p className="mt-1 whitespace-pre-line">{done.howToPay}</p>}
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
          <FormField
            label={size === 1 ? t('roster.nameOnBoard') : 'Team name'}
            htmlFor="reg-team"
            required
            error={fieldError('teamName')}
            help={size === 1 ? t('roster.aloneHelp') : undefined}
          >
            <Input id="reg-team" value={teamName} onChange={(e) => setTeamName(e.target.value)} invalid={!!fieldError('teamName')} autoComplete="off" />
          </FormField>
          {size > PAIR_SIZE && (
            <TeamInvites size={size} emails={partnerEmails} onChange={setPartnerEmails} error={error} />
          )}
          {size === PAIR_SIZE && (
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
          )}
          <EligibilityFields asks={asks} value={eligibility} onChange={setEligibility} fieldError={fieldError} idPrefix="reg" />
          {chosen && chosen.settings.feeCents > 0 && (
            <FormField label={t('discount.code')} htmlFor="reg-discount" error={fieldError('code')} help={t('discount.codeHelp')}>
              <Input
                id="reg-discount"
                value={discountCode}
                onChange={(e) => setDiscountCode(e.target.value)}
                invalid={!!fieldError('code')}
                autoComplete="off"
                autoCapitalize="characters"
              />
            </FormField>
          )}
          <div className="flex flex-wrap items-center gap-3 sm:col-span-3">
            <Button type="submit" loading={register.isPending}>
              {chosen && chosen.placesLeft === 0 ? 'Join the waiting list' : size === 1 ? t('roster.registerAlone') : 'Register team'}
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
      {(done || here.length > 0) && registeredExtra}
    </section>
  );
}
