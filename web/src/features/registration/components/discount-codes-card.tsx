import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { errorMessage } from '@/components/error-panel';
import { FormField, Input, Select } from '@/components/form-field';
import { ApiError } from '@/lib/api/client';
import { formatDateTime } from '@/lib/dates';
import { clearDraft, loadDraft, saveDraft } from '@/lib/unsaved/draft-store';
import { useCreateDiscountCode, useDeleteDiscountCode, useDiscountCodes, type DiscountCode } from '../api/registration';
import { feeCents, fromLocalInput } from '../rules/settings-form';

type Draft = { code: string; kind: 'percent' | 'amount'; value: string; maxUses: string; expiresAt: string; divisionIds: string[] };

const empty: Draft = { code: '', kind: 'percent', value: '', maxUses: '', expiresAt: '', divisionIds: [] };

/** The event's discount codes (the organiser's; docs/registration.md, "Discount codes"): a
 * percentage or an amount off, a limit of uses, an expiry, the divisions it is for. The server
 * checks each field and names the one at fault; what was typed stays after a refusal. */
export function DiscountCodesCard({ eventId, divisions }: { eventId: string; divisions: { id: string; name: string }[] }) {
  const { t } = useTranslation('console');
  const list = useDiscountCodes(eventId);
  const create = useCreateDiscountCode(eventId);
  const remove = useDeleteDiscountCode(eventId);
  // What is typed is kept in the tab's storage until the code is added, so a reload or a 401
  // (the sign-in page, then back) finds it again (docs/console-unsaved-data.md).
  const draftKey = `discount-code:${eventId}`;
  const [draft, setDraft] = useState<Draft>(() => ({ ...empty, ...loadDraft<Partial<Draft>>(draftKey) }));
  const field = create.error instanceof ApiError ? create.error.field : null;
  const fieldError = (...fields: string[]) => (field && fields.includes(field) ? errorMessage(create.error) : undefined);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) =>
    setDraft((d) => {
      const next = { ...d, [k]: v };
      saveDraft(draftKey, next);
      return next;
    });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = draft.value.trim();
    const percent = draft.kind === 'percent' ? Number(value || '0') : 0;
    const amount = draft.kind === 'amount' ? (feeCents(value) ?? -1) : 0;
    const uses = Number(draft.maxUses.trim() || '0');
    create.mutate(
      {
        code: draft.code,
        percentOff: Number.isInteger(percent) ? percent : -1,
        amountOffCents: amount,
        maxUses: Number.isInteger(uses) ? uses : -1,
        expiresAt: fromLocalInput(draft.expiresAt),
        divisionIds: draft.divisionIds,
      },
      {
        onSuccess: () => {
          clearDraft(draftKey);
          setDraft(empty);
        },
      },
    );
  };
  const divisionName = (id: string) => divisions.find((d) => d.id === id)?.name ?? id;
  const describe = (c: DiscountCode) =>
    [
      c.percentOff > 0 ? t('discounts.percent', { percent: c.percentOff }) : t('discounts.amount', { amount: (c.amountOffCents / 100).toFixed(2) }),
      c.maxUses > 0 ? t('discounts.uses', { uses: c.uses, max: c.maxUses }) : t('discounts.usesNoLimit', { uses: c.uses }),
      c.expiresAt ? t('discounts.expires', { at: formatDateTime(c.expiresAt) }) : '',
      c.divisionIds.length > 0 ? c.divisionIds.map(divisionName).join(', ') : t('discounts.allDivisions'),
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <Card title={t('discounts.title')}>
      <p className="mb-3 text-sm text-slate-700">{t('discounts.help')}</p>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" noValidate>
        <FormField label={t('discounts.code')} htmlFor="discount-code" required error={fieldError('code')}>
          <Input
            id="discount-code"
            value={draft.code}
            autoComplete="off"
            invalid={!!fieldError('code')}
            onChange={(e) => set('code', e.target.value)}
          />
        </FormField>
        <FormField
          label={draft.kind === 'percent' ? t('discounts.percentOff') : t('discounts.amountOff')}
          htmlFor="discount-value"
          required
          error={fieldError('percentOff', 'amountOffCents')}
        >
          <div className="flex gap-2">
            <div className="w-20 shrink-0">
              <Select
                aria-label={t('discounts.percentOff') + ' / ' + t('discounts.amountOff')}
                value={draft.kind}
                onChange={(e) => set('kind', e.target.value as Draft['kind'])}
              >
                <option value="percent">%</option>
                <option value="amount">0.00</option>
              </Select>
            </div>
            <div className="min-w-0 flex-1">
              <Input
                id="discount-value"
                inputMode="decimal"
                value={draft.value}
                invalid={!!fieldError('percentOff', 'amountOffCents')}
                onChange={(e) => set('value', e.target.value)}
              />
            </div>
          </div>
        </FormField>
        <FormField label={t('discounts.maxUses')} htmlFor="discount-uses" error={fieldError('maxUses')}>
          <Input
            id="discount-uses"
            inputMode="numeric"
            value={draft.maxUses}
            invalid={!!fieldError('maxUses')}
            onChange={(e) => set('maxUses', e.target.value)}
          />
        </FormField>
        <FormField label={t('discounts.expiresAt')} htmlFor="discount-expires" error={fieldError('expiresAt')}>
          <Input
            id="discount-expires"
            type="datetime-local"
            value={draft.expiresAt}
            invalid={!!fieldError('expiresAt')}
            onChange={(e) => set('expiresAt', e.target.value)}
          />
        </FormField>
        {divisions.length > 0 && (
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-medium text-slate-700">{t('discounts.divisions')}</legend>
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {divisions.map((d) => (
                <label key={d.id} className="flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={draft.divisionIds.includes(d.id)}
                    onChange={(e) =>
                      set('divisionIds', e.target.checked ? [...draft.divisionIds, d.id] : draft.divisionIds.filter((id) => id !== d.id))
                    }
                  />
                  {d.name}
                </label>
              ))}
            </div>
            {fieldError('divisionIds') && (
              <p role="alert" className="mt-1 text-sm text-red-700">
                {fieldError('divisionIds')}
              </p>
            )}
          </fieldset>
        )}
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <Button type="submit" loading={create.isPending} className="min-h-11">
            {t('discounts.add')}
          </Button>
          {create.error && !field && (
            <span role="alert" className="text-sm text-red-700">
              {t('discounts.addFailed', { message: errorMessage(create.error) })}
            </span>
          )}
          {create.isSuccess && !create.isPending && (
            <span role="status" className="text-sm text-green-800">
              {t('discounts.added')}
            </span>
          )}
        </div>
      </form>
      {remove.error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {t('discounts.deleteFailed', { message: errorMessage(remove.error) })}
        </p>
      )}
      {/* A failed refresh keeps the codes it had on screen, the failure above them. */}
      {list.isError && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {t('discounts.loadFailed', { message: errorMessage(list.error) })}
        </p>
      )}
      {list.isError && !list.data ? null : list.data && list.data.length > 0 ? (
        <ul className="mt-4 divide-y divide-slate-100 text-sm">
          {list.data.map((c) => (
            <li key={c.id} className="flex items-start justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="font-mono font-medium break-words text-slate-900">{c.code}</p>
                <p className="break-words text-slate-700">{describe(c)}</p>
              </div>
              <Button
                size="sm"
                variant="secondary"
                className="min-h-11 shrink-0"
                loading={remove.isPending && remove.variables === c.id}
                onClick={() => remove.mutate(c.id)}
              >
                {t('discounts.delete')}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-slate-500">{t('discounts.none')}</p>
      )}
    </Card>
  );
}
