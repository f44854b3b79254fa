import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-panel';
import { FormField, Input, Select, Textarea } from '@/components/form-field';
import { ApiError } from '@/lib/api/client';
import { localToIso } from '@/lib/heat-time';
import { useSignUpVolunteer, type SignUpInput } from '../api/volunteer';
import { needsCredential, ROLE_LABEL, ROLES } from '../rules/crew';
import { AvailabilityFields, type LocalWindow } from './availability-fields';

type Props = {
  eventId: string;
  /** Whether an athlete is signed in: their account's name and confirmed address are used. */
  athlete: boolean;
  signInHref: string;
};

const SHOWN_FIELDS = ['name', 'email', 'roles', 'availability', 'credential', 'credential.course', 'credential.level', 'credential.validUntil', 'notes'];

const EMPTY_CREDENTIAL = { course: '', level: 1, number: '', validUntil: '' };

/**
 * The public event page's volunteer sign-up (docs/crew.md, "Sign-up"), made for a phone: roles,
 * availability, the judge credential, club and notes. What was typed stays after a refusal, with
 * the message under the field the server named.
 */
export function VolunteerSignUp({ eventId, athlete, signInHref }: Props) {
  const { t } = useTranslation('site');
  const signUp = useSignUpVolunteer(eventId);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<string[]>([]);
  const [windows, setWindows] = useState<LocalWindow[]>([]);
  const [credential, setCredential] = useState(EMPTY_CREDENTIAL);
  const [club, setClub] = useState('');
  const [notes, setNotes] = useState('');
  const error = signUp.error;
  const fieldError = (...fields: string[]) => (error instanceof ApiError && fields.includes(error.field ?? '') ? error.message : undefined);
  // A refusal naming a field the form shows is said under that field; any other in full.
  const shownElsewhere = error instanceof ApiError && SHOWN_FIELDS.includes(error.field ?? '') && (!athlete || !['name', 'email'].includes(error.field ?? ''));

  const toggle = (role: string) => setRoles((rs) => (rs.includes(role) ? rs.filter((r) => r !== role) : [...rs, role]));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input: SignUpInput = {
      name,
      email,
      roles,
      // An unreadable field goes as typed, so the server's message names it.
      availability: windows.map((w) => ({ startsAt: localToIso(w.start) || w.start, endsAt: localToIso(w.end) || w.end })),
      credential: needsCredential(roles) ? credential : undefined,
      notes,
      club,
    };
    signUp.mutate(input);
  };

  if (signUp.data)
    return (
      <section id="volunteer" className="mb-6 rounded-xl border border-green-200 bg-green-50 p-5 text-sm text-green-900" role="status">
        <h2 className="mb-1 text-lg font-semibold">{t('crew.signUp.thanks')}</h2>
        <p>{signUp.data.confirmed ? t('crew.signUp.linkMailed') : t('crew.signUp.confirmMailed')}</p>
      </section>
    );

  return (
    <section id="volunteer" className="mb-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="mb-1 text-lg font-semibold text-slate-900">{t('crew.signUp.title')}</h2>
      <p className="text-sm text-slate-600">{t('crew.signUp.intro')}</p>
      {!open ? (
        <Button className="mt-3 min-h-11 w-full sm:w-auto" onClick={() => setOpen(true)}>
          {t('crew.signUp.open')}
        </Button>
      ) : (
        <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
          {athlete ? (
            <p className="rounded-md bg-slate-50 p-2 text-sm text-slate-700">{t('crew.signUp.withAccount')}</p>
          ) : (
            <>
              <p className="text-sm text-slate-600">
                {t('crew.signUp.haveAccount')}{' '}
                <Link to={signInHref} className="font-medium text-blue-700 underline">
                  {t('crew.signUp.signIn')}
                </Link>
              </p>
              <FormField label={t('crew.signUp.name')} htmlFor="volunteer-name" required error={fieldError('name')}>
                <Input id="volunteer-name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} invalid={!!fieldError('name')} className="min-h-11" />
              </FormField>
              <FormField label={t('crew.signUp.email')} htmlFor="volunteer-email" required error={fieldError('email')} help={t('crew.signUp.emailHelp')}>
                <Input
                  id="volunteer-email"
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  invalid={!!fieldError('email')}
                  className="min-h-11"
                />
              </FormField>
            </>
          )}
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">
              {t('crew.signUp.roles')}
              <span className="ml-0.5 text-red-600" aria-hidden="true">
                *
              </span>
            </legend>
            <div className="mt-1 grid grid-cols-2 gap-2">
              {ROLES.map((role) => (
                <label key={role} className="flex min-h-11 items-center gap-2 rounded-md border border-slate-200 px-3 text-sm">
                  <input type="checkbox" checked={roles.includes(role)} onChange={() => toggle(role)} className="h-4 w-4" />
                  {t(ROLE_LABEL[role])}
                </label>
              ))}
            </div>
            {fieldError('roles') && (
              <p role="alert" className="mt-1 text-xs text-red-600">
                {fieldError('roles')}
              </p>
            )}
          </fieldset>
          <AvailabilityFields windows={windows} onChange={setWindows} error={fieldError('availability')} />
          {needsCredential(roles) && (
            <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
              <legend className="px-1 text-sm font-medium text-slate-700">{t('crew.signUp.credential')}</legend>
              {fieldError('credential') && (
                <p role="alert" className="text-xs text-red-600">
                  {fieldError('credential')}
                </p>
              )}
              <FormField label={t('crew.signUp.course')} htmlFor="cred-course" required error={fieldError('credential.course')}>
                <Input id="cred-course" value={credential.course} onChange={(e) => setCredential({ ...credential, course: e.target.value })} className="min-h-11" />
              </FormField>
              <div className="grid grid-cols-2 gap-3">
                <FormField label={t('crew.signUp.level')} htmlFor="cred-level" required error={fieldError('credential.level')}>
                  <Select id="cred-level" value={credential.level} onChange={(e) => setCredential({ ...credential, level: Number(e.target.value) })} className="min-h-11">
                    {[1, 2, 3, 4].map((l) => (
                      <option key={l} value={l}>
                        {l}
                      </option>
                    ))}
                  </Select>
                </FormField>
                <FormField label={t('crew.signUp.number')} htmlFor="cred-number">
                  <Input id="cred-number" value={credential.number} onChange={(e) => setCredential({ ...credential, number: e.target.value })} className="min-h-11" />
                </FormField>
              </div>
              <FormField label={t('crew.signUp.validUntil')} htmlFor="cred-valid" required error={fieldError('credential.validUntil')}>
                <Input
                  id="cred-valid"
                  type="date"
                  value={credential.validUntil}
                  onChange={(e) => setCredential({ ...credential, validUntil: e.target.value })}
                  className="min-h-11"
                />
              </FormField>
            </fieldset>
          )}
          <FormField label={t('crew.signUp.club')} htmlFor="volunteer-club" help={t('crew.signUp.clubHelp')}>
            <Input id="volunteer-club" value={club} onChange={(e) => setClub(e.target.value)} className="min-h-11" />
          </FormField>
          <FormField label={t('crew.signUp.notes')} htmlFor="volunteer-notes" error={fieldError('notes')}>
            <Textarea id="volunteer-notes" rows={3} value={notes} onChange={(e) => setNotes(e.target.value)} />
          </FormField>
          {error && !shownElsewhere && (
            <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-700">
              {t('crew.signUp.failed', { message: errorMessage(error) })}
            </p>
          )}
          {error && shownElsewhere && (
            <p role="alert" className="text-sm text-red-700">
              {t('crew.signUp.fixFields')}
            </p>
          )}
          <Button type="submit" loading={signUp.isPending} className="min-h-11 w-full sm:w-auto">
            {t('crew.signUp.submit')}
          </Button>
        </form>
      )}
    </section>
  );
}
