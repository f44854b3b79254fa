import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-panel';
import { FormField, Input, Select } from '@/components/form-field';
import { ApiError } from '@/lib/api/client';
import { loadAthleteSession } from '@/lib/athlete-session';
import { formatDateTime } from '@/lib/dates';
import { clearDraft, loadDraft, saveDraft } from '@/lib/unsaved/draft-store';
import type { Registration, TransferOffer } from '../api/registration';
import { useCancelTransfer, useOfferTransfer } from '../api/transfers';
import { holderName, holdsPlace, offerablePlaces } from '../rules/transfers';

/** One open offer: to whom, until when, and who keeps the place meanwhile; its Cancel. */
function OpenOffer({ r, offer, mayCancel }: { r: Registration; offer: TransferOffer; mayCancel: boolean }) {
  const { t } = useTranslation('site');
  const cancel = useCancelTransfer(r.id);
  const name = offer.fromName || holderName(r, offer.position);
  return (
    <li className="rounded-md bg-blue-50 px-3 py-2 text-sm text-blue-950" data-testid="transfer-offer">
      <p className="break-words">{t('transfer.offered', { name, email: offer.toEmail, until: formatDateTime(offer.expiresAt) })}</p>
      {mayCancel && (
        <Button variant="secondary" size="sm" className="mt-2" loading={cancel.isPending} onClick={() => cancel.mutate(offer.position)}>
          {t('transfer.withdraw')}
        </Button>
      )}
      {cancel.error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {t('transfer.withdrawFailed', { message: errorMessage(cancel.error) })}
        </p>
      )}
    </li>
  );
}

/** The offer's form: the place (the captain chooses; anyone else offers their own) and the new athlete's address. */
type OfferDraft = { position: number; email: string };

/** The offer being typed is kept in the tab's storage until it is sent or cancelled: after a
 * failed send, an ended session (sign in, then back) or a reload the form opens with it again. */
const offerDraftKey = (registrationId: string) => `transfer:${registrationId}`;

function OfferForm({ r, captain, onDone }: { r: Registration; captain: boolean; onDone: () => void }) {
  const { t } = useTranslation('site');
  const offer = useOfferTransfer(r.id);
  const places = offerablePlaces(r, captain);
  const draftKey = offerDraftKey(r.id);
  const [draft] = useState(() => loadDraft<OfferDraft>(draftKey));
  const [position, setPosition] = useState(draft?.position ?? places[0]?.position ?? 0);
  const [email, setEmail] = useState(draft?.email ?? '');
  const field = offer.error instanceof ApiError ? offer.error.field : null;
  const keep = (next: OfferDraft) => saveDraft(draftKey, next);
  const done = () => {
    clearDraft(draftKey);
    onDone();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    offer.mutate({ position, email }, { onSuccess: done });
  };
  return (
    <form onSubmit={submit} noValidate className="mt-2 grid gap-3 rounded-md bg-slate-50 p-3" data-testid="transfer-form">
      {captain && (
        <FormField label={t('transfer.place')} htmlFor={`transfer-place-${r.id}`} required error={field === 'position' ? errorMessage(offer.error) : undefined}>
          <Select
            id={`transfer-place-${r.id}`}
            value={position}
            onChange={(e) => {
              setPosition(Number(e.target.value));
              keep({ position: Number(e.target.value), email });
            }}
          >
            {places.map((p) => (
              <option key={p.position} value={p.position}>
                {t('transfer.placeOption', { position: p.position, name: p.name })}
              </option>
            ))}
          </Select>
        </FormField>
      )}
      <FormField
        label={t('transfer.email')}
        htmlFor={`transfer-email-${r.id}`}
        required
        help={t('transfer.help')}
        error={field === 'email' ? errorMessage(offer.error) : undefined}
      >
        <Input
          id={`transfer-email-${r.id}`}
          type="email"
          inputMode="email"
          autoComplete="off"
          value={email}
          invalid={field === 'email'}
          onChange={(e) => {
            setEmail(e.target.value);
            keep({ position, email: e.target.value });
          }}
        />
      </FormField>
      {offer.error && field !== 'email' && field !== 'position' && (
        <p role="alert" className="text-sm text-red-700">
          {t('transfer.failed', { message: errorMessage(offer.error) })}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={offer.isPending}>
          {t('transfer.send')}
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={done}>
          {t('transfer.cancel')}
        </Button>
      </div>
    </form>
  );
}

/**
 * A live registration's transfers on My registrations: the open offers, and "Transfer my place…"
 * (the captain: "Transfer a place…"), offered until the roster lock. The athlete holding a place
 * keeps it until the new athlete accepts the mailed link.
 */
export function TransferPlace({ r }: { r: Registration }) {
  const { t } = useTranslation('site');
  const [open, setOpen] = useState(() => loadDraft(offerDraftKey(r.id)) !== null);
  const captain = r.callerIsCaptain;
  const email = loadAthleteSession()?.email ?? '';
  const mine = (o: TransferOffer) => captain || holdsPlace(r, o.position, email);
  return (
    <div className="mt-3" data-testid="transfer-place">
      {r.transfers.length > 0 && (
        <ul className="mb-2 space-y-2">
          {r.transfers.map((o) => (
            <OpenOffer key={o.position} r={r} offer={o} mayCancel={mine(o)} />
          ))}
        </ul>
      )}
      {!r.rosterLocked &&
        (open ? (
          <OfferForm r={r} captain={captain} onDone={() => setOpen(false)} />
        ) : (
          <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
            {captain ? t('transfer.openCaptain') : t('transfer.open')}
          </Button>
        ))}
    </div>
  );
}
