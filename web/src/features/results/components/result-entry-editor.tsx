import type { HotTableRef } from '@handsontable/react-wrapper';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { errorMessage } from '@/components/error-panel';
import { Badge } from '@/components/badge';
import { failureText, InlineAlert } from '@/components/inline-alert';
import type { Result, ScoreTypeOption } from '@/lib/api/types';
import { PUBLICATION_FAILURE, useBatchSaveResults, useChangePublication, useDeleteResult, useDeleteResults } from '../api/results';
import { useGridShortcuts } from '../hooks/use-grid-shortcuts';
import { usePendingChanges } from '../hooks/use-pending-changes';
import { refusedTeamId, toResultInputs } from '../rules/pending-changes';
import { ResultEntryGrid } from './result-entry-grid';
import { ResultEntryInstructions } from './result-entry-instructions';
import { ResultEntryToolbar } from './result-entry-toolbar';
import { ResultHistoryPanel } from './result-history-panel';
import { DraftRestoredNotice } from '@/lib/unsaved/draft-restored-notice';
import { clearDraft } from '@/lib/unsaved/draft-store';
import type { SaveFailure, SaveReport } from '@/lib/unsaved/save-report';
import { ApiError } from '@/lib/api/client';
import { SaveReportPanel } from '@/lib/unsaved/save-report-panel';
import { useLeaveGuard } from '@/lib/unsaved/use-leave-guard';

type EditorProps = {
  eventId: string;
  workoutId: string;
  divisionId: string;
  rows: readonly Result[];
  scoreTypes: readonly ScoreTypeOption[];
  /** The toolbar's export control; the route composes it (export-image is another feature). */
  exportSlot?: ReactNode;
  /** Publication is the event organiser's; a scorer enters results only. */
  canPublish: boolean;
};

const ids = (rows: readonly Result[]) => rows.flatMap((r) => (r.id ? [r.id] : []));

/** The result grid with its toolbar: edits, validation, save, undo/redo, delete and publication. */
const draftKey = (workoutId: string, divisionId: string) => `result-entry:${workoutId}:${divisionId}`;

/** The other rows of a batch the server refused because of one row. */
const NOT_SAVED_WITH_REFUSED_ROW = 'not saved, because the save is all or nothing and another row was refused';

