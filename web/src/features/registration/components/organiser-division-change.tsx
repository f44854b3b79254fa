import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-panel';
import { FormField, Input } from '@/components/form-field';
import { ApiError } from '@/lib/api/client';
import type { DivisionChangeRequest, Registration } from '../api/registration';
import { useApproveDivisionChange, useRefuseDivisionChange } from '../api/division-changes';
import { formatMoney } from '../rules/refunds';

/** Fields of an eligibility refusal (docs/eligibility.md): the organiser may approve past it with a reason. */
const ELIGIBILITY_FIELDS = new Set(['memberNumber', 'birthDate', 'category']);

/**
 * The organiser's side of a registration's open division change request on the Registrations
 * board: where to, what the price difference does (owed or refunded), the captain's note;
 * Approve (one transaction on the server: move, eligibility, capacity, money) and Refuse with
 * a reason the team is mailed. An eligibility refusal offers the override with its reason.
 */
export function OrganiserDivisionChange({ r, change }: { r: Registration; change: DivisionChangeRequest }) {
  const { t, i18n } = useTranslation('console');
  const approve = useApproveDivisionChange(r.id);
  const refuse = useRefuseDivisionChange(r.id);
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [override, setOverride] = useState('');
  const money = (cents: number) => formatMoney(cents, r.currency, i18n.language);
  const approveField = approve.error instanceof ApiError ? approve.error.field : null;
  const offerOverride = approveField !== null && ELIGIBILITY_FIELDS.has(approveField);
  const refuseField = refuse.error instanceof ApiError ? refuse.error.field : null;
  const diff = change.differenceCents;
  const moneyLine =
    diff > 0
      ? r.paid
        ? t('divisionChangeDesk.owes', { amount: money(diff) })
        : t('divisionChangeDesk.newFee', { amount: money(change.toPriceCents) })
      : diff < 0
        ? r.paid
          ? t('divisionChangeDesk.refunds', { amount: money(-diff) })
          : t('divisionChangeDesk.newFee', { amount: money(change.toPriceCents) })
        : t('divisionChangeDesk.samePrice');
  return (
    <div className="space-y-2 text-sm" data-testid="organiser-division-change">
      <p className="break-words font-medium text-slate-900">
        {t('divisionChangeDesk.asks', { team: r.teamName, from: r.divisionName, to: change.toDivisionName, by: change.requestedBy })}
      </p>
      <p className="text-slate-700">{moneyLine}</p>
      {change.note && <p className="break-words text-slate-600">{t('divisionChangeDesk.note', { note: change.note })}</p>}
      {offerOverride && (
        <FormField label={t('divisionChangeDesk.overrideReason')} htmlFor={`override-${r.id}`} help={t('divisionChangeDesk.overrideHelp')}>
          <Input id={`override-${r.id}`} value={override} onChange={(e) => setOverride(e.target.value)} />
        </FormField>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="success" loading={approve.isPending} disabled={refuse.isPending} onClick={() => approve.mutate(override)}>
          {offerOverride && override.trim() ? t('divisionChangeDesk.approveOverride') : t('divisionChangeDesk.approve')}
        </Button>
        {refusing ? (
          <>
            <Input
              aria-label={t('divisionChangeDesk.reasonLabel', { team: r.teamName })}
              className="w-auto"
              value={reason}
              invalid={refuseField === 'reason'}
              placeholder={t('divisionChangeDesk.reasonPlaceholder')}
              onChange={(e) => setReason(e.target.value)}
            />
            <Button size="sm" variant="danger" loading={refuse.isPending} onClick={() => refuse.mutate(reason, { onSuccess: () => setRefusing(false) })}>
              {t('divisionChangeDesk.refuse')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setRefusing(false)}>
              {t('divisionChangeDesk.cancel')}
            </Button>
          </>
        ) : (
          <Button size="sm" variant="secondary" onClick={() => setRefusing(true)}>
            {t('divisionChangeDesk.refuseOpen')}
          </Button>
        )}
      </div>
      {approve.error && (
        <p role="alert" className="text-red-700">
          {t('divisionChangeDesk.approveFailed', { message: errorMessage(approve.error) })}
        </p>
      )}
      {refuse.error && (
        <p role="alert" className="text-red-700">
          {t('divisionChangeDesk.refuseFailed', { message: errorMessage(refuse.error) })}
        </p>
      )}
    </div>
  );
}
