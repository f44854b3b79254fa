import type { MatrixCell } from '@/lib/api/types';

export type CellState = {
  missing: number;
  unpublished: number;
  /** Green: every team has a result and none is unpublished. */
  complete: boolean;
  canPublish: boolean;
  canUnpublish: boolean;
};

export function cellState(cell: Pick<MatrixCell, 'totalTeams' | 'entered' | 'published'>): CellState {
  const missing = Math.max(0, cell.totalTeams - cell.entered);
  const unpublished = Math.max(0, cell.entered - cell.published);
  return {
    missing,
    unpublished,
    complete: cell.totalTeams > 0 && missing === 0 && unpublished === 0,
    canPublish: unpublished > 0,
    canUnpublish: cell.entered > 0 && unpublished === 0,
  };
}

export function findCell(cells: readonly MatrixCell[], divisionId: string, workoutId: string): MatrixCell {
  return (
    cells.find((c) => c.divisionId === divisionId && c.workoutId === workoutId) ?? {
      divisionId,
      workoutId,
      totalTeams: 0,
      entered: 0,
      published: 0,
      resultIds: [],
    }
  );
}

/** A division row's published progress over all its cells. */
export function divisionPublished(cells: readonly MatrixCell[], divisionId: string): { published: number; total: number } {
  return cells
    .filter((c) => c.divisionId === divisionId)
    .reduce((sum, c) => ({ published: sum.published + c.published, total: sum.total + c.totalTeams }), { published: 0, total: 0 });
}
