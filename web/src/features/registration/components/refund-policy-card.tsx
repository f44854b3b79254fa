import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { errorMessage } from '@/components/error-panel';
import { FormField, Input } from '@/components/form-field';
import { ApiError } from '@/lib/api/client';
import { usePutRefundPolicy, useRefundPolicy } from '../api/registration';
import { fromLocalInput, toLocalInput } from '../rules/settings-form';

type Draft = {
  fullUntil: string;
  partialUntil: string;
  partialPercent: string;
};

/** The event's refund policy (the organiser's): the whole fee until a date, a percentage until
 * a later one, nothing after (docs/registration.md, "Refunds"). The server checks it and names
 * the field at fault; what was typed stays after a failed save. */
export function RefundPolicyCard({ eventId }: { eventId: string }) {
  const { t } = useTranslation('console');
  const query = useRefundPolicy(eventId);
  const save = usePutRefundPolicy(eventId);
  const [draft, setDraft] = useState<Draft>({
    fullUntil: '',
    partialUntil: '',
    partialPercent: '',
  });
  useEffect(() => {
    if (query.data)
      setDraft({
        fullUntil: toLocalInput(query.data.fullUntil),
        partialUntil: toLocalInput(query.data.partialUntil),
        partialPercent: query.data.partialUntil ? String(query.data.partialPercent) : '',
      });
  }, [query.data]);
  const failedField = save.error instanceof ApiError ? save.error.field : undefined;
  const fieldError = (field: string) => (failedField === field ? errorMessage(save.error) : undefined);
  const set = (k: keyof Draft, v: string) => setDraft((d) => ({ ...d, [k]: v }));
  const percent = Number(draft.partialPercent.trim() || '0');
  return (
    <Card title={t('refundPolicy.title')}>
      {query.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('refundPolicy.loadFailed', { message: errorMessage(query.error) })}
        </p>
      ) : (
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate({
              fullUntil: fromLocalInput(draft.fullUntil),
              partialUntil: fromLocalInput(draft.partialUntil),
              partialPercent: Number.isInteger(percent) ? percent : -1,
            });
          }}
        >
          <p className="text-sm text-slate-600">{t('refundPolicy.help')}</p>
          <div className="grid gap-3 sm:grid-cols-3">
            <FormField label={t('refundPolicy.fullUntil')} htmlFor="refund-full" error={fieldError('fullUntil')}>
              <Input
                id="refund-full"
                type="datetime-local"
                value={draft.fullUntil}
                invalid={!!fieldError('fullUntil')}
                onChange={(e) => set('fullUntil', e.target.value)}
              />
            </FormField>
            <FormField label={t('refundPolicy.partialUntil')} htmlFor="refund-partial" error={fieldError('partialUntil')}>
              <Input
                id="refund-partial"
                type="datetime-local"
                value={draft.partialUntil}
                invalid={!!fieldError('partialUntil')}
                onChange={(e) => set('partialUntil', e.target.value)}
              />
            </FormField>
            <FormField label={t('refundPolicy.partialPercent')} htmlFor="refund-percent" error={fieldError('partialPercent')}>
              <Input
                id="refund-percent"
                inputMode="numeric"
                value={draft.partialPercent}
                invalid={!!fieldError('partialPercent')}
                onChange={(e) => set('partialPercent', e.target.value)}
              />
            </FormField>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" loading={save.isPending} className="min-h-11">
              {t('refundPolicy.save')}
            </Button>
            {save.error && !failedField && (
              <span role="alert" className="text-sm text-red-700">
                {t('refundPolicy.saveFailed', {
                  message: errorMessage(save.error),
                })}
              </span>
            )}
            {save.isSuccess && !save.isPending && (
              <span role="status" className="text-sm text-green-800">
                {t('refundPolicy.saved')}
              </span>
            )}
          </div>
        </form>
      )}
    </Card>
  );
}
