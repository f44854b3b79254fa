import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { errorMessage } from '@/components/error-panel';
import { FormField, Input, Select, Textarea } from '@/components/form-field';
import { ApiError } from '@/lib/api/client';
import { formatDateTime } from '@/lib/dates';
import { RULES, useCreateOverride, useDeleteOverride, useOverrides, type OverrideInput } from '../api/eligibility';

// Keys written out whole, as the catalogues' check reads them.
const RULE_KEYS = {
  age: 'eligibility.rules.age',
  category: 'eligibility.rules.category',
  membership: 'eligibility.rules.membership',
  drop_back: 'eligibility.rules.drop_back',
} as const;

const empty = (divisionId: string): OverrideInput => ({ divisionId, athleteEmail: '', rule: 'membership', reason: '' });

/** The organiser's overrides: one athlete (by their account's address) past one rule of one
 * division, with a reason the activity records. The typed override survives a refusal. */
export function OverridesCard({ eventId, divisions }: { eventId: string; divisions: { id: string; name: string }[] }) {
  const { t } = useTranslation('console');
  const list = useOverrides(eventId);
  const create = useCreateOverride(eventId);
  const remove = useDeleteOverride(eventId);
  const [draft, setDraft] = useState<OverrideInput>(empty(''));
  const divisionId = draft.divisionId || divisions[0]?.id || '';
  const field = create.error instanceof ApiError ? create.error.field : null;
  const fieldError = (f: string) => (field === f ? errorMessage(create.error) : undefined);
  const set = <K extends keyof OverrideInput>(k: K, v: OverrideInput[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ ...draft, divisionId }, { onSuccess: () => setDraft(empty(divisionId)) });
  };
  return (
    <Card title={t('eligibility.overridesTitle')}>
      <p className="mb-3 text-sm text-slate-700">{t('eligibility.overridesHelp')}</p>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" noValidate>
        <FormField label={t('eligibility.division')} htmlFor="override-division" required error={fieldError('divisionId')}>
          <Select id="override-division" value={divisionId} onChange={(e) => set('divisionId', e.target.value)}>
            {divisions.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label={t('eligibility.rule')} htmlFor="override-rule" required error={fieldError('rule')}>
          <Select id="override-rule" value={draft.rule} onChange={(e) => set('rule', e.target.value)} invalid={!!fieldError('rule')}>
            {RULES.map((r) => (
              <option key={r} value={r}>
                {t(RULE_KEYS[r])}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label={t('eligibility.athleteEmail')} htmlFor="override-email" required error={fieldError('athleteEmail')}>
          <Input
            id="override-email"
            type="email"
            autoComplete="off"
            value={draft.athleteEmail}
            invalid={!!fieldError('athleteEmail')}
            onChange={(e) => set('athleteEmail', e.target.value)}
          />
        </FormField>
        <FormField label={t('eligibility.reason')} htmlFor="override-reason" required error={fieldError('reason')}>
          <Textarea id="override-reason" rows={2} value={draft.reason} invalid={!!fieldError('reason')} onChange={(e) => set('reason', e.target.value)} />
        </FormField>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <Button type="submit" loading={create.isPending} className="min-h-11">
            {t('eligibility.overrideAdd')}
          </Button>
          {create.error && !['divisionId', 'rule', 'athleteEmail', 'reason'].includes(field ?? '') && (
            <span role="alert" className="text-sm text-red-700">
              {t('eligibility.overrideFailed', { message: errorMessage(create.error) })}
            </span>
          )}
        </div>
      </form>
      {remove.error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {t('eligibility.overrideDeleteFailed', { message: errorMessage(remove.error) })}
        </p>
      )}
      {list.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {t('eligibility.loadFailed', { message: errorMessage(list.error) })}
        </p>
      ) : list.data && list.data.overrides.length > 0 ? (
        <ul className="mt-4 divide-y divide-slate-100 text-sm">
          {list.data.overrides.map((o) => (
            <li key={o.id} className="flex items-start justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900">
                  {o.athleteEmail} · {o.divisionName} · {o.ruleLabel}
                </p>
                <p className="break-words text-slate-700">{o.reason}</p>
                <p className="text-xs text-slate-500">{t('eligibility.overrideBy', { by: o.createdBy, at: formatDateTime(o.createdAt) })}</p>
              </div>
              <Button
                size="sm"
                variant="secondary"
                className="min-h-11 shrink-0"
                loading={remove.isPending && remove.variables === o.id}
                onClick={() => remove.mutate(o.id)}
              >
                {t('eligibility.overrideDelete')}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-slate-500">{t('eligibility.overridesNone')}</p>
      )}
    </Card>
  );
}
