// The judge's phone screen (/judge, docs/heats.md): pick event, workout, heat and lane, then
// enter the lane's score. The choices live in the address, so a reload or a sign-in comes back
// to the same lane. Phone first: one column, 390 px, big targets within a thumb's reach.
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { cn } from '@/components/cn';
import { Spinner } from '@/components/spinner';
import { useHeats } from '../api/heats';
import { laneState, resultsByTeam } from '../rules/heat-progress';
import { heatClock } from '@/lib/heat-time';
import { useEvent, useEvents } from '@/lib/queries/events';
import { useResultGrid } from '@/lib/queries/results';
import { JudgeLane } from './judge-lane';

const selectClass = 'block w-full rounded-xl border-2 border-slate-300 bg-white px-3 py-3 text-lg focus:border-blue-600 focus:outline-none';

function Picker({ label, value, onChange, children, loading }: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: ReactNode;
  loading?: boolean;
}) {
  return (
    <label className="block">
      <span className="mb-1 flex items-center gap-2 text-sm font-medium text-slate-700">
        {label} {loading && <Spinner size="sm" />}
      </span>
      <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} className={selectClass}>
        {children}
      </select>
    </label>
  );
}

export function JudgeScreen() {
  const [params, setParams] = useSearchParams();
  const eventId = params.get('event') ?? '';
  const workoutId = params.get('workout') ?? '';
  const heatId = params.get('heat') ?? '';
  const laneNo = Number(params.get('lane') ?? 0);
  // Choosing a step clears the steps after it.
  const choose = (key: 'event' | 'workout' | 'heat' | 'lane', value: string) => {
    const order = ['event', 'workout', 'heat', 'lane'];
    const next = new URLSearchParams(params);
    order.slice(order.indexOf(key)).forEach((k) => next.delete(k));
    if (value) next.set(key, value);
    setParams(next);
  };

  const events = useEvents();
  const event = useEvent(eventId, Boolean(eventId)); // its workouts come in workout order
  const heats = useHeats(eventId, workoutId);
  const grid = useResultGrid(eventId, { workoutId }, Boolean(eventId && workoutId));
  const workout = event.data?.workouts.find((w) => w.id === workoutId);
  const heat = heats.data?.find((h) => h.id === heatId);
  const lane = heat?.lanes.find((l) => l.lane === laneNo);
  const results = resultsByTeam(grid.data?.rows);
  const failed = [events, event, heats].find((q) => q.isError);

  return (
    <div className="mx-auto min-h-screen max-w-md bg-slate-50 px-4 pb-10 pt-3">
      <header className="mb-4 flex items-center justify-between">
        <h1 className="text-xl font-bold text-slate-900">Judge</h1>
        <Link to="/admin/events" className="text-sm text-blue-700 underline">
          Console
        </Link>
      </header>
      {failed && (
        <p role="alert" className="mb-3 rounded-lg bg-red-50 p-3 text-red-800">
          {failed.error?.message}
        </p>
      )}
      <div className="space-y-3">
        <Picker label="Event" value={eventId} onChange={(v) => choose('event', v)} loading={events.isPending}>
          <option value="">Choose the event</option>
          {events.data?.map((e) => (
            <option key={e.id} value={e.id}>
              {e.name}
            </option>
          ))}
        </Picker>
        {eventId && (
          <Picker label="Workout" value={workoutId} onChange={(v) => choose('workout', v)} loading={event.isPending}>
            <option value="">Choose the workout</option>
            {event.data?.workouts.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </Picker>
        )}
        {workoutId && (
          <Picker label="Heat" value={heatId} onChange={(v) => choose('heat', v)} loading={heats.isPending}>
            <option value="">{heats.data?.length === 0 ? 'No heats yet' : 'Choose the heat'}</option>
            {heats.data?.map((h) => (
              <option key={h.id} value={h.id}>
                Heat {h.number} · {heatClock(h.startTime)}
              </option>
            ))}
          </Picker>
        )}
      </div>

      {heat && !lane && (
        <nav aria-label="Lanes" className="mt-5 grid gap-2">
          {heat.lanes.map((l) => {
            const s = laneState(results, l.teamId);
            return (
              <button
                key={l.lane}
                type="button"
                onClick={() => choose('lane', String(l.lane))}
                className={cn(
                  'flex min-h-16 items-center gap-3 rounded-xl border-2 bg-white px-4 text-left',
                  s.entered ? 'border-green-500' : 'border-slate-300',
                )}
              >
                <span className="text-2xl font-bold tabular-nums text-slate-500">{l.lane}</span>
                <span className="flex-1 text-lg font-semibold">{l.teamName}</span>
                {s.entered && <span className="text-sm font-medium text-green-700">✓ entered</span>}
              </button>
            );
          })}
          {heat.lanes.length === 0 && <p className="text-slate-600">This heat has no teams.</p>}
        </nav>
      )}

      {heat && lane && workout && (
        <div className="mt-5">
          <button type="button" onClick={() => choose('lane', '')} className="mb-3 min-h-12 text-base font-medium text-blue-700 underline">
            ← Heat {heat.number} lanes
          </button>
          <JudgeLane
            key={`${heat.id}:${lane.lane}:${lane.teamId}`}
            heatId={heat.id}
            lane={lane}
            workout={workout}
            saved={laneState(results, lane.teamId).result}
            onBack={() => choose('lane', '')}
            onNext={() => {
              const next = heat.lanes.find((l) => l.lane > lane.lane);
              choose('lane', next ? String(next.lane) : '');
            }}
          />
        </div>
      )}
    </div>
  );
}
