import { Button } from '@/components/button';
import { Card } from '@/components/card';
import type { Workout } from '@/lib/api/types';
import { useReorderWorkouts } from '../api/workouts';

function moved(ids: string[], index: number, delta: number): string[] {
  const next = [...ids];
  const [id] = next.splice(index, 1);
  next.splice(index + delta, 0, id as string);
  return next;
}

/** The order workouts are run in (workouts given in that order); locked once any workout has results. */
export function WorkoutOrderCard({ eventId, workouts }: { eventId: string; workouts: readonly Workout[] }) {
  const reorder = useReorderWorkouts(eventId);
  const ids = workouts.map((w) => w.id);
  const locked = workouts.some((w) => w.hasResults);

  return (
    <Card title="Workout Order">
      {locked && <p className="mb-2 text-xs text-amber-700">Reordering is disabled because results have been entered.</p>}
      {reorder.isError && <p className="mb-2 text-xs text-red-700">{reorder.error.message}</p>}
      <ol className="space-y-1 text-sm">
        {workouts.map((w, index) => (
          <li key={w.id} className="flex items-center gap-2">
            <span className="w-6 text-right text-slate-500">{index + 1}.</span>
            <span className="flex-1">{w.name}</span>
            <Button size="sm" variant="ghost" aria-label={`Move ${w.name} up`} disabled={locked || index === 0 || reorder.isPending} onClick={() => reorder.mutate(moved(ids, index, -1))}>
              ↑
            </Button>
            <Button size="sm" variant="ghost" aria-label={`Move ${w.name} down`} disabled={locked || index === workouts.length - 1 || reorder.isPending} onClick={() => reorder.mutate(moved(ids, index, 1))}>
              ↓
            </Button>
          </li>
        ))}
      </ol>
    </Card>
  );
}
