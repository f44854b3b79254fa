import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-panel';
import { FormField, Input } from '@/components/form-field';
import { Markdown } from '@/components/markdown';
import { ApiError } from '@/lib/api/client';
import { useAcceptGuardianWaiver, useGuardianWaiver, type GuardianWaiver } from '../api/waivers';

/** What a guardian's mailed link opens: the waiver and the minor it is for; the guardian types
 * their full name to accept. The link works once, until the event is over. */
export function GuardianWaiverPage({ linkKey }: { linkKey: string }) {
  const { t } = useTranslation('site');
  const query = useGuardianWaiver(linkKey);
  const accept = useAcceptGuardianWaiver(linkKey);
  if (query.isPending) return <p className="text-sm text-slate-500">{t('waivers.loading')}</p>;
  if (query.isError)
    return (
      <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
        {errorMessage(query.error)}
      </p>
    );
  const g = query.data;
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{t('waivers.guardianTitle', { name: g.athleteName, event: g.eventName })}</h1>
      {g.accepted ? (
        <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900">
          {g.message}
        </p>
      ) : (
        <GuardianForm g={g} accept={accept} />
      )}
    </div>
  );
}

function GuardianForm({ g, accept }: { g: GuardianWaiver; accept: ReturnType<typeof useAcceptGuardianWaiver> }) {
  const { t } = useTranslation('site');
  const [fullName, setFullName] = useState('');
  const nameError = accept.error instanceof ApiError && accept.error.field === 'fullName' ? errorMessage(accept.error) : undefined;
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        accept.mutate({ version: g.waiver.version, fullName });
      }}
    >
      <p className="text-sm text-slate-700">{t('waivers.guardianIntro', { name: g.athleteName, date: g.eventDate })}</p>
      <div className="max-h-[60vh] overflow-y-auto rounded-lg border border-slate-200 bg-white p-3">
        <Markdown>{g.waiver.body}</Markdown>
      </div>
      <FormField label={t('waivers.guardianFullName')} htmlFor="guardian-name" required error={nameError}>
        <Input id="guardian-name" autoComplete="name" value={fullName} onChange={(e) => setFullName(e.target.value)} className="min-h-11" />
      </FormField>
      {accept.error && !nameError && (
        <p role="alert" className="text-sm text-red-700">
          {t('waivers.acceptFailed', { message: errorMessage(accept.error) })}
        </p>
      )}
      <Button type="submit" loading={accept.isPending} className="min-h-11 w-full">
        {t('waivers.acceptFor', { name: g.athleteName })}
      </Button>
    </form>
  );
}
