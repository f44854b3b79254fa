// The Export Image control of the admin result entry toolbar. It exports what the public sees
// : the public workout leaderboard or the division's overall standings, with the
// server's ranks and points; "Include drafts" asks the server for the admin preview instead, and
// only an answer that really includes unpublished results marks the image as unofficial. Nothing
// is ranked here.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { ExportImageButton } from '@/features/export-image/components/export-image-button';
import type { ExportEntry } from '@/features/export-image/rules/export-image';
import { publicQueries } from '@/features/public/api/public';
import type { DivisionLeaderboard, WorkoutLeaderboard } from '@/features/public/api/types';
import type { Result } from '@/lib/api/types';

type Props = { eventId: string; workoutId: string; divisionId: string; rows: readonly Result[] };
export type ExportScope = 'workout' | 'division';

/** Every starting athlete in roster order, as the boards list them; a server without the list
 * gives a pair's two names. */
const athletesOf = (r: { athlete1Name: string; athlete2Name: string; athleteNames?: string[] }) =>
  (r.athleteNames?.length ? r.athleteNames : [r.athlete1Name, r.athlete2Name]).filter((n) => n.trim());

/** The workout's rows with a result (no placeholders), as the server ranked them, with its
 * points (null for a DNS). */
export const workoutEntries = (lb: WorkoutLeaderboard): ExportEntry[] =>
  lb.results
    .filter((r) => !r.isPlaceholder && r.status !== 'not_started')
    .map((r) => ({ rank: r.rank, teamName: r.teamName, totalPoints: r.points, result: r.result, athletes: athletesOf(r) }));

/** The division's overall standings of the teams with a result; withdrawn teams have no rank. */
export const divisionEntries = (lb: DivisionLeaderboard): ExportEntry[] =>
  lb.standings
    .filter((s) => s.workoutResults.some((r) => r.status !== 'not_started'))
    .map((s) => ({ rank: s.rank, teamName: s.teamName, totalPoints: s.totalPoints, result: null, athletes: athletesOf(s) }));

/** Changes whenever a saved result, its status or its publication changes in the grid. */
const savedSignature = (rows: readonly Result[]) =>
  rows.map((r) => `${r.id ?? ''}:${r.status}:${r.resultValue ?? ''}:${r.isPublished ? 1 : 0}`).join('|');

export function ResultEntryExport({ eventId, workoutId, divisionId, rows }: Props) {
  const id = useId();
  const [scope, setScope] = useState<ExportScope>('workout');
  const [includeDrafts, setIncludeDrafts] = useState(false);
  const workout = useQuery({ ...publicQueries.workoutLeaderboard(eventId, divisionId, workoutId, includeDrafts), enabled: scope === 'workout' });
  const division = useQuery({ ...publicQueries.divisionLeaderboard(eventId, divisionId, includeDrafts), enabled: scope === 'division' });
  const active = scope === 'workout' ? workout : division;
  const { refetch } = active;
  // The public views are not invalidated by admin writes: ask again when the grid's saved
  // results change (a save, a publish), so the export never shows an older state.
  const signature = savedSignature(rows);
  useEffect(() => {
    void refetch();
  }, [signature, refetch]);

  const w = scope === 'workout' ? workout.data : undefined;
  const d = scope === 'division' ? division.data : undefined;
  const lb = w ?? d;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label className="text-xs font-medium text-slate-600" htmlFor={`${id}-scope`}>
        Export
      </label>
      <select
        id={`${id}-scope`}
        value={scope}
        onChange={(e) => setScope(e.target.value as ExportScope)}
        className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
      >
        <option value="workout">This workout</option>
        <option value="division">Division overall</option>
      </select>
      <label className="inline-flex items-center gap-1.5 text-sm text-slate-700">
        <input type="checkbox" checked={includeDrafts} onChange={(e) => setIncludeDrafts(e.target.checked)} className="accent-amber-600" />
        Include drafts
      </label>
      <ExportImageButton
        eventId={eventId}
        eventName={lb?.event.name ?? ''}
        divisionName={lb?.division.name ?? ''}
        workoutName={w?.workout.name ?? null}
        entries={w ? workoutEntries(w) : d ? divisionEntries(d) : []}
        unofficial={lb?.includeUnpublished ?? false}
        teamSize={lb?.division.teamSize}
      />
    </div>
  );
}
