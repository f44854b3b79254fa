import { useTranslation } from 'react-i18next';
import { FormField, Select } from "@/components/form-field";
import type { Workout } from "@/lib/api/types";
import {
  PARTS_OPTIONS,
  type WorkoutFormErrors,
  type WorkoutFormValues,
} from "../rules/workout-form";

type PartsFieldsProps = {
  values: WorkoutFormValues;
  errors: WorkoutFormErrors;
  workouts: readonly Workout[];
  selfId?: string;
  onPartOf: (partOf: string) => void;
  onParts: (parts: string) => void;
};

/** A workout's place in a multi-part workout (docs/scoring.md, "Multi-part workouts"): a part
 * of a workout with parts, or a workout with parts and how they count. One level only: the
 * server refuses the rest, under the field it names. */
export function PartsFields({
  values,
  errors,
  workouts,
  selfId,
  onPartOf,
  onParts,
}: PartsFieldsProps) {
  const { t } = useTranslation('console');
  const headers = workouts.filter((w) => w.parts !== "" && w.id !== selfId);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        label={t('workouts.parts.partOf')}
        htmlFor="workout-part-of"
        error={errors.partOf}
        help={t('workouts.parts.partOfHelp')}
      >
        <Select
          id="workout-part-of"
          value={values.partOf}
          invalid={!!errors.partOf}
          onChange={(e) => onPartOf(e.target.value)}
        >
          <option value="">{t('workouts.parts.notAPart')}</option>
          {headers.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField
        label={t('workouts.parts.label')}
        htmlFor="workout-parts"
        error={errors.parts}
        help={t('workouts.parts.help')}
      >
        <Select
          id="workout-parts"
          value={values.parts}
          invalid={!!errors.parts}
          onChange={(e) => onParts(e.target.value)}
        >
          {PARTS_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {t(o.label)}
            </option>
          ))}
        </Select>
      </FormField>
    </div>
  );
}
