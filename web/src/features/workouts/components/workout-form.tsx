import type { FormEvent, ReactNode } from 'react';
import { Badge } from '@/components/badge';
import { FormActions, FormField, Input, Select, Textarea } from '@/components/form-field';
import { useValidatedForm } from '@/components/use-validated-form';
import { Markdown } from '@/components/markdown';
import type { ScoreTypeOption, Workout } from '@/lib/api/types';
import { isCombined, validateWorkoutForm, WORKOUT_MESSAGES, type WorkoutFormErrors, type WorkoutFormValues } from '../rules/workout-form';
import { PartsFields } from './parts-fields';
import { TimeCapField } from './time-cap-field';
import { scoreTypeWord } from '@/lib/i18n/words';
import { useTranslation } from 'react-i18next';

type WorkoutFormProps = {
  initial: WorkoutFormValues;
  scoreTypes: readonly ScoreTypeOption[];
  /** The event's workouts: the headers a part may belong to (docs/scoring.md, "Multi-part workouts"). */
  workouts?: readonly Workout[];
  /** The workout being edited; none when creating. */
  selfId?: string;
  hasResults?: boolean;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (values: WorkoutFormValues) => void;
  onCancel: () => void;
  extraActions?: ReactNode;
  /** The server's refusal of the last submit, under the field it names (serverFieldErrors). */
  serverErrors?: WorkoutFormErrors;
  /** Called on any edit: the server's refusal no longer applies to what is typed. */
  onEdit?: () => void;
};

export function WorkoutForm(props: WorkoutFormProps) {
  const { initial, scoreTypes, workouts = [], selfId, hasResults, submitLabel, submitting, onSubmit, onCancel, extraActions, serverErrors, onEdit } = props;
  const form = useValidatedForm(initial, validateWorkoutForm);
  const { values, check } = form;
  const errors: WorkoutFormErrors = { ...serverErrors, ...form.errors };
  const set = <K extends keyof WorkoutFormValues>(key: K, value: WorkoutFormValues[K]) => {
    form.set(key, value);
    onEdit?.();
  };

  const { t } = useTranslation('console');
  // Until the score types arrive, the select holds the workout's own score type.
  const scoreTypeOptions = scoreTypes.length > 0 ? scoreTypes : [{ value: values.scoreType }];
  // A part of a combined workout has its workout's score type: the select shows it, fixed.
  const header = workouts.find((w) => w.id === values.partOf);
  const fixedScoreType = header && isCombined(header.parts) ? header.scoreType : undefined;
  const changeScoreType = (value: string) => {
    if (hasResults && !window.confirm(WORKOUT_MESSAGES.scoreTypeChange)) return;
    set('scoreType', value);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = check();
    if (!valid) return;
    if (hasResults && !window.confirm(WORKOUT_MESSAGES.saveWithResults)) return;
    onSubmit(valid);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {hasResults && (
        <div className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <Badge color="amber">{t('workouts.hasResults')}</Badge>
          <span>{t('workouts.form.hasResultsWarning')}</span>
        </div>
      )}
      <FormField label={t('workouts.fields.name')} htmlFor="workout-name" required error={errors.name}>
        <Input id="workout-name" value={values.name} invalid={!!errors.name} onChange={(e) => set('name', e.target.value)} />
      </FormField>
      <div className="grid gap-4 lg:grid-cols-2">
        <FormField label={t('workouts.fields.description')} htmlFor="workout-description" error={errors.description} help={t('workouts.form.markdownCount', { count: values.description.length })}>
          <Textarea
            id="workout-description"
            rows={10}
            value={values.description}
            invalid={!!errors.description}
            onChange={(e) => set('description', e.target.value)}
            className="font-mono"
          />
        </FormField>
        <div className="space-y-1">
          <span className="block text-sm font-medium text-slate-700">{t('workouts.form.preview')}</span>
          <div data-testid="markdown-preview" className="min-h-[15rem] rounded-md border border-slate-200 bg-slate-50 p-3">
            {values.description ? <Markdown>{values.description}</Markdown> : <p className="text-sm text-slate-500">{t('workouts.form.nothingToPreview')}</p>}
          </div>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label={t('workouts.fields.scoreType')} htmlFor="workout-score-type" required error={errors.scoreType} help={fixedScoreType && t('workouts.form.partsScoreType', { name: header?.name })}>
          <Select id="workout-score-type" value={values.scoreType} invalid={!!errors.scoreType} disabled={!!fixedScoreType} onChange={(e) => changeScoreType(e.target.value)}>
            {scoreTypeOptions.map((type) => (
              <option key={type.value} value={type.value}>
                {scoreTypeWord(type.value)}
              </option>
            ))}
          </Select>
        </FormField>
        <TimeCapField value={values.timeCap} error={errors.timeCap} onChange={(v) => set('timeCap', v)} />
        <FormField label={t('workouts.fields.order')} htmlFor="workout-order" error={errors.workoutOrder} help={t('workouts.form.orderHelp')}>
          <Input id="workout-order" type="number" min={1} step={1} value={values.workoutOrder} invalid={!!errors.workoutOrder} onChange={(e) => set('workoutOrder', e.target.value)} />
        </FormField>
      </div>
      <PartsFields
        values={values}
        errors={errors}
        workouts={workouts}
        selfId={selfId}
        onPartOf={(partOf) => {
          set('partOf', partOf);
          const h = workouts.find((w) => w.id === partOf);
          if (h && isCombined(h.parts)) set('scoreType', h.scoreType);
        }}
        onParts={(parts) => set('parts', parts)}
      />
      <FormActions submitLabel={submitLabel} submitting={submitting} onCancel={onCancel}>
        {extraActions}
      </FormActions>
    </form>
  );
}
