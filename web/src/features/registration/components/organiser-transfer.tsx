// A registration's transfers in the console's Registrations (docs/registration.md,
// "Transfers"): the open offers of its places with their Cancel, and the organiser's offer of
// any place held by an athlete, whatever the roster lock. The activity names the organiser.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-panel';
import { FormField, Input, Select } from '@/components/form-field';
import { ApiError } from '@/lib/api/client';
import { formatDateTime } from '@/lib/dates';
import type { Registration } from '../api/registration';
import { useOrganiserCancelTransfer, useOrganiserTransfer } from '../api/transfers';
import { heldPlaces, holderName } from '../rules/transfers';

export function OrganiserTransfer({ r }: { r: Registration }) {
  const { t } = useTranslation('console');
  const offer = useOrganiserTransfer(r.id);
  const cancel = useOrganiserCancelTransfer(r.id);
  const places = heldPlaces(r);
  const [position, setPosition] = useState(places[0]?.position ?? 1);
  const [email, setEmail] = useState('');
  const field = offer.error instanceof ApiError ? offer.error.field : null;
  const id = `desk-transfer-${r.id}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    offer.mutate({ position, email }, { onSuccess: () => setEmail('') });
  };
  return (
    <div className="space-y-3 text-sm" data-testid="desk-transfer">
      {r.transfers.length > 0 && (
        <ul className="space-y-2">
          {r.transfers.map((o) => (
            <li key={o.position} className="flex flex-wrap items-center gap-2 rounded-md bg-white px-3 py-2">
              <span className="break-words">
                {t('transferDesk.offered', {
                  name: o.fromName || holderName(r, o.position),
                  email: o.toEmail,
                  until: formatDateTime(o.expiresAt),
                  by: o.offeredBy,
                })}
              </span>
              <Button size="sm" variant="secondary" loading={cancel.isPending} onClick={() => cancel.mutate(o.position)}>
                {t('transferDesk.cancelOffer')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {cancel.error && (
        <p role="alert" className="text-red-700">
          {t('transferDesk.cancelFailed', { message: errorMessage(cancel.error) })}
        </p>
      )}
      {places.length > 0 && (
        <form onSubmit={submit} noValidate className="grid gap-2 sm:grid-cols-3 sm:items-end">
          <FormField label={t('transferDesk.place')} htmlFor={`${id}-place`} required error={field === 'position' ? errorMessage(offer.error) : undefined}>
            <Select id={`${id}-place`} value={position} onChange={(e) => setPosition(Number(e.target.value))}>
              {places.map((p) => (
                <option key={p.position} value={p.position}>
                  {t('transferDesk.placeOption', { position: p.position, name: p.name })}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label={t('transferDesk.email')} htmlFor={`${id}-email`} required error={field === 'email' ? errorMessage(offer.error) : undefined}>
            <Input id={`${id}-email`} type="email" autoComplete="off" value={email} invalid={field === 'email'} onChange={(e) => setEmail(e.target.value)} />
          </FormField>
          <Button type="submit" size="sm" loading={offer.isPending}>
            {t('transferDesk.send')}
          </Button>
          {offer.error && field !== 'email' && field !== 'position' && (
            <p role="alert" className="text-red-700 sm:col-span-3">
              {t('transferDesk.failed', { message: errorMessage(offer.error) })}
            </p>
          )}
          <p className="text-xs text-slate-500 sm:col-span-3">{t('transferDesk.help')}</p>
        </form>
      )}
    </div>
  );
}
