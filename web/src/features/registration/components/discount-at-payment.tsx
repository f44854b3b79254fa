import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-panel';
import { FormField, Input } from '@/components/form-field';
import { ApiError } from '@/lib/api/client';
import { useApplyDiscountCode, type Registration } from '../api/registration';

/**
 * A discount code entered at payment, for a team that registered without one: the server
 * applies the rules of a code typed when registering, once per registration
 * (docs/registration.md, "Discount codes"); the fee shown and paid follows its answer. A
 * refusal is said under the field and keeps what was typed.
 */
export function DiscountAtPayment({ r }: { r: Registration }) {
  const { t } = useTranslation('site');
  const apply = useApplyDiscountCode(r.id);
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const onField = apply.error instanceof ApiError && apply.error.field === 'code';
  if (!open)
    return (
      <Button variant="secondary" size="sm" className="mt-2" onClick={() => setOpen(true)}>
        {t('discount.enterLater')}
      </Button>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply.mutate(code.trim());
  };
  return (
    <form onSubmit={submit} noValidate className="mt-2 grid gap-3 rounded-md bg-slate-50 p-3" data-testid="discount-at-payment">
      <FormField
        label={t('discount.code')}
        htmlFor={`discount-${r.id}`}
        required
        help={t('discount.laterHelp')}
        error={onField ? errorMessage(apply.error) : undefined}
      >
        <Input
          id={`discount-${r.id}`}
          autoComplete="off"
          autoCapitalize="characters"
          value={code}
          invalid={onField}
          onChange={(e) => setCode(e.target.value)}
        />
      </FormField>
      {apply.error && !onField && (
        <p role="alert" className="text-sm text-red-700">
          {t('discount.applyFailed', { message: errorMessage(apply.error) })}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={apply.isPending}>
          {t('discount.apply')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setOpen(false)}>
          {t('discount.cancel')}
        </Button>
      </div>
    </form>
  );
}
