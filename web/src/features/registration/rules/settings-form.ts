// The organiser's registration settings form: the fee typed in the currency's unit ("40" or
// "40.50") and the window's times as the browser's datetime-local inputs (local time).

/** Cents of a typed fee, or null when it is not an amount with at most two decimals. */
export function feeCents(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (t === '') return 0;
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(t)) return null;
  const [units, decimals = ''] = t.split('.');
  return Number(units) * 100 + Number(decimals.padEnd(2, '0'));
}

/** A fee in cents as the form shows it: "40.50", "" for free. */
export function feeText(cents: number): string {
  if (!cents) return '';
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export { fromLocalInput, toLocalInput } from '@/lib/local-time';
