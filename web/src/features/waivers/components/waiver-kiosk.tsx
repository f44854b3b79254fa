import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-panel';
import { FormField, Input } from '@/components/form-field';
import { Markdown } from '@/components/markdown';
import { ApiError } from '@/lib/api/client';
import { useEventWaiver, useKioskAccept, useWaiverStates, type Waiver, type WaiverState } from '../api/waivers';

/** The door's kiosk (a phone or tablet): pick an athlete whose waiver is missing, hand the
 * screen over, they (or a minor's guardian, in person) read and type their full name. */
export function WaiverKiosk({ eventId }: { eventId: string }) {
  const { t } = useTranslation('console');
  const states = useWaiverStates(eventId);
  const waiver = useEventWaiver(eventId);
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<WaiverState | null>(null);
  const [done, setDone] = useState('');
  if (states.isPending || waiver.isPending) return <p className="text-sm text-slate-500">{t('waivers.loading')}</p>;
  if (states.isError || waiver.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('waivers.loadFailed', { message: errorMessage(states.error ?? waiver.error) })}
      </p>
    );
  if (waiver.data.version === 0) return <p className="text-sm text-slate-600">{t('waivers.noWaiver')}</p>;
  if (chosen)
    return (
      <KioskForm
        eventId={eventId}
        athlete={chosen}
        waiver={waiver.data}
        onDone={(name) => {
          setDone(name);
          setChosen(null);
        }}
        onCancel={() => setChosen(null)}
      />
    );
  const needle = query.trim().toLowerCase();
  const missing = states.data.athletes.filter(
    (a) => a.state !== 'accepted' && (!needle || `${a.athleteName} ${a.teamName}`.toLowerCase().includes(needle)),
  );
  return (
    <div className="mx-auto max-w-xl space-y-3">
      {done && (
        <p role="status" className="rounded-md bg-green-50 p-2 text-sm text-green-900">
          {t('waivers.kioskDone', { name: done })}
        </p>
      )}
      <Input
        type="search"
        aria-label={t('waivers.kioskSearch')}
        placeholder={t('waivers.kioskSearch')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        className="min-h-11"
      />
      <ul className="space-y-2">
        {missing.map((a) => (
          <li key={`${a.registrationId}-${a.athleteId}`}>
            <button
              type="button"
              onClick={() => {
                setDone('');
                setChosen(a);
              }}
              className="min-h-11 w-full rounded-lg border border-slate-200 bg-white p-3 text-left"
            >
              <span className="block font-semibold text-slate-900">{a.athleteName}</span>
              <span className="block text-xs text-slate-500">
                {a.teamName} · {a.divisionName} · {a.stateLabel}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {missing.length === 0 && <p className="text-sm text-slate-600">{t('waivers.kioskNoneMissing')}</p>}
    </div>
  );
}

function KioskForm({
  eventId,
  athlete,
  waiver,
  onDone,
  onCancel,
}: {
  eventId: string;
  athlete: WaiverState;
  waiver: Waiver;
  onDone: (name: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('console');
  const sign = useKioskAccept(eventId);
  const [fullName, setFullName] = useState('');
  const [birthDate, setBirthDate] = useState('');
  const [guardian, setGuardian] = useState(false);
  const field = sign.error instanceof ApiError ? sign.error.field : null;
  const errorOf = (name: string) => (field === name ? errorMessage(sign.error) : undefined);
  return (
    <form
      className="mx-auto max-w-xl space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        sign.mutate(
          { athleteId: athlete.athleteId, version: waiver.version, fullName, birthDate: birthDate || undefined, guardian },
          { onSuccess: () => onDone(athlete.athleteName) },
        );
      }}
    >
      <h2 className="text-lg font-semibold text-slate-900">{t('waivers.kioskFor', { name: athlete.athleteName, team: athlete.teamName })}</h2>
      <div className="max-h-[50vh] overflow-y-auto rounded-lg border border-slate-200 bg-white p-3">
        <Markdown>{waiver.body}</Markdown>
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={guardian} onChange={(e) => setGuardian(e.target.checked)} />
        {t('waivers.kioskGuardian')}
      </label>
      {errorOf('guardian') && (
        <p role="alert" className="text-xs text-red-600">
          {errorOf('guardian')}
        </p>
      )}
      <FormField label={guardian ? t('waivers.guardianFullName') : t('waivers.fullName')} htmlFor="kiosk-name" required error={errorOf('fullName')}>
        <Input id="kiosk-name" autoComplete="off" value={fullName} onChange={(e) => setFullName(e.target.value)} className="min-h-11" />
      </FormField>
      {!guardian && (
        <FormField label={t('waivers.birthDate')} htmlFor="kiosk-birth" error={errorOf('birthDate')} help={t('waivers.birthDateHelp')}>
          <Input id="kiosk-birth" type="date" value={birthDate} onChange={(e) => setBirthDate(e.target.value)} className="min-h-11" />
        </FormField>
      )}
      {sign.error && !['guardian', 'fullName', 'birthDate'].includes(field ?? '') && (
        <p role="alert" className="text-sm text-red-700">
          {t('waivers.signFailed', { message: errorMessage(sign.error) })}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" loading={sign.isPending} className="min-h-11 flex-1">
          {t('waivers.accept', { version: waiver.version })}
        </Button>
        <Button variant="secondary" onClick={onCancel} className="min-h-11">
          {t('waivers.cancel')}
        </Button>
      </div>
    </form>
  );
}
