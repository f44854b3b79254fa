import { useMemo, useState } from 'react';
import { ErrorPanel } from '@/components/error-panel';
import { Badge } from '@/components/badge';
import type { Result, ScoreTypeOption } from '@/lib/api/types';
import { useBatchSaveResults, useChangePublication, useDeleteResult, useDeleteResults } from '../api/results';
import { useGridShortcuts } from '../hooks/use-grid-shortcuts';
import { usePendingChanges } from '../hooks/use-pending-changes';
import { toResultInputs } from '../rules/pending-changes';
import { formatResultCell } from '../rules/result-display';
import { ResultEntryGrid } from './result-entry-grid';
import { ResultEntryInstructions } from './result-entry-instructions';
import { ResultEntryToolbar } from './result-entry-toolbar';
import { ResultHistoryPanel } from './result-history-panel';
import { ResultEntryExport } from '@/features/export-image/result-entry-export';

type EditorProps = {
  eventId: string;
  workoutId: string;
  divisionId: string;
  rows: readonly Result[];
  scoreTypes: readonly ScoreTypeOption[];
};

const ids = (rows: readonly Result[]) => rows.flatMap((r) => (r.id ? [r.id] : []));

/** The result grid with its toolbar: edits, validation, save, undo/redo, delete and publication. */
export function ResultEntryEditor({ eventId, workoutId, divisionId, rows, scoreTypes }: EditorProps) {
  const pending = usePendingChanges(rows);
  const save = useBatchSaveResults();
  const deleteOne = useDeleteResult();
  const deleteAll = useDeleteResults(eventId);
  const publication = useChangePublication();
  const [historyOf, setHistoryOf] = useState<string | null>(null);

  const saved = rows.filter((r) => r.id);
  const drafts = saved.filter((r) => !r.isPublished);
  const published = saved.filter((r) => r.isPublished);
  const invalidTeamIds = useMemo(() => new Set(pending.errors.map((e) => e.teamId)), [pending.errors]);
  const canSave = pending.count > 0 && !save.isPending && pending.errors.length === 0;

  const onSave = () => {
    if (!canSave) return;
    save.mutate(toResultInputs(pending.changes, rows), { onSuccess: pending.reset });
  };
  useGridShortcuts({ save: onSave, undo: pending.undo, redo: pending.redo });

  const onDelete = (row: Result) => {
    const value = pending.changes[row.teamId] ?? formatResultCell(row);
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
        onDiscard={pending.reset}
        onUndo={pending.undo}
        onRedo={pending.redo}
        onDeleteAll={onDeleteAll}
        onPublishAll={() => publication.mutate({ action: 'publish', resultIds: ids(drafts) })}
        onUnpublishAll={() => publication.mutate({ action: 'unpublish', resultIds: ids(published) })}
        exportSlot={<ResultEntryExport eventId={eventId} workoutId={workoutId} divisionId={divisionId} rows={rows} />}
      />
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
      {save.isError && <ErrorPanel title="Failed to save results" error={save.error} />}
      <ResultEntryGrid
        rows={rows}
        scoreTypes={scoreTypes}
        changes={pending.changes}
        invalidTeamIds={invalidTeamIds}
        onEdit={pending.edit}
        onTogglePublished={(row) => row.id && publication.mutate({ action: 'toggle', resultIds: [row.id] })}
        onDelete={onDelete}
        onHistory={(row) => setHistoryOf(row.id)}
      />
      {historyOf && <ResultHistoryPanel resultId={historyOf} onClose={() => setHistoryOf(null)} />}
      <ResultEntryInstructions />
    </>
  );
}
