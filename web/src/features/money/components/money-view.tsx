// The money view: per division (and currency) what came in online and by hand, what went back
// and what is still owed, then the event's totals; a CSV of the same. Made to read on a phone:
// the table scrolls sideways under its first column.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-panel';
import { saveFile } from '@/lib/download';
import { downloadMoneyCsv, moneyQueries, type MoneyLine } from '../api/money';

function amount(cents: string | number, currency: string, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(Number(cents) / 100);
}

export function MoneyView({ eventId }: { eventId: string }) {
  const { t, i18n } = useTranslation('console');
  const query = useQuery(moneyQueries.event(eventId));
  const [failure, setFailure] = useState<string | null>(null);
  const download = async () => {
    setFailure(null);
    try {
      const file = await downloadMoneyCsv(eventId);
      saveFile(file.blob, file.fileName ?? 'money.csv');
    } catch (error) {
      setFailure(t('money.csvFailed', { message: errorMessage(error) }));
    }
  };
  if (query.isPending) return <p className="text-sm text-slate-600">{t('money.loading')}</p>;
  // A failed refresh keeps the figures it had on screen, the failure above them
  // (docs/console-unsaved-data.md, "No failure is silent"); only a failed first load has nothing to show.
  const loadFailed = query.isError && (
    <p role="alert" className="text-sm text-red-700">
      {t('money.loadFailed', { message: errorMessage(query.error) })}
    </p>
  );
  if (!query.data) return loadFailed || null;
  const { divisions, totals } = query.data;
  if (divisions.length === 0) return <p className="text-sm text-slate-600">{t('money.none')}</p>;
  const money = (l: MoneyLine, cents: string | number) => amount(cents, l.currency, i18n.language);
  const row = (l: MoneyLine, name: string, total = false) => (
    <tr key={`${l.divisionId}-${l.currency}`} className={total ? 'border-t-2 border-slate-300 font-semibold' : 'border-t border-slate-100'}>
      <th scope="row" className="sticky left-0 bg-white px-3 py-2 text-left font-medium">
        {name}
      </th>
      <td className="px-3 py-2 text-right">
        {money(l, l.paidOnlineCents)} <span className="text-xs text-slate-500">({l.paidOnlineCount})</span>
      </td>
      <td className="px-3 py-2 text-right">
        {money(l, l.paidByHandCents)} <span className="text-xs text-slate-500">({l.paidByHandCount})</span>
      </td>
      <td className="px-3 py-2 text-right">
        {money(l, l.refundedCents)} <span className="text-xs text-slate-500">({l.refundedCount})</span>
      </td>
      <td className="px-3 py-2 text-right">
        {money(l, l.owedCents)} <span className="text-xs text-slate-500">({l.owedCount})</span>
      </td>
      <td className="px-3 py-2 text-right">{money(l, l.netCents)}</td>
      <td className="px-3 py-2 text-right">
        {money(l, l.refundDueCents)} <span className="text-xs text-slate-500">({l.refundDueCount})</span>
      </td>
      <td className="px-3 py-2 text-right">
        {money(l, l.discountCents)} <span className="text-xs text-slate-500">({l.discountCount})</span>
      </td>
    </tr>
  );
  return (
    <div className="space-y-3">
      {loadFailed}
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="min-w-full text-sm">
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="sticky left-0 bg-slate-50 px-3 py-2 text-left">
                {t('money.division')}
              </th>
              <th scope="col" className="px-3 py-2 text-right">{t('money.paidOnline')}</th>
              <th scope="col" className="px-3 py-2 text-right">{t('money.paidByHand')}</th>
              <th scope="col" className="px-3 py-2 text-right">{t('money.refunded')}</th>
              <th scope="col" className="px-3 py-2 text-right">{t('money.owed')}</th>
              <th scope="col" className="px-3 py-2 text-right">{t('money.net')}</th>
              <th scope="col" className="px-3 py-2 text-right">{t('money.refundDue')}</th>
              <th scope="col" className="px-3 py-2 text-right">{t('money.discounts')}</th>
            </tr>
          </thead>
          <tbody>
            {divisions.map((l) => row(l, l.divisionName))}
            {totals.map((l) => row(l, t('money.total'), true))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-slate-500">{t('money.countsNote')}</p>
      <Button onClick={() => void download()}>{t('money.csv')}</Button>
      {failure && (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      )}
    </div>
  );
}
