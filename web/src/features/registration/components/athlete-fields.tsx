import { useTranslation } from 'react-i18next';
import { FormField, Input, Select } from '@/components/form-field';
import { ApiError } from '@/lib/api/client';

type Props = {
  idPrefix: string;
  /** The division's composition's categories (none: not asked). */
  categories: string[];
  birthDateRequired: boolean;
  category: string;
  birthDate: string;
  onCategory: (category: string) => void;
  onBirthDate: (birthDate: string) => void;
  /** The last refusal: its message shows under the field it names. */
  error: unknown;
};

/** What a division asks of each athlete who registers or joins (docs/rosters.md): a category and a birth date. */
export function AthleteFields({ idPrefix, categories, birthDateRequired, category, birthDate, onCategory, onBirthDate, error }: Props) {
  const { t } = useTranslation('site');
  const fieldError = (field: string) => (error instanceof ApiError && error.field === field ? error.message : undefined);
  return (
    <>
      {categories.length > 0 && (
        <FormField label={t('roster.category')} htmlFor={`${idPrefix}-category`} required error={fieldError('category')}>
          <Select id={`${idPrefix}-category`} value={category} onChange={(e) => onCategory(e.target.value)} invalid={!!fieldError('category')}>
            <option value="">{t('roster.chooseCategory')}</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </FormField>
      )}
      {birthDateRequired && (
        <FormField label={t('roster.birthDate')} htmlFor={`${idPrefix}-birth`} required error={fieldError('birthDate')}>
          <Input id={`${idPrefix}-birth`} type="date" value={birthDate} onChange={(e) => onBirthDate(e.target.value)} invalid={!!fieldError('birthDate')} />
        </FormField>
      )}
    </>
  );
}
