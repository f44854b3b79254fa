import { Button } from '@/components/button';
import { ErrorPanel } from '@/components/error-panel';
import { LoadingPlaceholder } from '@/components/loading-placeholder';
import type { ResultHistoryEntry, ResultSnapshot } from '@/lib/api/types';
import { useResultHistory } from '../api/history';
import { formatDateTime } from '@/lib/dates';

const ACTION_LABELS: Record<ResultHistoryEntry['action'], string> = {
  created: 'Entered',
  updated: 'Changed',
  deleted: 'Deleted',
  published: 'Published',
  unpublished: 'Unpublished',
  rescored: 'Rescored',
};

/** A result as the server shows it (7:42, CAP +12, DNF), with its rank and points when it has them. */
export function snapshotText(s: ResultSnapshot | null): string {
  if (!s) return '—';
  const value = s.resultText || '—';
  const place = s.rank === null ? '' : ` · #${s.rank}`;
  const points = s.score === null ? '' : ` · ${s.score} pts`;
  const marks = `${s.scaled ? ' · Scaled' : ''}${s.penaltyText ? ` · penalty ${s.penaltyText}` : ''}${s.videoUrl ? ` · video ${s.videoUrl}` : ''}`;
  return `${value}${marks}${place}${points}${s.isPublished ? ' · public' : ' · draft'}`;
}

/** The History side panel of the result entry grid: who changed this score, when, from what. */
export function ResultHistoryPanel({ resultId, onClose }: { resultId: string; onClose: () => void }) {
  const history = useResultHistory(resultId);
  return (
    <aside
      aria-label="Result history"
      className="fixed inset-y-0 right-0 z-40 w-full max-w-sm overflow-y-auto border-l border-slate-200 bg-white p-5 shadow-xl"
    >
      <div className="mb-4 flex items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">History</h2>
          {history.data && (
            <p className="text-sm text-slate-600">
              {history.data.teamName} · {history.data.workoutName}
            </p>
          )}
        </div>
        <Button variant="secondary" size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
      {history.isPending ? (
        <LoadingPlaceholder />
      ) : history.isError ? (
        <ErrorPanel title="Failed to load the history" error={history.error} onRetry={() => history.refetch()} />
      ) : (
        <ol className="space-y-3">
          {history.data.entries.map((e, i) => (
            <li key={i} className="rounded-md border border-slate-200 p-3 text-sm">
              <div className="flex justify-between gap-2">
                <span className="font-medium text-slate-900">{ACTION_LABELS[e.action]}</span>
                <time dateTime={e.at} className="text-xs text-slate-500">
                  {formatDateTime(e.at)}
                </time>
              </div>
              <p className="text-xs text-slate-500">by {e.actor}</p>
              <p className="mt-1 font-mono text-xs text-slate-700">
                {e.before && <span>{snapshotText(e.before)}</span>}
                {e.before && e.after && <span aria-hidden> → </span>}
                {e.after && <span>{snapshotText(e.after)}</span>}
              </p>
            </li>
          ))}
        </ol>
      )}
    </aside>
  );
}
