import { useCallback, useEffect, useState } from 'react';
import type { Team } from '@/lib/api/types';
import { clearDraft, loadDraft, saveDraft } from '@/lib/unsaved/draft-store';
import { useLeaveGuard } from '@/lib/unsaved/use-leave-guard';
import { emptyRows, hasUnsavedChanges, initialGrid, rebaseRows, unsavedRows, type GridRow } from '../rules/grid-rows';

const draftKey = (divisionId: string) => `team-grid:${divisionId}`;

/**
 * The team grid's rows and the promise that typed rows are never lost
 * (docs/console-unsaved-data.md): unsaved rows are kept as a draft and restored on the next
 * visit, rows follow the server's list without dropping what was typed, and leaving with
 * unsaved rows asks first. `restored` is the draft found on arrival while its notice shows.
 */
export function useTeamGridRows(divisionId: string, teams: readonly Team[]) {
  const [restored] = useState(() => loadDraft<GridRow[]>(draftKey(divisionId)));
  const [rows, setRows] = useState<GridRow[]>(() => initialGrid(teams, restored));
  const [showRestored, setShowRestored] = useState(Boolean(restored?.length));
  const dirty = hasUnsavedChanges(rows);

  // The server's list changed (save, delete, refetch): follow it without dropping typed rows.
  useEffect(() => setRows((current) => rebaseRows(current, teams)), [teams]);
  useEffect(() => {
    const unsaved = unsavedRows(rows);
    saveDraft(draftKey(divisionId), unsaved.length > 0 ? unsaved : null);
  }, [rows, divisionId]);
  const forgetDraft = useCallback(() => clearDraft(draftKey(divisionId)), [divisionId]);
  useLeaveGuard(dirty, forgetDraft);

  const discard = () => {
    forgetDraft();
    setShowRestored(false);
    setRows([...rebaseRows([], teams), ...emptyRows()]);
  };

  return { rows, setRows, dirty, restored: showRestored ? restored : null, discard };
}
