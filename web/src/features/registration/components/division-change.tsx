import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-panel';
import { FormField, Select, Textarea } from '@/components/form-field';
import { ApiError } from '@/lib/api/client';
import { useEventRegistration, type DivisionChangeRequest, type Registration } from '../api/registration';
import { useCancelDivisionChange, useRequestDivisionChange } from '../api/division-changes';
import { formatMoney } from '../rules/refunds';

/** The open request: where to, what it costs, and the captain's Cancel. */
function OpenRequest({ r, change }: { r: Registration; change: DivisionChangeRequest }) {
  const { t, i18n } = useTranslation('site');
  const cancel = useCancelDivisionChange(r.id);
  const money = (cents: number) => formatMoney(cents, r.currency, i18n.language);
  const diff = change.differenceCents;
  return (
    <div className="rounded-md bg-blue-50 px-3 py-2 text-sm text-blue-950" data-testid="division-change-request">
      <p className="break-words font-medium">{t('divisionChange.asked', { division: change.toDivisionName })}</p>
      <p className="mt-1">
        {diff > 0
          ? t('divisionChange.dearer', { amount: money(diff) })
          : diff < 0
            ? t('divisionChange.cheaper', { amount: money(-diff) })
            : t('divisionChange.samePrice')}
      </p>
      {change.note && <p className="mt-1 break-words text-blue-900">{t('divisionChange.yourNote', { note: change.note })}</p>}
      {r.callerIsCaptain && (
        <Button variant="secondary" size="sm" className="mt-2" loading={cancel.isPending} onClick={() => cancel.mutate()}>
          {t('divisionChange.cancelRequest')}
        </Button>
      )}
      {cancel.error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {t('divisionChange.cancelFailed', { message: errorMessage(cancel.error) })}
        </p>
      )}
    </div>
  );
}

/** The request's form: the event's other divisions of the team's size with their fee, and a note. */
function RequestForm({ r, onDone }: { r: Registration; onDone: () => void }) {
  const { t } = useTranslation('site');
  const offer = useEventRegistration(r.eventId);
  const ask = useRequestDivisionChange(r.id);
  const [divisionId, setDivisionId] = useState('');
  const [note, setNote] = useState('');
  const field = ask.error instanceof ApiError ? ask.error.field : null;
  const divisions = (offer.data?.divisions ?? []).filter((d) => d.divisionId !== r.divisionId && d.teamSize === r.teamSize);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    ask.mutate({ divisionId, note }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 rounded-md bg-slate-50 p-3" data-testid="division-change-form">
      <FormField
        label={t('divisionChange.division')}
        htmlFor={`change-division-${r.id}`}
        required
        help={t('divisionChange.help')}
        error={field === 'divisionId' ? errorMessage(ask.error) : undefined}
      >
        <Select id={`change-division-${r.id}`} value={divisionId} invalid={field === 'divisionId'} onChange={(e) => setDivisionId(e.target.value)}>
          <option value="">{offer.isPending ? t('divisionChange.loading') : t('divisionChange.choose')}</option>
          {divisions.map((d) => (
            <option key={d.divisionId} value={d.divisionId}>
              {t('divisionChange.option', { division: d.divisionName, fee: d.feeLabel })}
            </option>
          ))}
        </Select>
      </FormField>
      {offer.isError && (
        <p role="alert" className="text-sm text-red-700">
          {t('divisionChange.loadFailed', { message: errorMessage(offer.error) })}
        </p>
      )}
      <FormField
        label={t('divisionChange.note')}
        htmlFor={`change-note-${r.id}`}
        help={t('divisionChange.noteHelp')}
        error={field === 'note' ? errorMessage(ask.error) : undefined}
      >
        <Textarea id={`change-note-${r.id}`} rows={2} value={note} invalid={field === 'note'} onChange={(e) => setNote(e.target.value)} />
      </FormField>
      {ask.error && field !== 'divisionId' && field !== 'note' && (
        <p role="alert" className="text-sm text-red-700">
          {t('divisionChange.failed', { message: errorMessage(ask.error) })}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={ask.isPending}>
          {t('divisionChange.send')}
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={onDone}>
          {t('divisionChange.close')}
        </Button>
      </div>
    </form>
  );
}

/**
 * A live registration's division change on My registrations: the open request with its price
 * difference, or (the captain) "Change division…" to ask the organiser. The organiser approves
 * or refuses; the team is mailed either way.
 */
export function DivisionChange({ r }: { r: Registration }) {
  const { t } = useTranslation('site');
  const [open, setOpen] = useState(false);
  if (r.divisionChange) return <div className="mt-3">{<OpenRequest r={r} change={r.divisionChange} />}</div>;
  if (!r.callerIsCaptain) return null;
  return (
    <div className="mt-3">
      {open ? (
        <RequestForm r={r} onDone={() => setOpen(false)} />
      ) : (
        <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
          {t('divisionChange.open')}
        </Button>
      )}
    </div>
  );
}