export function ResultEntryEditor({ eventId, workoutId, divisionId, rows, scoreTypes, canPublish, exportSlot }: EditorProps) {
  const key = draftKey(workoutId, divisionId);
  const pending = usePendingChanges(rows, key);
  const [showRestored, setShowRestored] = useState(pending.restoredCount > 0);
  const [report, setReport] = useState<SaveReport | null>(null);
  const [saveRequested, setSaveRequested] = useState(false);
  const gridRef = useRef<HotTableRef | null>(null);
  const save = useBatchSaveResults();
  const deleteOne = useDeleteResult();
  const deleteAll = useDeleteResults(eventId);
  const publication = useChangePublication();
  const [historyOf, setHistoryOf] = useState<string | null>(null);

  const saved = rows.filter((r) => r.id);
  const drafts = saved.filter((r) => !r.isPublished);
  const published = saved.filter((r) => r.isPublished);
  // The row the server refused in the last save stays marked until its text changes.
  const [refused, setRefused] = useState<{ teamId: string; text: string } | null>(null);
  const refusedNow = refused && pending.changes[refused.teamId] === refused.text ? refused.teamId : null;
  const invalidTeamIds = useMemo(
    () => new Set([...pending.errors.map((e) => e.teamId), ...(refusedNow ? [refusedNow] : [])]),
    [pending.errors, refusedNow],
  );
  const canSave = pending.count > 0 && !save.isPending && pending.errors.length === 0;

  const teamName = (teamId: string) => rows.find((r) => r.teamId === teamId)?.teamName ?? teamId;
  const onSave = () => {
    if (!canSave) return;
    const sent = pending.changes;
    const inputs = toResultInputs(sent, rows);
    const names = Object.keys(sent).map(teamName);
    setReport(null);
    setRefused(null);
    save.mutate(inputs, {
      onSuccess: () => {
        pending.settle(sent);
        setReport({ saved: names, failed: [] });
      },
      onError: (error) => {
        // The batch is one transaction: a refused row (the server names its field) keeps every
        // row unsaved; that row's cell is marked with the server's reason.
        const teamId = refusedTeamId(error instanceof ApiError ? error.field : null, inputs);
        if (teamId) setRefused({ teamId, text: sent[teamId] ?? '' });
        const failed: SaveFailure[] = inputs.map((input) => ({
          label: teamName(input.teamId),
          message: !teamId || input.teamId === teamId ? errorMessage(error) : NOT_SAVED_WITH_REFUSED_ROW,
        }));
        setReport({ saved: [], failed });
      },
    });
  };
  // Ctrl/Cmd+S may come while a cell is still open: commit it, then save once its edit is in state.
  const requestSave = () => {
    const hot = gridRef.current?.hotInstance;
    if (hot?.getActiveEditor()?.isOpened()) hot.getActiveEditor()?.finishEditing();
    setSaveRequested(true);
  };
  // After every render on purpose: the save must see the state the committed cell edit produced.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!saveRequested) return;
    setSaveRequested(false);
    onSave();
  });
  useGridShortcuts({ save: requestSave, undo: pending.undo, redo: pending.redo });
  const forgetDraft = useCallback(() => clearDraft(key), [key]);
  useLeaveGuard(pending.count > 0, forgetDraft);
  const discard = () => {
    pending.reset();
    setShowRestored(false);
  };

  const onDelete = (row: Result) => {
    const value = pending.changes[row.teamId] ?? row.resultText;
    if (!window.confirm(`Delete result for ${row.teamName}? Current value: ${value || '—'}`)) return;
    pending.forget(row.teamId);
    if (row.id) {
      deleteOne.mutate(row.id, { onError: () => window.alert('Failed to delete result. Please try again.') });
    }
  };

  const onDeleteAll = () => {
    if (!window.confirm(`Delete all ${saved.length} results for this workout and division? This cannot be undone.`)) return;
    deleteAll.mutate({ workoutId, divisionId }, { onError: () => window.alert('Failed to delete results. Please try again.') });
  };

  return (
    <>
      <ResultEntryToolbar
        changeCount={pending.count}
        saving={save.isPending}
        canSave={canSave}
        canUndo={pending.canUndo}
        canRedo={pending.canRedo}
        savedCount={saved.length}
        draftCount={drafts.length}
        publishedCount={published.length}
        onSave={onSave}
        onDiscard={discard}
        onUndo={pending.undo}
        onRedo={pending.redo}
        onDeleteAll={onDeleteAll}
        onPublishAll={canPublish ? () => publication.mutate({ action: 'publish', resultIds: ids(drafts) }) : undefined}
        onUnpublishAll={canPublish ? () => publication.mutate({ action: 'unpublish', resultIds: ids(published) }) : undefined}
        exportSlot={exportSlot}
      />
      {publication.isError && publication.variables && (
        <p className="mb-2">
          <InlineAlert message={failureText(PUBLICATION_FAILURE[publication.variables.action], publication.error)} onDismiss={publication.reset} />
        </p>
      )}
      <p className="mb-2 text-sm text-slate-600" aria-live="polite">
        {pending.count > 0 ? <Badge color="yellow">{pending.count} unsaved change(s)</Badge> : 'No unsaved changes'}
      </p>
      {pending.errors.length > 0 && (
        <ul role="alert" className="mb-3 space-y-0.5 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {pending.errors.map((e) => (
            <li key={e.teamId}>{e.message}</li>
          ))}
        </ul>
      )}
      {showRestored && pending.count > 0 && <DraftRestoredNotice count={pending.restoredCount} onDiscard={discard} />}
      {report && <SaveReportPanel report={report} noun={['result', 'results']} onDismiss={() => setReport(null)} />}
      <ResultEntryGrid
        gridRef={gridRef}
        rows={rows}
        scoreTypes={scoreTypes}
        changes={pending.changes}
        invalidTeamIds={invalidTeamIds}
        onEdit={pending.edit}
        onTogglePublished={canPublish ? (row) => row.id && publication.mutate({ action: 'toggle', resultIds: [row.id] }) : undefined}
        onDelete={onDelete}
        onHistory={(row) => setHistoryOf(row.id)}
      />
      {historyOf && <ResultHistoryPanel resultId={historyOf} onClose={() => setHistoryOf(null)} />}
      <ResultEntryInstructions />
    </>
  );
}
