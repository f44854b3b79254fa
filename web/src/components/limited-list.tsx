import type { ReactNode } from 'react';
import { i18n } from '@/lib/i18n/i18n';

export const CARD_ITEM_LIMIT = 8;

/** Shows at most `limit` items, then '... and N more'. */
export function LimitedList<T>({ items, limit = CARD_ITEM_LIMIT, render, keyOf }: {
  items: readonly T[];
  limit?: number;
  render: (item: T) => ReactNode;
  keyOf: (item: T) => string;
}) {
  const shown = items.slice(0, limit);
  const rest = items.length - shown.length;
  return (
    <ul className="divide-y divide-slate-100 text-sm">
      {shown.map((item) => (
        <li key={keyOf(item)} className="flex items-center justify-between gap-2 py-1.5">
          {render(item)}
        </li>
      ))}
      {rest > 0 && <li className="py-1.5 text-slate-500">{i18n.t('site:list.andMore', { count: rest })}</li>}
    </ul>
  );
}
