import type { Result } from '@/lib/api/types';
import { useDeleteResult, useDeleteResults } from '../api/results';
import { isVisible, mayDelete } from '../rules/publication';
import type { usePendingChanges } from './use-pending-changes';

type Pending = ReturnType<typeof usePendingChanges>;
type Cell = { eventId: string; workoutId: string; divisionId: string };

/**
 * Deleting one result or every saved result of the grid, after the spec's confirmations. A
 * result the public sees is deleted only by those who may publish: the others get no Delete on
 * its row and no "Delete All Results" while the grid holds one (the server refuses them too).
 */
export function useResultDeletes({ eventId, workoutId, divisionId }: Cell, rows: readonly Result[], pending: Pending, canPublish: boolean) {
  const deleteOne = useDeleteResult();
  const deleteAll = useDeleteResults(eventId);
  const saved = rows.filter((r) => r.id);

  const remove = (row: Result) => {
    const value = pending.changes[row.teamId] ?? row.resultText;
    if (!window.confirm(`Delete result for ${row.teamName}? Current value: ${value || '—'}`)) return;
    pending.forget(row.teamId);
    if (row.id) {
      deleteOne.mutate(row.id, { onError: () => window.alert('Failed to delete result. Please try again.') });
    }
  };
  const removeAll = () => {
    if (!window.confirm(`Delete all ${saved.length} results for this workout and division? This cannot be undone.`)) return;
    deleteAll.mutate({ workoutId, divisionId }, { onError: () => window.alert('Failed to delete results. Please try again.') });
  };

  return {
    deletable: (row: Result) => mayDelete(row, canPublish),
    remove,
    removeAll: canPublish || !saved.some(isVisible) ? removeAll : undefined,
  };
}
