// The schedule as it runs (docs/competition-day.md): the organiser marks the floor late or early
// from one heat on, in one action. Every later heat of the event moves too, other workouts'
// included; each keeps its planned time, which the screens show struck through.
import { useTranslation } from 'react-i18next';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { FormField, Input, Select } from '@/components/form-field';
import { InlineAlert } from '@/components/inline-alert';
import { ApiError } from '@/lib/api/client';
import type { Heat } from '@/lib/api/types';
import { heatClockText } from '@/lib/heat-time';
import { useShiftSchedule } from '../api/heats';

export function ShiftScheduleForm({ eventId, heats }: { eventId: string; heats: Heat[] }) {
  const { t } = useTranslation('console');
  const [from, setFrom] = useState('');
  const [minutes, setMinutes] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const shift = useShiftSchedule(eventId);
  const fromId = from || heats[0]?.id || '';
  const fieldError = (field: string) => (shift.error instanceof ApiError && shift.error.field === field ? shift.error.message : undefined);
  const otherError = shift.error && !fieldError('minutes') && !fieldError('fromHeatId') ? shift.error.message : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    const number = heats.find((h) => h.id === fromId)?.number ?? 0;
    shift.mutate(
      { fromHeatId: fromId, minutes: Number(minutes) },
      {
        onSuccess: (r) => {
          setDone(t('heats.shiftDone', { count: r.shiftedCount, number, minutes: Number(minutes) }));
          setMinutes('');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-3" aria-label={t('heats.shiftLabel')}>
      <p className="text-xs text-slate-500">{t('heats.shiftHelp')}</p>
      <FormField label={t('heats.shiftFrom')} htmlFor="shift-from" required error={fieldError('fromHeatId')}>
        <Select id="shift-from" value={fromId} onChange={(e) => setFrom(e.target.value)}>
          {heats.map((h) => (
            <option key={h.id} value={h.id}>
              {t('heats.shiftFromOption', { number: h.number, time: heatClockText(h.startTime, h.plannedStartTime) })}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label={t('heats.shiftMinutes')} htmlFor="shift-minutes" required error={fieldError('minutes')} help={t('heats.shiftMinutesHelp')}>
        <Input id="shift-minutes" type="number" step={1} min={-720} max={720} value={minutes} onChange={(e) => setMinutes(e.target.value)} />
      </FormField>
      <Button type="submit" loading={shift.isPending} disabled={!fromId || minutes.trim() === ''}>
        {t('heats.shiftSubmit')}
      </Button>
      <InlineAlert message={otherError} />
      {done && !shift.error && (
        <p className="text-sm text-green-700" role="status">
          {done}
        </p>
      )}
    </form>
  );
}
