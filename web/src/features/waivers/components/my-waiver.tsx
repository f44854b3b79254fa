import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-panel';
import { FormField, Input } from '@/components/form-field';
import { Markdown } from '@/components/markdown';
import { ApiError } from '@/lib/api/client';
import { useAcceptMyWaiver, useMyWaiver, type MyWaiver } from '../api/waivers';

/** The athlete's waiver of one registration's event, on "My registrations": its state, and
 * while it is missing the text and the form (full name typed; a minor names their guardian, who
 * gets the link). What was typed stays after a refusal: the form stays open with the error. Once
 * the link is sent the form closes and the card says where it went, with "Send again" (the form
 * again, the guardian's address filled in). */
export function MyWaiverPanel({ eventId }: { eventId: string }) {
  const { t } = useTranslation('site');
  const query = useMyWaiver(eventId);
  const [open, setOpen] = useState(false);
  if (query.isPending) return null;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('waivers.loadFailed', { message: errorMessage(query.error) })}
      </p>
    );
  const mine = query.data;
  const state = mine.state.state;
  if (state === 'not_required') return null;
  return (
    <section className="mt-3 rounded-md border border-slate-200 bg-slate-50 p-3" aria-label={t('waivers.title')}>
      <p className={state === 'accepted' ? 'text-sm text-green-800' : 'text-sm font-medium text-red-800'}>
        {state === 'accepted'
          ? t('waivers.accepted', { version: mine.state.acceptedVersion })
          : state === 'guardian_pending'
            ? t('waivers.sentToGuardian', { email: mine.guardianEmail })
            : t('waivers.missing')}
      </p>
      {mine.message && (
        <p role="status" className="mt-1 text-sm text-slate-700">
          {mine.message}
        </p>
      )}
      {state !== 'accepted' &&
        (open ? (
          <AcceptForm eventId={eventId} mine={mine} onSent={() => setOpen(false)} />
        ) : (
          <Button className="mt-2 min-h-11" onClick={() => setOpen(true)}>
            {state === 'guardian_pending' ? t('waivers.sendAgain') : t('waivers.read')}
          </Button>
        ))}
    </section>
  );
}

function AcceptForm({ eventId, mine, onSent }: { eventId: string; mine: MyWaiver; onSent: () => void }) {
  const { t } = useTranslation('site');
  const accept = useAcceptMyWaiver(eventId);
  const [fullName, setFullName] = useState('');
  const [birthDate, setBirthDate] = useState('');
  const [guardianEmail, setGuardianEmail] = useState(mine.guardianEmail ?? '');
  const field = accept.error instanceof ApiError ? accept.error.field : null;
  const errorOf = (name: string) => (field === name ? errorMessage(accept.error) : undefined);
  // A minor as far as the profile tells, or once the server asked for the guardian.
  const askGuardian = mine.minor || field === 'guardianEmail' || !!mine.guardianEmail;
  return (
    <form
      className="mt-3 space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        accept.mutate(
          {
            version: mine.waiver.version,
            fullName,
            birthDate: birthDate || undefined,
            guardianEmail: guardianEmail || undefined,
          },
          // Only a success closes the form: a refusal keeps it open, with what was typed.
          { onSuccess: onSent },
        );
      }}
    >
      <div className="max-h-[50vh] overflow-y-auto rounded-lg border border-slate-200 bg-white p-3">
        <Markdown>{mine.waiver.body}</Markdown>
      </div>
      <FormField label={t('waivers.fullName')} htmlFor={`waiver-name-${eventId}`} required error={errorOf('fullName')}>
        <Input
          id={`waiver-name-${eventId}`}
          autoComplete="name"
          value={fullName}
          onChange={(e) => setFullName(e.target.value)}
          className="min-h-11"
        />
      </FormField>
      <FormField label={t('waivers.birthDate')} htmlFor={`waiver-birth-${eventId}`} error={errorOf('birthDate')} help={t('waivers.birthDateHelp')}>
        <Input
          id={`waiver-birth-${eventId}`}
          type="date"
          autoComplete="bday"
          value={birthDate}
          onChange={(e) => setBirthDate(e.target.value)}
          className="min-h-11"
        />
      </FormField>
      {askGuardian && (
        <FormField label={t('waivers.guardianEmail')} htmlFor={`waiver-guardian-${eventId}`} required error={errorOf('guardianEmail')} help={t('waivers.guardianHelp')}>
          <Input
            id={`waiver-guardian-${eventId}`}
            type="email"
            value={guardianEmail}
            onChange={(e) => setGuardianEmail(e.target.value)}
            className="min-h-11"
          />
        </FormField>
      )}
      {accept.error && !['fullName', 'birthDate', 'guardianEmail'].includes(field ?? '') && (
        <p role="alert" className="text-sm text-red-700">
          {t('waivers.acceptFailed', { message: errorMessage(accept.error) })}
        </p>
      )}
      <Button type="submit" loading={accept.isPending} className="min-h-11 w-full">
        {askGuardian ? t('waivers.sendToGuardian') : t('waivers.accept', { version: mine.waiver.version })}
      </Button>
    </form>
  );
}
