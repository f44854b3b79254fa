import { useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { FormField, Input } from '@/components/form-field';
import { InlineAlert } from '@/components/inline-alert';
import { useValidatedForm } from '@/components/use-validated-form';
import type { AthleteProfile } from '@/lib/api/types';
import { useUpdateProfile } from '../api/athlete';
import { validateProfile, type ProfileValues } from '../rules/account-rules';
import { splitServerError } from './server-errors';

const FIELDS = ['firstName', 'lastName', 'club', 'country', 'birthYear'] as const;

const valuesOf = (p: AthleteProfile): ProfileValues => ({
  firstName: p.firstName,
  lastName: p.lastName,
  club: p.club,
  country: p.country,
  birthYear: p.birthYear === null ? '' : String(p.birthYear),
});

/** The athlete's profile. A failed save keeps what was typed and says what is wrong. */
export function ProfileForm({ profile }: { profile: AthleteProfile }) {
  const { values, errors, set, check } = useValidatedForm(valuesOf(profile), validateProfile);
  const update = useUpdateProfile();
  const [saved, setSaved] = useState(false);
  const server = splitServerError(update.error, FIELDS);

  const edit = (key: keyof ProfileValues, value: string) => {
    setSaved(false);
    if (update.isError) update.reset();
    set(key, value);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = check();
    if (!valid) return;
    const year = valid.birthYear.trim();
    update.mutate(
      { firstName: valid.firstName.trim(), lastName: valid.lastName.trim(), club: valid.club.trim(), country: valid.country.trim(), birthYear: year ? Number(year) : null },
      { onSuccess: () => setSaved(true) },
    );
  };

  const fieldError = (key: keyof ProfileValues) => errors[key] ?? (server.field === key ? server.fieldMessage : undefined);
  const text = (key: Exclude<keyof ProfileValues, 'birthYear'>, label: string, autoComplete: string, required = false) => (
    <FormField label={label} htmlFor={`profile-${key}`} required={required} error={fieldError(key)}>
      <Input id={`profile-${key}`} autoComplete={autoComplete} value={values[key]} invalid={!!fieldError(key)} onChange={(e) => edit(key, e.target.value)} />
    </FormField>
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {text('firstName', 'First name', 'given-name', true)}
        {text('lastName', 'Last name', 'family-name', true)}
      </div>
      {text('club', 'Club or box', 'organization')}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('country', 'Country', 'country-name')}
        <FormField label="Birth year" htmlFor="profile-birthYear" error={fieldError('birthYear')} help="Optional">
          <Input
            id="profile-birthYear"
            inputMode="numeric"
            autoComplete="bday-year"
            placeholder="e.g. 1994"
            value={values.birthYear}
            invalid={!!fieldError('birthYear')}
            onChange={(e) => edit('birthYear', e.target.value)}
          />
        </FormField>
      </div>
      <InlineAlert message={server.formMessage ?? null} />
      {saved && (
        <p role="status" className="text-sm text-green-700">
          Profile saved.
        </p>
      )}
      <Button type="submit" className="w-full sm:w-auto" loading={update.isPending}>
        Save profile
      </Button>
    </form>
  );
}
