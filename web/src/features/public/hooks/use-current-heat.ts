import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ScheduleHeat } from '@/lib/api/types';
import { nowAndNext } from '@/lib/heat-time';
import { publicQueries } from '../api/public';
import { useNow } from './use-live-refresh';

export type FloorHeat = ScheduleHeat & { workoutId: string; workoutName: string };

/**
 * The heat on the floor now and the one up next, from the published schedule and the viewer's
 * clock (lib/heat-time.ts); `now` ticks every `tickMs`. The schedule follows the event's live
 * stream like every public view of the event (api/stream.ts).
 */
export function useCurrentHeats(eventId: string, tickMs = 1000) {
  const schedule = useQuery({ ...publicQueries.schedule(eventId), enabled: !!eventId });
  const now = useNow(tickMs);
  const heats = useMemo<FloorHeat[]>(
    () => schedule.data?.workouts.flatMap((w) => w.heats.map((h) => ({ ...h, workoutId: w.workoutId, workoutName: w.name }))) ?? [],
    [schedule.data],
  );
  const current = nowAndNext(heats, new Date(now));
  return { schedule, now, current };
}
