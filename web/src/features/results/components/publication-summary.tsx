import { ProgressBar } from '@/components/progress-bar';
import type { GridFilter } from '@/lib/queries/results';
import { usePublicationStatus } from '../api/results';

/** Published / unpublished counts of the selected workout and division (cached 30 s, refreshed after publishing). */
export function PublicationSummary({ eventId, filter }: { eventId: string; filter: Required<GridFilter> }) {
  const status = usePublicationStatus(eventId, filter);
  if (!status.data) return null;
  const { publishedCount, unpublishedCount, percentage } = status.data;
  return (
    <div className="mb-3 flex max-w-md items-center gap-3 text-xs text-slate-600">
      <span className="whitespace-nowrap">
        Published {publishedCount} · Draft {unpublishedCount} · {Math.round(percentage)}%
      </span>
      <ProgressBar value={publishedCount} total={publishedCount + unpublishedCount} color="green" label="Published results" />
    </div>
  );
}
