import { useCallback, useState, type ReactNode } from 'react';
import { failureText } from '@/components/inline-alert';
import type { Result } from '@/lib/api/types';
import { clearDraft } from '@/lib/unsaved/draft-store';
import { useLeaveGuard } from '@/lib/unsaved/use-leave-guard';
import { PUBLICATION_FAILURE, useChangePublication } from '../api/results';
import { useGridShortcuts } from '../hooks/use-grid-shortcuts';
import { usePendingChanges } from '../hooks/use-pending-changes';
import { useResultDeletes } from '../hooks/use-result-deletes';
import { useResultSave } from '../hooks/use-result-save';
import { draftEventNotice, pendingNotice } from '../rules/publication';
import { ResultEntryGrid } from './result-entry-grid';
import { ResultEntryInstructions } from './result-entry-instructions';
import { ResultEntryNotices } from './result-entry-notices';
import { ResultEntryToolbar } from './result-entry-toolbar';
import { ResultHistoryPanel } from './result-history-panel';
import { ResultMarksPanel } from './result-marks-panel';

type EditorProps = {
  eventId: string;
  workoutId: string;
  divisionId: string;
  rows: readonly Result[];
  /** The toolbar's export control; the route composes it (export-image is another feature). */
  exportSlot?: ReactNode;
  /** Publication is the event organiser's; a scorer enters results only. */
  canPublish: boolean;
  /** The event's status: publishing on a Draft event gets a hint that the public sees nothing yet. */
  eventStatus?: string;
};

const ids = (rows: readonly Result[]) => rows.flatMap((r) => (r.id ? [r.id] : []));

const draftKey = (workoutId: string, divisionId: string) => `result-entry:${workoutId}:${divisionId}`;

/**
 * The result grid with its toolbar, composed from one hook per job: typed changes
 * (usePendingChanges), saving (useResultSave), deleting (useResultDeletes) and publication.
 */
export function ResultEntryEditor({ eventId, workoutId, divisionId, rows, canPublish, eventStatus, exportSlot }: EditorProps) {
  const key = draftKey(workoutId, divisionId);
  const pending = usePendingChanges(rows, key);
  const save = useResultSave(rows, pending);
  const deletes = useResultDeletes({ eventId, workoutId, divisionId }, rows, pending, canPublish);
  const publication = useChangePublication();
  const [showRestored, setShowRestored] = useState(pending.restoredCount > 0);
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const [marksOf, setMarksOf] = useState<string | null>(null);
  const marksRow = marksOf ? rows.find((r) => r.id === marksOf) : undefined;

  const saved = rows.filter((r) => r.id);
  const drafts = saved.filter((r) => !r.isPublished);
  const published = saved.filter((r) => r.isPublished);

  useGridShortcuts({ save: save.save, undo: pending.undo, redo: pending.redo });
  const forgetDraft = useCallback(() => clearDraft(key), [key]);
  useLeaveGuard(pending.count > 0, forgetDraft);
  const discard = () => {
    pending.reset();
    setShowRestored(false);
  };

  return (
    <>
      <ResultEntryToolbar
        changeCount={pending.count}
        saving={save.saving}
        canSave={save.canSave}
        canUndo={pending.canUndo}
        canRedo={pending.canRedo}
        savedCount={saved.length}
        draftCount={drafts.length}
        publishedCount={published.length}
        onSave={save.save}
        onSaveAndPublish={canPublish ? save.saveAndPublish : undefined}
        onDiscard={discard}
        onUndo={pending.undo}
        onRedo={pending.redo}
        onDeleteAll={deletes.removeAll}
        onPublishAll={canPublish ? () => publication.mutate({ action: 'publish', resultIds: ids(drafts) }) : undefined}
        onUnpublishAll={canPublish ? () => publication.mutate({ action: 'unpublish', resultIds: ids(published) }) : undefined}
        exportSlot={exportSlot}
      />
      <ResultEntryNotices
        publicationFailure={
          publication.isError && publication.variables ? failureText(PUBLICATION_FAILURE[publication.variables.action], publication.error) : null
        }
        onDismissPublicationFailure={publication.reset}
        changeCount={pending.count}
        errors={pending.errors}
        restoredCount={showRestored ? pending.restoredCount : 0}
        onDiscard={discard}
        report={save.report}
        onDismissReport={save.dismissReport}
        pending={pendingNotice(rows, canPublish)}
        draftEvent={draftEventNotice(eventStatus, canPublish)}
      />
      <ResultEntryGrid
        gridRef={save.gridRef}
        rows={rows}
        changes={pending.changes}
        invalidTeamIds={save.invalidTeamIds}
        onEdit={pending.edit}
        onTogglePublished={canPublish ? (row) => row.id && publication.mutate({ action: 'toggle', resultIds: [row.id] }) : undefined}
        onDelete={deletes.remove}
        deletable={deletes.deletable}
        onHistory={(row) => setHistoryOf(row.id)}
        onMarks={(row) => setMarksOf(row.id)}
      />
      {historyOf && <ResultHistoryPanel resultId={historyOf} onClose={() => setHistoryOf(null)} />}
      {marksRow && <ResultMarksPanel key={marksRow.id} row={marksRow} onClose={() => setMarksOf(null)} />}
      <ResultEntryInstructions />
    </>
  );
}
