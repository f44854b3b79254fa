import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-panel';
import { HeatTime } from '@/components/heat-time';
import { heatDay } from '@/lib/heat-time';
import { useMyRegistrations, useWithdraw, type Registration } from '../api/registration';
import { useTranslation } from 'react-i18next';
import { formatMoney, withdrawalRefund } from '../rules/refunds';
import { byPlaces } from '../rules/roster';
import { CheckInQr } from './check-in-qr';
import { DiscountAtPayment } from './discount-at-payment';
import { TeamRoster } from './team-roster';
import { TransferPlace } from './transfer-place';
import { DivisionChange } from './division-change';
import { HeatsCalendarButton } from './heats-calendar-button';
import { PayOnline } from './pay-online';
import { StateBadge } from './state-badge';

/** The refund line of a withdrawal or refusal: what comes back and how. */
function RefundNote({ r }: { r: Registration }) {
  const { t, i18n } = useTranslation('site');
  const amount = formatMoney(r.refundCents, r.currency, i18n.language);
  if (r.refundState === 'refunded') return <>{t('refunds.feeRefunded', { amount })}</>;
  if (r.refundState === 'pending') return <>{t('refunds.feeRefundPending', { amount })}</>;
  if (r.refundState === 'due') return <>{t('refunds.feeRefundDue', { amount })}</>;
  return null;
}

function feeState(r: Registration): string {
  return r.paid ? 'paid' : 'not paid yet';
}

/** What withdrawing now gives back, said before the athlete confirms (the server's amount). */
function WithdrawalRefundLine({ r }: { r: Registration }) {
  const { t, i18n } = useTranslation('site');
  const refund = withdrawalRefund(r, i18n.language);
  if (!refund) return null;
  return (
    <p className="w-full text-sm font-medium text-slate-900" data-testid="withdrawal-refund">
      {t(refund.key, { refund: refund.refund, fee: refund.fee })}
      {refund.key !== 'refunds.withdrawNoRefund' && r.refundByHand && <> {t('refunds.withdrawByHand')}</>}
    </p>
  );
}

