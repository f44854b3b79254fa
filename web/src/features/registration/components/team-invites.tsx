import { useTranslation } from 'react-i18next';
import { FormField, Input } from '@/components/form-field';
import { ApiError } from '@/lib/api/client';

/** A team of more than two invites its other athletes: one optional address per place, the rest join with the share code. */
export function TeamInvites({ size, emails, onChange, error }: { size: number; emails: string[]; onChange: (emails: string[]) => void; error: unknown }) {
  const { t } = useTranslation('site');
  const fieldError = (i: number) =>
    error instanceof ApiError && (error.field === `partnerEmails[${i}]` || (i === 0 && error.field === 'partnerEmails')) ? error.message : undefined;
  const set = (i: number, value: string) => {
    const next = Array.from({ length: size - 1 }, (_, j) => emails[j] ?? '');
    next[i] = value;
    onChange(next);
  };
  return (
    <fieldset className="sm:col-span-3">
      <legend className="text-sm font-medium text-slate-700">{t('roster.invitesTitle', { count: size - 1 })}</legend>
      <p className="mb-2 text-xs text-slate-500">{t('roster.invitesHelp')}</p>
      <div className="grid gap-3 sm:grid-cols-3">
        {Array.from({ length: size - 1 }, (_, i) => (
          <FormField key={i} label={t('roster.athleteEmail', { place: i + 2 })} htmlFor={`reg-invite-${i}`} error={fieldError(i)}>
            <Input
              id={`reg-invite-${i}`}
              type="email"
              value={emails[i] ?? ''}
              onChange={(e) => set(i, e.target.value)}
              invalid={!!fieldError(i)}
              autoComplete="off"
            />
          </FormField>
        ))}
      </div>
    </fieldset>
  );
}
