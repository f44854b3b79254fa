import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { errorMessage } from '@/components/error-panel';
import { FormField, Textarea } from '@/components/form-field';
import { ApiError } from '@/lib/api/client';
import { usePaymentInstructions, usePutPaymentInstructions } from '../api/registration';

/** The event's bank details for fees paid by transfer (the organiser's): shown with each
 * registration's own reference on "Pay the entry fee" and in the mails when online payment is
 * off (docs/registration.md, "Payment instructions"). The typed text survives a failed save. */
export function PaymentInstructionsCard({ eventId }: { eventId: string }) {
  const { t } = useTranslation('console');
  const query = usePaymentInstructions(eventId);
  const save = usePutPaymentInstructions(eventId);
  const [details, setDetails] = useState('');
  useEffect(() => {
    if (query.data) setDetails(query.data.bankDetails);
  }, [query.data]);
  const fieldError = save.error instanceof ApiError && save.error.field === 'bankDetails' ? errorMessage(save.error) : undefined;
  return (
    <Card title={t('payment.title')}>
      {query.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('payment.loadFailed', { message: errorMessage(query.error) })}
        </p>
      ) : (
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(details);
          }}
        >
          <FormField label={t('payment.bankDetails')} htmlFor="bank-details" error={fieldError} help={t('payment.help')}>
            <Textarea id="bank-details" rows={4} value={details} invalid={!!fieldError} onChange={(e) => setDetails(e.target.value)} />
          </FormField>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" loading={save.isPending} className="min-h-11">
              {t('payment.save')}
            </Button>
            {save.error && !fieldError && (
              <span role="alert" className="text-sm text-red-700">
                {t('payment.saveFailed', { message: errorMessage(save.error) })}
              </span>
            )}
            {save.isSuccess && !save.isPending && (
              <span role="status" className="text-sm text-green-800">
                {t('payment.saved')}
              </span>
            )}
          </div>
        </form>
      )}
    </Card>
  );
}
