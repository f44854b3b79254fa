import { useCallback, useMemo, useState } from 'react';
import type { Result } from '@/lib/api/types';
import { canRedo, canUndo, createHistory, pushHistory, redoHistory, undoHistory } from '@/lib/history';
import { applyEdit, validateChanges, withoutChange, type PendingChanges } from '../rules/pending-changes';

export type CellEdit = { teamId: string; text: string };

/** Tracked edits of the result grid with a 50-step undo/redo history and their validation. */
export function usePendingChanges(rows: readonly Result[]) {
  const [history, setHistory] = useState(() => createHistory<PendingChanges>({}));
  const changes = history.present;
  const errors = useMemo(() => validateChanges(changes, rows), [changes, rows]);

  const edit = useCallback(
    (edits: CellEdit[]) =>
      setHistory((h) => pushHistory(h, edits.reduce((acc, e) => applyEdit(acc, e.teamId, e.text), h.present))),
    [],
  );
  const forget = useCallback((teamId: string) => setHistory((h) => pushHistory(h, withoutChange(h.present, teamId))), []);
  const undo = useCallback(() => setHistory(undoHistory), []);
  const redo = useCallback(() => setHistory(redoHistory), []);
  const reset = useCallback(() => setHistory(createHistory<PendingChanges>({})), []);

  return {
    changes,
    count: Object.keys(changes).length,
    errors,
    canUndo: canUndo(history),
    canRedo: canRedo(history),
    edit,
    forget,
    undo,
    redo,
    reset,
  };
}
