import { useTranslation } from 'react-i18next';
import { FormField, Input, Select } from '@/components/form-field';
import type { EligibilityInput } from '../api/registration';

/** What a division asks of each athlete (docs/eligibility.md); all false when the server has
 * not said (the partner's page learns it from a refusal naming the field). */
export type Asks = { membership: boolean; birthDate: boolean; categories: string[] };

export const FIELDS = ['memberNumber', 'birthDate', 'category'] as const;

/** The fields to send: only those the division asks. */
export function asked(asks: Asks, v: EligibilityInput): EligibilityInput {
  return {
    ...(asks.membership ? { memberNumber: v.memberNumber ?? '' } : {}),
    ...(asks.birthDate ? { birthDate: v.birthDate ?? '' } : {}),
    ...(asks.categories.length ? { category: v.category ?? '' } : {}),
  };
}

/** The athlete's member number, birth date and category when the division asks them. A
 * refusal's message (it names the rule) shows under its field. */
export function EligibilityFields({
  asks,
  value,
  onChange,
  fieldError,
  idPrefix,
}: {
  asks: Asks;
  value: EligibilityInput;
  onChange: (v: EligibilityInput) => void;
  fieldError: (field: string) => string | undefined;
  idPrefix: string;
}) {
  const { t } = useTranslation('site');
  return (
    <>
      {asks.membership && (
        <FormField label={t('eligibility.memberNumber')} htmlFor={`${idPrefix}-member`} required error={fieldError('memberNumber')} help={t('eligibility.memberNumberHelp')}>
          <Input
            id={`${idPrefix}-member`}
            value={value.memberNumber ?? ''}
            autoComplete="off"
            invalid={!!fieldError('memberNumber')}
            onChange={(e) => onChange({ ...value, memberNumber: e.target.value })}
          />
        </FormField>
      )}
      {asks.birthDate && (
        <FormField label={t('eligibility.birthDate')} htmlFor={`${idPrefix}-birth`} required error={fieldError('birthDate')}>
          <Input
            id={`${idPrefix}-birth`}
            type="date"
            value={value.birthDate ?? ''}
            invalid={!!fieldError('birthDate')}
            onChange={(e) => onChange({ ...value, birthDate: e.target.value })}
          />
        </FormField>
      )}
      {asks.categories.length > 0 && (
        <FormField label={t('eligibility.category')} htmlFor={`${idPrefix}-category`} required error={fieldError('category')}>
          <Select
            id={`${idPrefix}-category`}
            value={value.category ?? ''}
            invalid={!!fieldError('category')}
            onChange={(e) => onChange({ ...value, category: e.target.value })}
          >
            <option value="">{t('eligibility.categoryChoose')}</option>
            {asks.categories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </FormField>
      )}
    </>
  );
}
