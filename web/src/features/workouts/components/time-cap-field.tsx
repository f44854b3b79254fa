import { FormField, Input } from '@/components/form-field';
import { reformatTimeCap, TIME_CAP_TEXT } from '../rules/time-cap';
import { useTranslation } from 'react-i18next';

type TimeCapFieldProps = { value: string; error?: string; onChange: (value: string) => void };

/** MM:SS entry; reformatted to padded MM:SS on blur; the x button clears it (no cap). */
export function TimeCapField({ value, error, onChange }: TimeCapFieldProps) {
  const { t } = useTranslation('console');
  return (
    <FormField label={t('workouts.fields.timeCap')} htmlFor="workout-time-cap" error={error} help={TIME_CAP_TEXT.help}>
      <div className="relative">
        <Input
          id="workout-time-cap"
          placeholder="MM:SS"
          inputMode="numeric"
          value={value}
          invalid={!!error}
          onChange={(e) => onChange(e.target.value)}
          onBlur={() => onChange(reformatTimeCap(value))}
          className="pr-9"
        />
        {value && (
          <button
            type="button"
            aria-label={t('workouts.timeCap.clear')}
            onClick={() => onChange('')}
            className="absolute inset-y-0 right-0 px-3 text-slate-400 hover:text-slate-700"
          >
            ×
          </button>
        )}
      </div>
    </FormField>
  );
}
