import { Link, useNavigate } from "react-router";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { EmptyState } from "@/components/empty-state";
import { ErrorPanel } from "@/components/error-panel";
import { LoadingPlaceholder } from "@/components/loading-placeholder";
import { NoAccessState } from "@/components/no-access-state";
import { PageHeader } from "@/components/page-header";
import { canManageUsers, canWorkOnSeries } from "@/lib/auth/permissions";
import { useRole } from "@/lib/auth/use-permissions";
import { useCreateSeries, useSeriesList } from "@/features/series/api/series";
import {
  EMPTY_SERIES,
  SeriesForm,
} from "@/features/series/components/series-form";

function SeriesListScreen({ admin }: { admin: boolean }) {
  const list = useSeriesList();
  const create = useCreateSeries();
  const navigate = useNavigate();
  return (
    <>
      <Breadcrumbs items={[{ label: "Series" }]} />
      <PageHeader
        title="Series"
        subtitle="A season's events scored together: best N placings per team"
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="series-existing">
          <h2 id="series-existing" className="mb-3 text-lg font-semibold">
            Series
          </h2>
          {list.isPending ? (
            <LoadingPlaceholder />
          ) : list.isError ? (
            <ErrorPanel
              title="Failed to load series"
              error={list.error}
              onRetry={() => void list.refetch()}
            />
          ) : list.data.length === 0 ? (
            <EmptyState
              title={admin ? "No series yet" : "No series granted to you yet"}
            />
          ) : (
            <ul className="space-y-2">
              {list.data.map((s) => (
                <li key={s.id}>
                  <Link
                    to={`/admin/series/${s.id}`}
                    className="block rounded-lg border border-slate-200 bg-white px-4 py-3 hover:border-blue-300"
                  >
                    <span className="font-medium">{s.name}</span>
                    <span className="block text-sm text-slate-600">
                      {s.season || "No season"} · {s.events.length} events ·{" "}
                      {s.published ? "Published" : "Not published"}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        {admin && (
          <section
            aria-labelledby="series-new"
            className="rounded-lg border border-slate-200 bg-white p-4"
          >
            <h2 id="series-new" className="mb-3 text-lg font-semibold">
              New series
            </h2>
            <SeriesForm
              draftKey="series:new"
              initial={EMPTY_SERIES}
              submitLabel="Create Series"
              onSubmit={async (f) => {
                const s = await create.mutateAsync(f);
                void navigate(`/admin/series/${s.id}`);
              }}
            />
          </section>
        )}
      </div>
    </>
  );
}

export default function SeriesListRoute() {
  const role = useRole();
  return canWorkOnSeries(role) ? (
    <SeriesListScreen admin={canManageUsers(role)} />
  ) : (
    <NoAccessState />
  );
}
