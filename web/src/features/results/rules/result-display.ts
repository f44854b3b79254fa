import type { Result, ScoreType } from '@/lib/api/types';
import { formatMmSs } from '@/lib/time';

/** The Result cell text of a saved result, in the same notation the admin types. */
export function formatResultCell(row: Pick<Result, 'status' | 'resultValue' | 'cappedReps' | 'scoreType'>): string {
  switch (row.status) {
    case 'capped':
      return `CAP+${row.cappedReps ?? 0}`;
    case 'dnf':
      return 'DNF';
    case 'dns':
      return 'DNS';
    case 'completed':
      if (row.resultValue === null) return '';
      return row.scoreType === 'TIME' ? formatMmSs(row.resultValue) : String(row.resultValue);
    default:
      return '';
  }
}

export function resultColumnHeader(scoreType: ScoreType | undefined): string {
  return scoreType === 'TIME' ? 'Result (MM:SS)' : 'Result';
}
