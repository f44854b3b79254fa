import { useTranslation } from 'react-i18next';
import { scoreTypeWord } from '@/lib/i18n/words';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-panel';
import { FormField, Input } from '@/components/form-field';
import { ApiError } from '@/lib/api/client';
import { useSubmitScore, type SubmissionWorkout } from '../api/submissions';
import { checkSubmission, formField, type SubmitFields } from '../rules/submit-form';

/** The form of one released, open workout: score, tiebreak and video link. */
export function SubmitForm({ eventId, workout }: { eventId: string; workout: SubmissionWorkout }) {
  const sub = workout.submission;
  const [fields, setFields] = useState<SubmitFields>({ result: sub?.resultText ?? '', tiebreak: '', videoUrl: sub?.videoUrl ?? '' });
  const [errors, setErrors] = useState<Partial<Record<keyof SubmitFields, string>>>({});
  const [formError, setFormError] = useState('');
  const [saved, setSaved] = useState(false);
  const submit = useSubmitScore(eventId, workout.workoutId);
  const id = (name: string) => `${workout.workoutId}-${name}`;
  const set = (name: keyof SubmitFields) => (e: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [name]: e.target.value }));
    setSaved(false);
  };

  const { t } = useTranslation('site');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setFormError('');
    const cap = { timeCapSeconds: workout.timeCapSeconds ?? null, timeCapText: workout.timeCapText ?? null };
    const check = checkSubmission(fields, workout.scoreType, cap, workout.videoRequired);
    if (!check.ok) {
      setErrors({ [check.field]: check.error });
      return;
    }
    setErrors({});
    submit.mutate(check.input, {
      onSuccess: () => setSaved(true),
      onError: (err) => {
        const field = err instanceof ApiError ? formField(err.field) : null;
        if (field) setErrors({ [field]: errorMessage(err) });
        else setFormError(errorMessage(err));
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 grid gap-3 sm:grid-cols-2" aria-label={`Submit your score for ${workout.name}`}>
      <FormField label="Score" htmlFor={id('result')} required error={errors.result} help={t('qualifiers.submit.scoreHelp', { scoreType: scoreTypeWord(workout.scoreType) })}>
        <Input id={id('result')} value={fields.result} onChange={set('result')} invalid={!!errors.result} autoComplete="off" />
      </FormField>
      <FormField label="Tiebreak" htmlFor={id('tiebreak')} error={errors.tiebreak} help="Optional: a time (M:SS) or a number">
        <Input id={id('tiebreak')} value={fields.tiebreak} onChange={set('tiebreak')} invalid={!!errors.tiebreak} autoComplete="off" />
      </FormField>
      <div className="sm:col-span-2">
        <FormField
          label="Video link"
          htmlFor={id('video')}
          required={workout.videoRequired}
          error={errors.videoUrl}
          help="https only: YouTube, Vimeo or any https address"
        >
          <Input id={id('video')} type="url" inputMode="url" value={fields.videoUrl} onChange={set('videoUrl')} invalid={!!errors.videoUrl} />
        </FormField>
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <Button type="submit" loading={submit.isPending}>
          {sub ? 'Update score' : 'Submit score'}
        </Button>
        {saved && (
          <span role="status" className="text-sm text-green-700">
            Score received.
          </span>
        )}
        {formError && (
          <span role="alert" className="text-sm text-red-700">
            {formError}
          </span>
        )}
      </div>
    </form>
  );
}
