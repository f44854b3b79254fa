import { useQuery } from '@tanstack/react-query';
import { SEASON_REFRESH_MS, seasonQueries } from '@/features/public/api/season';
import { PageError, PageLoading } from '@/features/public/components/common';
import { HomeSections } from '@/features/public/components/season/home-sections';
import { SearchBox } from '@/features/public/components/season/search-box';

/** The federation's home (/public): what is live, what comes next, who won, the series. */
export default function HomeRoute() {
  const query = useQuery({ ...seasonQueries.home(), refetchInterval: SEASON_REFRESH_MS });
  return (
    <div>
      <div className="mb-6">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">The season</h1>
        <p className="mt-1 text-sm text-slate-600">Live results, upcoming events and the series standings.</p>
        <SearchBox className="mt-4 max-w-xl" />
      </div>
      {query.isPending ? (
        <PageLoading text="Loading..." />
      ) : query.isError ? (
        <PageError message="Failed to load the home page. Please try again later." />
      ) : (
        <HomeSections home={query.data} />
      )}
    </div>
  );
}
