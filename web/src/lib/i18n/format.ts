// Numbers in the viewer's language ("1,234.5", "1.234,5", "1 234,5").
import { intlLocale } from './i18n';

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number as the viewer's language writes it; '—' for none. */
export function formatNumber(value: number | null | undefined, maximumFractionDigits = 2): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  const key = `${intlLocale()} ${maximumFractionDigits}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(intlLocale(), { maximumFractionDigits });
    numberFormats.set(key, f);
  }
  return f.format(value);
}
