// What comes back of an entry fee (docs/registration.md, "Refunds"): the server decides the
// amount (refundFor); the app only says it, in the viewer's language and the fee's currency.
import type { Registration } from '../api/registration';

/** An amount in cents as the viewer's language writes money ("€40.00", "40,00 €"). */
export function formatMoney(cents: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
    }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** The catalogue key and values of what withdrawing now gives back, for the withdrawal dialog;
 * null when nothing was paid. */
export function withdrawalRefund(
  r: Pick<Registration, 'paid' | 'feeCents' | 'currency' | 'withdrawalRefundCents' | 'refundState'>,
  language: string
): {
  key: 'refunds.withdrawRefund' | 'refunds.withdrawRefundAll' | 'refunds.withdrawNoRefund';
  refund: string;
  fee: string;
} | null {
  if (!r.paid || r.feeCents <= 0 || r.refundState) return null;
  const fee = formatMoney(r.feeCents, r.currency, language);
  const refund = formatMoney(r.withdrawalRefundCents, r.currency, language);
  if (r.withdrawalRefundCents <= 0) return { key: 'refunds.withdrawNoRefund', refund, fee };
  if (r.withdrawalRefundCents >= r.feeCents) return { key: 'refunds.withdrawRefundAll', refund, fee };
  return { key: 'refunds.withdrawRefund', refund, fee };
}
