import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Result } from '@/lib/api/types';
import { canRedo, canUndo, createHistory, pushHistory, redoHistory, undoHistory } from '@/lib/history';
import { loadDraft, saveDraft } from '@/lib/unsaved/draft-store';
import { applyEdit, validateChanges, withoutChange, type PendingChanges } from '../rules/pending-changes';

export type CellEdit = { teamId: string; text: string };

/**
 * Tracked edits of the result grid with a 50-step undo/redo history and their validation. The
 * edits are the screen's draft under `draftKey` (sessionStorage) until saved or discarded.
 */
export function usePendingChanges(rows: readonly Result[], draftKey: string) {
  const [restored] = useState(() => loadDraft<PendingChanges>(draftKey));
  const [history, setHistory] = useState(() => createHistory<PendingChanges>(restored ?? {}));
  const changes = history.present;
  const count = Object.keys(changes).length;
  const errors = useMemo(() => validateChanges(changes, rows), [changes, rows]);

  useEffect(() => saveDraft(draftKey, count > 0 ? changes : null), [draftKey, changes, count]);

  const edit = useCallback(
    (edits: CellEdit[]) =>
      setHistory((h) => pushHistory(h, edits.reduce((acc, e) => applyEdit(acc, e.teamId, e.text), h.present))),
    [],
  );
  const forget = useCallback((teamId: string) => setHistory((h) => pushHistory(h, withoutChange(h.present, teamId))), []);
  const undo = useCallback(() => setHistory(undoHistory), []);
  const redo = useCallback(() => setHistory(redoHistory), []);
  const reset = useCallback(() => setHistory(createHistory<PendingChanges>({})), []);
  /** Drops the changes that were saved; anything typed meanwhile stays. */
  const settle = useCallback(
    (saved: PendingChanges) =>
      setHistory((h) =>
        createHistory(Object.fromEntries(Object.entries(h.present).filter(([teamId, text]) => saved[teamId] !== text))),
      ),
    [],
  );

  return {
    changes,
    count,
    restoredCount: restored ? Object.keys(restored).length : 0,
    errors,
    canUndo: canUndo(history),
    canRedo: canRedo(history),
    edit,
    forget,
    undo,
    redo,
    reset,
    settle,
  };
}
