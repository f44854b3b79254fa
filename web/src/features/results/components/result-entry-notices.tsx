import { Badge } from '@/components/badge';
import { InlineAlert } from '@/components/inline-alert';
import { DraftRestoredNotice } from '@/lib/unsaved/draft-restored-notice';
import type { SaveReport } from '@/lib/unsaved/save-report';
import { SaveReportPanel } from '@/lib/unsaved/save-report-panel';
import type { ChangeError } from '../rules/pending-changes';

type NoticesProps = {
  /** A failed publication change's alert text, null when there is none. */
  publicationFailure: string | null;
  onDismissPublicationFailure: () => void;
  changeCount: number;
  errors: readonly ChangeError[];
  /** How many typed values were restored from an earlier visit; 0 hides the notice. */
  restoredCount: number;
  onDiscard: () => void;
  report: SaveReport | null;
  onDismissReport: () => void;
  /** Published results with a change waiting for publication (rules/publication.ts); null: none. */
  pending: string | null;
  /** Publishing on a Draft event (rules/publication.ts draftEventNotice); null: not the case. */
  draftEvent: string | null;
};

/** What the result grid says above itself: failures, unsaved changes, their errors, the last save. */
export function ResultEntryNotices(props: NoticesProps) {
  return (
    <>
      {props.publicationFailure && (
        <p className="mb-2">
          <InlineAlert message={props.publicationFailure} onDismiss={props.onDismissPublicationFailure} />
        </p>
      )}
      <p className="mb-2 text-sm text-slate-600" aria-live="polite">
        {props.changeCount > 0 ? <Badge color="yellow">{props.changeCount} unsaved change(s)</Badge> : 'No unsaved changes'}
      </p>
      {props.errors.length > 0 && (
        <ul role="alert" className="mb-3 space-y-0.5 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {props.errors.map((e) => (
            <li key={e.teamId}>{e.message}</li>
          ))}
        </ul>
      )}
      {props.restoredCount > 0 && props.changeCount > 0 && <DraftRestoredNotice count={props.restoredCount} onDiscard={props.onDiscard} />}
      {props.draftEvent && (
        <p role="note" className="mb-3 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-700">
          {props.draftEvent}
        </p>
      )}
      {props.pending && (
        <p role="status" className="mb-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {props.pending}
        </p>
      )}
      {props.report && <SaveReportPanel report={props.report} noun={['result', 'results']} onDismiss={props.onDismissReport} />}
    </>
  );
}
