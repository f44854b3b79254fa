import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-panel';
import { FormField, Input, Select } from '@/components/form-field';
import { ApiError } from '@/lib/api/client';
import { useGenerateRotation } from '../api/organiser';

type Workout = { id: string; name: string };

/** The rotation's rules (docs/crew.md, "The judge rotation") and the button that makes it. */
export function RotationSettings({ eventId, workouts }: { eventId: string; workouts: Workout[] }) {
  const { t } = useTranslation('console');
  const generate = useGenerateRotation(eventId);
  const [heatMinutes, setHeatMinutes] = useState('15');
  const [restAfter, setRestAfter] = useState('3');
  const [avoidOwnClub, setAvoidOwnClub] = useState(false);
  const [levels, setLevels] = useState<Record<string, number>>({});
  const fieldError = (f: string) => (generate.error instanceof ApiError && generate.error.field === f ? generate.error.message : undefined);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    generate.mutate({
      heatMinutes: Number(heatMinutes),
      restAfter: Number(restAfter),
      avoidOwnClub,
      levels: Object.entries(levels).map(([workoutId, level]) => ({ workoutId, level })),
    });
  };
  const other = generate.error && !(generate.error instanceof ApiError && ['heatMinutes', 'restAfter', 'levels'].includes(generate.error.field ?? ''));
  return (
    <form onSubmit={submit} className="space-y-3 border-b border-slate-100 pb-4" noValidate>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <FormField label={t('crew.rotation.heatMinutes')} htmlFor="rot-minutes" error={fieldError('heatMinutes')}>
          <Input id="rot-minutes" type="number" min={1} max={240} value={heatMinutes} onChange={(e) => setHeatMinutes(e.target.value)} className="min-h-11" />
        </FormField>
        <FormField label={t('crew.rotation.restAfter')} htmlFor="rot-rest" error={fieldError('restAfter')}>
          <Input id="rot-rest" type="number" min={0} max={50} value={restAfter} onChange={(e) => setRestAfter(e.target.value)} className="min-h-11" />
        </FormField>
        {workouts.map((w) => (
          <FormField key={w.id} label={t('crew.rotation.level', { workout: w.name })} htmlFor={`rot-level-${w.id}`}>
            <Select
              id={`rot-level-${w.id}`}
              value={levels[w.id] ?? 0}
              onChange={(e) => setLevels({ ...levels, [w.id]: Number(e.target.value) })}
              className="min-h-11"
            >
              <option value={0}>{t('crew.rotation.anyLevel')}</option>
              {[1, 2, 3, 4].map((l) => (
                <option key={l} value={l}>
                  {t('crew.rotation.levelN', { level: l })}
                </option>
              ))}
            </Select>
          </FormField>
        ))}
      </div>
      {fieldError('levels') && (
        <p role="alert" className="text-sm text-red-700">
          {fieldError('levels')}
        </p>
      )}
      <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={avoidOwnClub} onChange={(e) => setAvoidOwnClub(e.target.checked)} className="h-4 w-4" />
        {t('crew.rotation.avoidOwnClub')}
      </label>
      <Button type="submit" loading={generate.isPending} className="min-h-11">
        {t('crew.rotation.generate')}
      </Button>
      {other && (
        <p role="alert" className="text-sm text-red-700">
          {t('crew.failed', { message: errorMessage(generate.error) })}
        </p>
      )}
    </form>
  );
}
