// The Export Image control for the admin result entry toolbar: this workout's ranking in this
// division as image entries (rank, team, the workout's points, the result, the athletes).
import { useEvent } from '@/features/events/api/events';
import { formatResultCell } from '@/features/results/rules/result-display';
import { useDivisionTeams } from '@/features/teams/api/teams';
import type { Result } from '@/lib/api/types';
import { formatMSS } from '@/features/public/rules/display';
import { ExportImageButton } from './export-image-button';
import type { ExportEntry } from './rules';

type Props = { eventId: string; workoutId: string; divisionId: string; rows: readonly Result[] };

/** Saved results only (rows with a status other than not started), best rank first. */
export function toExportEntries(rows: readonly Result[], athletesByTeam: ReadonlyMap<string, string[]>): ExportEntry[] {
  return rows
    .filter((r) => r.id && r.status !== 'not_started')
    .map((r) => ({
      rank: r.rank,
      teamName: r.teamName,
      totalPoints: r.score,
      result:
        r.status === 'completed' && r.scoreType === 'TIME' && r.resultValue !== null
          ? formatMSS(r.resultValue)
          : formatResultCell(r).replace(/^CAP\+/, 'CAP +'),
      athletes: athletesByTeam.get(r.teamId) ?? [],
    }))
    .sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity) || a.teamName.localeCompare(b.teamName));
}

export function ResultEntryExport({ eventId, workoutId, divisionId, rows }: Props) {
  const event = useEvent(eventId);
  const teams = useDivisionTeams(divisionId);
  const athletes = new Map((teams.data ?? []).map((t) => [t.id, [t.athlete1Name, t.athlete2Name].filter(Boolean)]));
  const e = event.data;
  return (
    <ExportImageButton
      eventName={e?.name ?? ''}
      divisionName={e?.divisions.find((d) => d.id === divisionId)?.name ?? ''}
      workoutName={e?.workouts.find((w) => w.id === workoutId)?.name ?? null}
      entries={e ? toExportEntries(rows, athletes) : []}
    />
  );
}
