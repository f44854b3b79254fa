import { useParams } from "react-router";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { ErrorPanel } from "@/components/error-panel";
import { LoadingPlaceholder } from "@/components/loading-placeholder";
import { NoAccessState } from "@/components/no-access-state";
import { PageHeader } from "@/components/page-header";
import { canManageUsers, canWorkOnSeries } from "@/lib/auth/permissions";
import { useRole } from "@/lib/auth/use-permissions";
import { useEvents } from "@/lib/queries/events";
import { useUsers } from "@/lib/queries/users";
import { useSeries, useUpdateSeries } from "@/features/series/api/series";
import { SeriesAccessCard } from "@/features/series/components/series-access";
import { SeriesActivity } from "@/features/series/components/series-activity";
import { SeriesDivisionForm } from "@/features/series/components/series-division-form";
import { SeriesEvents } from "@/features/series/components/series-events";
import { SeriesForm } from "@/features/series/components/series-form";

function SeriesDetailScreen({ id, admin }: { id: string; admin: boolean }) {
  const series = useSeries(id);
  const users = useUsers(admin);
  const events = useEvents();
  const update = useUpdateSeries(id);
  if (series.isPending) return <LoadingPlaceholder />;
  if (series.isError)
    return (
      <ErrorPanel
        title="Failed to load the series"
        error={series.error}
        onRetry={() => void series.refetch()}
      />
    );
  const s = series.data;
  return (
    <>
      <Breadcrumbs
        items={[{ label: "Series", to: "/admin/series" }, { label: s.name }]}
      />
      <PageHeader
        title={s.name}
        subtitle={
          s.published ? "Published: shown on the public site" : "Not published"
        }
      />
      <div className="grid gap-6 lg:grid-cols-[2fr_3fr]">
        <section
          aria-labelledby="series-settings"
          className="rounded-lg border border-slate-200 bg-white p-4"
        >
          <h2 id="series-settings" className="mb-3 text-lg font-semibold">
            Settings
          </h2>
          <SeriesForm
            key={s.updatedAt}
            draftKey={`series:${s.id}`}
            initial={{
              name: s.name,
              season: s.season,
              description: s.description,
              scoringTable: s.scoringTable,
              bestN: s.bestN,
              published: s.published,
              ranking: s.ranking,
            }}
            submitLabel="Save Series"
            onSubmit={(f) => update.mutateAsync(f)}
          />
          {s.published && (
            <a
              href={`/public/series/${s.id}`}
              className="mt-4 inline-block text-sm font-medium text-blue-700 hover:underline"
            >
              View public standings
            </a>
          )}
        </section>
        <section aria-labelledby="series-events">
          <h2 id="series-events" className="mb-3 text-lg font-semibold">
            Events and divisions
          </h2>
          {events.isError ? (
            <ErrorPanel
              title="Failed to load events"
              error={events.error}
              onRetry={() => void events.refetch()}
            />
          ) : (
            <SeriesEvents series={s} events={events.data ?? []} />
          )}
          <SeriesDivisionForm series={s} />
          {admin && (
            <SeriesAccessCard seriesId={s.id} users={users.data ?? []} />
          )}
          <SeriesActivity seriesId={s.id} />
        </section>
      </div>
    </>
  );
}

export default function SeriesDetailRoute() {
  const role = useRole();
  const { seriesId = "" } = useParams();
  return canWorkOnSeries(role) ? (
    <SeriesDetailScreen id={seriesId} admin={canManageUsers(role)} />
  ) : (
    <NoAccessState />
  );
}
