// Making judge cards (docs/judging.md): for one heat, or every heat of a workout; one card per
// lane, or one for all lanes.
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { FormField, Select } from '@/components/form-field';
import { InlineAlert, failureText } from '@/components/inline-alert';
import type { JudgeLink, JudgeStation, Workout } from '@/lib/api/types';
import { fullName, resultWorkouts } from '@/lib/workout-parts';
import { useHeats } from '../api/heats';
import { useCreateJudgeLinks } from '../api/judge-links';

type Mode = 'lane' | 'all';

export function JudgeLinksForm({ eventId, workouts, workoutId: initialWorkout, heatId: initialHeat, onMade }: {
  eventId: string;
  workouts: Workout[];
  workoutId: string;
  heatId: string;
  onMade: (links: JudgeLink[]) => void;
}) {
  // A judge card enters results: a workout with parts has none, its parts are listed.
  const entered = resultWorkouts(workouts);
  const [workoutId, setWorkoutId] = useState(initialWorkout || entered[0]?.id || '');
  const [heatId, setHeatId] = useState(initialHeat);
  const [mode, setMode] = useState<Mode>('lane');
  const heats = useHeats(eventId, workoutId);
  const create = useCreateJudgeLinks(eventId);
  const heat = heats.data?.find((h) => h.id === heatId);
  // Every heat: a card per lane number any heat of the workout uses.
  const laneNumbers = heat
    ? heat.lanes.map((l) => l.lane)
    : [...new Set((heats.data ?? []).flatMap((h) => h.lanes.map((l) => l.lane)))].sort((a, b) => a - b);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const stations: JudgeStation[] = mode === 'all' || laneNumbers.length === 0 ? [{ lanes: [] }] : laneNumbers.map((n) => ({ lanes: [n] }));
    create.mutate({ workoutId, heatId: heatId || undefined, stations }, { onSuccess: onMade });
  };

  return (
    <form onSubmit={submit} className="space-y-3">
      <FormField label="Workout" htmlFor="judge-workout">
        <Select id="judge-workout" value={workoutId} onChange={(e) => (setWorkoutId(e.target.value), setHeatId(''))}>
          {entered.map((w) => (
            <option key={w.id} value={w.id}>
              {fullName(w, workouts)}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Heat" htmlFor="judge-heat">
        <Select id="judge-heat" value={heatId} onChange={(e) => setHeatId(e.target.value)}>
          <option value="">Every heat of the workout</option>
          {(heats.data ?? []).map((h) => (
            <option key={h.id} value={h.id}>
              Heat {h.number}
            </option>
          ))}
        </Select>
      </FormField>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-700">Cards</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="judge-mode" checked={mode === 'lane'} onChange={() => setMode('lane')} />
          One card per lane{laneNumbers.length > 0 ? ` (${laneNumbers.length})` : ''}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="judge-mode" checked={mode === 'all'} onChange={() => setMode('all')} />
          One card for all lanes
        </label>
      </fieldset>
      <InlineAlert message={create.isError ? failureText('The judge cards were not made', create.error) : null} />
      <Button type="submit" loading={create.isPending} disabled={!workoutId}>
        Make Judge Cards
      </Button>
    </form>
  );
}
