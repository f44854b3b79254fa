import { Link, useParams } from 'react-router';
import { SEASON_REFRESH_MS, seasonQueries } from '@/features/public/api/season';
import { seriesStream } from '@/features/public/api/stream';
import { LastUpdated, PageError, PageLoading } from '@/features/public/components/common';
import { SeriesStandings } from '@/features/public/components/season/series-standings';
import { useLiveQuery } from '@/features/public/hooks/use-live-query';
import { isNotFound } from '@/features/public/api/public';

/** A series' standings (/public/series/{id}). */
export default function SeriesRoute() {
  const { seriesId = '' } = useParams();
  // One stream for the whole series: a change in any of its events (or of the series, signalled
  // on its events) refetches the standings; without the stream they poll.
  const { query, softError } = useLiveQuery(seasonQueries.series(seriesId), SEASON_REFRESH_MS, seriesStream(seriesId));
  if (query.isPending) return <PageLoading text="Loading series..." />;
  if (query.isError && !query.data) {
    return isNotFound(query.error) ? <PageError message="Series not found." backToEvents retry={false} /> : <PageError message="Failed to load the series. Please try again later." />;
  }
  const s = query.data;
  const best = s.bestN > 0 && s.bestN < s.events.length ? `Best ${s.bestN} of ${s.events.length} events count.` : 'Every event counts.';
  return (
    <div>
      <nav className="mb-2 text-sm text-slate-500">
        <Link to="/public" className="hover:text-blue-700">
          Home
        </Link>{' '}
        / Series
      </nav>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{s.name}</h1>
      <p className="mt-1 text-sm text-slate-600">
        {s.season ? `${s.season} · ` : ''}
        {best}
        {s.ranking === 'athlete' ? ' Ranked by athlete: each athlete earns their team’s points at every event, whoever their partner was.' : ''}
      </p>
      {s.lastUpdated && <LastUpdated at={s.lastUpdated} softError={softError} fetching={query.isFetching} />}
      <ol className="my-4 flex flex-wrap gap-2 text-sm">
        {s.events.map((e, i) => (
          <li key={e.id}>
            <Link to={`/public/events/${e.id}/leaderboard`} className="inline-block rounded-full border border-slate-300 bg-white px-3 py-1 text-slate-700 hover:border-blue-400">
              {i + 1}. {e.name}
              {e.status === 'in_progress' ? ' · live' : ''}
            </Link>
          </li>
        ))}
      </ol>
      <SeriesStandings series={s} />
    </div>
  );
}
