import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-panel';
import { formatDateTime } from '@/lib/dates';
import { ApiError } from '@/lib/api/client';
import { clearDraft, loadDraft, saveDraft } from '@/lib/unsaved/draft-store';
import type { EligibilityInput } from '../api/registration';
import { useAcceptTransfer, useTransferLink, type TransferInvitation } from '../api/transfers';
import { EligibilityFields, FIELDS, asked, type Asks } from './eligibility-fields';

/** What the link is for: the place, the team, its division and the event. */
function TransferAbout({ link: l }: { link: TransferInvitation }) {
  const { t } = useTranslation('site');
  return (
    <div className="mb-4 rounded-xl border border-blue-200 bg-blue-50 p-4 text-sm break-words text-blue-950" data-testid="transfer-about">
      <p className="text-base font-semibold">{t('transfer.aboutTeam', { team: l.teamName, division: l.divisionName })}</p>
      <p className="mt-1">{t('transfer.aboutFrom', { from: l.fromName })}</p>
      <p className="mt-1">
        <Link to={`/public/events/${l.eventId}`} className="font-medium underline">
          {l.eventName}
        </Link>
        , {l.eventDates}
        {l.eventLocation ? `, ${l.eventLocation}` : ''}
      </p>
      <p className="mt-1 text-blue-900">{t('transfer.aboutFor', { email: l.toEmail, until: formatDateTime(l.expiresAt) })}</p>
    </div>
  );
}

/**
 * The new athlete's side of a transfer (docs/registration.md, "Transfers"): the mailed link
 * says what it is for before signing in; signed in with the address it names, the athlete gives
 * what the division asks and takes the place. A refusal shows under its field, or above the
 * button, with what was typed kept.
 */
export function AcceptTransfer({ linkKey, athlete, signInHref, signUpHref }: { linkKey: string; athlete: boolean; signInHref: string; signUpHref: string }) {
  const { t } = useTranslation('site');
  const link = useTransferLink(linkKey);
  const accept = useAcceptTransfer();
  // What is typed is kept in the tab's storage until the place is taken: an ended session (sign
  // in, then back to the link) or a reload finds it again.
  const draftKey = `transfer-accept:${linkKey}`;
  const [eligibility, setEligibility] = useState<EligibilityInput>(() => loadDraft<EligibilityInput>(draftKey) ?? {});
  const change = (next: EligibilityInput) => {
    setEligibility(next);
    saveDraft(draftKey, next);
  };
  if (accept.data)
    return (
      <div role="status" className="rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-900" data-testid="transfer-accepted">
        <p className="font-medium">
          {t('transfer.accepted', { team: accept.data.teamName, event: accept.data.eventName, division: accept.data.divisionName })}
        </p>
        <p className="mt-1">{t('transfer.waiverHint')}</p>
        <Link to="/public/me/registrations" className="mt-2 inline-block font-medium text-blue-700 underline">
          {t('transfer.myRegistrations')}
        </Link>
      </div>
    );
  if (!linkKey) return <p role="alert" className="text-sm text-red-700">{t('transfer.missingKey')}</p>;
  if (link.isPending) return <p className="text-sm text-slate-500">{t('transfer.loading')}</p>;
  if (link.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(link.error)}
      </p>
    );
  const l = link.data;
  if (!athlete)
    return (
      <>
        <TransferAbout link={l} />
        <p className="text-sm text-slate-700">{t('transfer.signInHint', { email: l.toEmail })}</p>
        <div className="mt-3 flex flex-wrap gap-3">
          <Link to={signInHref} className="font-medium text-blue-700 underline">
            {t('transfer.signIn')}
          </Link>
          <Link to={signUpHref} className="font-medium text-blue-700 underline">
            {t('transfer.signUp')}
          </Link>
        </div>
      </>
    );
  const asks: Asks = { membership: l.requiresMembership, birthDate: l.birthDateRequired, categories: l.categories };
  const field = accept.error instanceof ApiError ? (accept.error.field ?? '') : '';
  const fieldError = (f: string) => (field === f ? errorMessage(accept.error) : undefined);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    accept.mutate({ key: linkKey, ...asked(asks, eligibility) }, { onSuccess: () => clearDraft(draftKey) });
  };
  return (
    <form onSubmit={submit} className="max-w-sm space-y-3" noValidate>
      <TransferAbout link={l} />
      <EligibilityFields asks={asks} value={eligibility} onChange={change} fieldError={fieldError} idPrefix="transfer" />
      {accept.error && !(FIELDS as readonly string[]).includes(field) && (
        <p role="alert" className="text-sm text-red-700">
          {t('transfer.acceptFailed', { message: errorMessage(accept.error) })}
        </p>
      )}
      <Button type="submit" loading={accept.isPending}>
        {t('transfer.accept')}
      </Button>
    </form>
  );
}
