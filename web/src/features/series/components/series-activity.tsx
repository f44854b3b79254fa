import { Button } from "@/components/button";
import { ErrorPanel } from "@/components/error-panel";
import { LoadingPlaceholder } from "@/components/loading-placeholder";
import { formatDateTime } from "@/lib/dates";
import { useSeriesActivity } from "../api/series";

/**
 * What changed in the series' setup, who changed it and when, newest first (docs/series.md,
 * "What changed"): settings, ranking, events added or removed, division mappings.
 */
export function SeriesActivity({ seriesId }: { seriesId: string }) {
  const activity = useSeriesActivity(seriesId);
  const entries = activity.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <section
      aria-labelledby="series-activity"
      className="mt-6 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="series-activity" className="mb-3 text-lg font-semibold">
        Activity
      </h2>
      {activity.isPending ? (
        <LoadingPlaceholder />
      ) : !activity.data ? (
        <ErrorPanel
          title="Failed to load the series' activity"
          error={activity.error}
          onRetry={() => void activity.refetch()}
        />
      ) : entries.length === 0 ? (
        <p className="text-sm text-slate-500">
          Changes to this series show here.
        </p>
      ) : (
        <ol aria-label="Series activity" className="divide-y divide-slate-100">
          {entries.map((e) => (
            <li
              key={e.id}
              className="flex flex-col gap-0.5 py-2 text-sm sm:flex-row sm:items-baseline sm:gap-4"
            >
              <time
                dateTime={e.at}
                className="w-40 shrink-0 text-xs text-slate-500"
              >
                {formatDateTime(e.at)}
              </time>
              <span className="flex-1 break-words text-slate-800">
                {e.summary}
              </span>
              <span className="text-xs text-slate-500">{e.actor}</span>
            </li>
          ))}
        </ol>
      )}
      {activity.hasNextPage && (
        <div className="mt-3">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void activity.fetchNextPage()}
            loading={activity.isFetchingNextPage}
          >
            Load older
          </Button>
        </div>
      )}
      {activity.isFetchNextPageError && (
        <ErrorPanel
          title="Failed to load older activity"
          error={activity.error}
        />
      )}
    </section>
  );
}