function RegistrationCard({ r, returned, extra }: { r: Registration; returned: boolean; extra?: ReactNode }) {
  const withdraw = useWithdraw();
  const [confirming, setConfirming] = useState(false);
  const live = r.state !== 'withdrawn' && r.state !== 'refused';
  const { t, i18n } = useTranslation('site');
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="my-registration">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="text-base font-semibold text-slate-900">{r.teamName}</p>
          <p className="text-sm text-slate-600">
            <Link to={`/public/events/${r.eventId}`} className="hover:underline">
              {r.eventName}
            </Link>{' '}
            · {r.divisionName}
          </p>
        </div>
        <StateBadge state={r.state} label={r.stateLabel} />
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {!byPlaces(r) && (
          <>
            <dt className="text-slate-500">Athletes</dt>
            <dd>
              {r.captainName}
              {r.partnerName ? ` & ${r.partnerName}` : r.partnerEmail ? ` & ${r.partnerEmail} (invited)` : ''}
            </dd>
          </>
        )}
        {r.waitlistPosition > 0 && (
          <>
            <dt className="text-slate-500">Waiting list</dt>
            <dd>Position {r.waitlistPosition}</dd>
          </>
        )}
        {r.feeCents > 0 && (
          <>
            <dt className="text-slate-500">Entry fee</dt>
            <dd>
              {r.discountCode
                ? t('discount.line', {
                    fee: formatMoney(r.feeCents, r.currency, i18n.language),
                    code: r.discountCode,
                    off: formatMoney(r.discountCents, r.currency, i18n.language),
                  })
                : `${(r.feeCents / 100).toFixed(2)} ${r.currency}`}{' '}
              · {feeState(r)}
              {r.owedCents > 0 && <> · {t('divisionChange.owed', { amount: formatMoney(r.owedCents, r.currency, i18n.language) })}</>}
              {r.refundState && (
                <>
                  {' · '}
                  <RefundNote r={r} />
                </>
              )}
            </dd>
          </>
        )}
        {r.refusalReason && (
          <>
            <dt className="text-slate-500">Reason</dt>
            <dd>{r.refusalReason}</dd>
          </>
        )}
      </dl>
      {byPlaces(r) && <TeamRoster r={r} />}
      {r.heats.length > 0 && (
        <div className="mt-3">
          <p className="text-sm font-medium text-slate-700">Your heats</p>
          <ul className="mt-1 divide-y divide-slate-100 text-sm">
            {r.heats.map((h) => (
              <li key={`${h.workoutName}-${h.heatNumber}`} className="flex justify-between gap-2 py-1">
                <span>
                  {h.workoutName} · Heat {h.heatNumber}
                </span>
                <span className="text-slate-600">
                  {heatDay(h.startTime)} <HeatTime start={h.startTime} planned={h.plannedStartTime} /> · Lane {h.lane}
                </span>
              </li>
            ))}
          </ul>
          <HeatsCalendarButton />
        </div>
      )}
      {r.teamId && (
        <Link to={`/public/teams/${r.teamId}`} className="mt-2 inline-block text-sm font-medium text-blue-700 underline">
          Team page and published results
        </Link>
      )}
      {r.state === 'confirmed' && <CheckInQr registrationId={r.id} teamName={r.teamName} />}
      {live && <TransferPlace r={r} />}
      {live && <DivisionChange r={r} />}
      {extra}
      {returned && r.state === 'waiting_payment' ? (
        <p role="status" className="mt-3 rounded-md bg-blue-50 px-3 py-2 text-sm text-blue-900">
          Thank you. Stripe is confirming your payment; this page updates by itself.
        </p>
      ) : (
        r.nextStepLabel && <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">Next: {r.nextStepLabel}</p>
      )}
      {r.state === 'waiting_payment' && r.howToPay && <p className="mt-2 text-sm whitespace-pre-line text-slate-700">{r.howToPay}</p>}
      {live && r.feeCents > 0 && !r.paid && !r.discountCode && <DiscountAtPayment r={r} />}
      {r.state === 'waiting_payment' && r.onlinePayment && <PayOnline r={r} />}
      {r.shareCode && byPlaces(r) && <p className="mt-2 text-sm text-slate-700">{t('roster.shareCodeTeam', { code: r.shareCode })}</p>}
      {r.shareCode && !byPlaces(r) && (
        <p className="mt-2 text-sm text-slate-700">
          Share code for your partner: <strong className="font-mono text-base tracking-wider">{r.shareCode}</strong>
        </p>
      )}
      {live && (!byPlaces(r) || r.callerIsCaptain) && (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {confirming ? (
            <>
              <span className="text-sm text-slate-700">Withdraw team {r.teamName}? Its place goes to the next team waiting.</span>
              <WithdrawalRefundLine r={r} />
              <Button variant="danger" size="sm" loading={withdraw.isPending} onClick={() => withdraw.mutate(r.id)}>
                Withdraw
              </Button>
              <Button variant="secondary" size="sm" onClick={() => setConfirming(false)}>
                Keep
              </Button>
            </>
          ) : (
            <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
              Withdraw…
            </Button>
          )}
          {withdraw.error && (
            <span role="alert" className="text-sm text-red-700">
              Withdrawal failed: {errorMessage(withdraw.error)}
            </span>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * The athlete's page "My registrations": each team's state and what to do next. paidId is the
 * registration Stripe's Checkout page sent the athlete back from (`?paid=`): the page follows
 * it until Stripe's confirmation arrives. confirmedExtra is what the page adds under a confirmed
 * team (the app composes the online qualifier's workouts there); liveExtra what it adds under
 * every registration that is not withdrawn or refused (the event's waiver).
 */
export function MyRegistrations({
  paidId,
  confirmedExtra,
  liveExtra,
}: {
  paidId?: string | null;
  confirmedExtra?: (r: Registration) => ReactNode;
  liveExtra?: (r: Registration) => ReactNode;
}) {
  const query = useMyRegistrations(true, paidId ?? undefined);
  if (query.isPending) return <p className="text-sm text-slate-500">Loading your registrations…</p>;
  if (query.isError) return <p role="alert" className="text-sm text-red-700">Your registrations could not be loaded: {errorMessage(query.error)}</p>;
  if (query.data.length === 0)
    return (
      <p className="text-sm text-slate-600">
        No registrations yet. Register a team from an <Link to="/public/events" className="text-blue-700 underline">event's page</Link>.
      </p>
    );
  return (
    <ul className="space-y-3">
      {query.data.map((r) => (
        <RegistrationCard
          key={r.id}
          r={r}
          returned={r.id === paidId}
          extra={
            <>
              {r.state !== 'withdrawn' && r.state !== 'refused' && liveExtra?.(r)}
              {r.state === 'confirmed' && confirmedExtra?.(r)}
            </>
          }
        />
      ))}
    </ul>
  );
}
