import type { ReactNode } from 'react';
import { Button } from '@/components/button';

type ToolbarProps = {
  changeCount: number;
  saving: boolean;
  canSave: boolean;
  canUndo: boolean;
  canRedo: boolean;
  savedCount: number;
  draftCount: number;
  publishedCount: number;
  onSave: () => void;
  /** Absent for callers who may not publish: saves and publishes the changes in one go. */
  onSaveAndPublish?: () => void;
  onDiscard: () => void;
  onUndo: () => void;
  onRedo: () => void;
  /** Absent when the caller may not delete every saved result (a scorer, some published). */
  onDeleteAll?: () => void;
  /** Absent for callers who may not publish (scorers): no publication buttons. */
  onPublishAll?: () => void;
  onUnpublishAll?: () => void;
  /** Slot for the Export Image control (built with the public site). */
  exportSlot?: ReactNode;
};

export function ResultEntryToolbar(props: ToolbarProps) {
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2" role="toolbar" aria-label="Result entry">
      <Button onClick={props.onSave} disabled={!props.canSave} loading={props.saving}>
        Save
      </Button>
      {props.onSaveAndPublish && (
        <Button variant="success" onClick={props.onSaveAndPublish} disabled={!props.canSave} loading={props.saving}>
          Save and publish
        </Button>
      )}
      <Button variant="secondary" onClick={props.onDiscard} disabled={props.changeCount === 0 || props.saving}>
        Discard
      </Button>
      <Button variant="ghost" onClick={props.onUndo} disabled={!props.canUndo} title="Ctrl/Cmd+Z">
        ↶ Undo
      </Button>
      <Button variant="ghost" onClick={props.onRedo} disabled={!props.canRedo} title="Ctrl+Y / Cmd+Shift+Z">
        ↷ Redo
      </Button>
      <span className="mx-1 h-6 w-px bg-slate-200" aria-hidden="true" />
      {props.onDeleteAll && props.savedCount > 0 && (
        <Button variant="danger" size="sm" onClick={props.onDeleteAll}>
          Delete All Results ({props.savedCount})
        </Button>
      )}
      {props.onPublishAll && props.draftCount > 0 && (
        <Button variant="success" size="sm" onClick={props.onPublishAll}>
          Publish All ({props.draftCount})
        </Button>
      )}
      {props.onUnpublishAll && props.publishedCount > 0 && (
        <Button variant="secondary" size="sm" onClick={props.onUnpublishAll}>
          Unpublish All ({props.publishedCount})
        </Button>
      )}
      {/* EXPORT IMAGE SLOT — the Export Image control goes here. */}
      <div data-slot="export-image" className="ml-auto">
        {props.exportSlot}
      </div>
    </div>
  );
}
