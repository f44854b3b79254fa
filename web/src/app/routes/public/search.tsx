import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { seasonQueries } from '@/features/public/api/season';
import { PageLoading } from '@/features/public/components/common';
import { SearchBox } from '@/features/public/components/season/search-box';
import { SearchResults } from '@/features/public/components/season/search-results';

/** Search across events, teams and athletes (/public/search?q=). */
export default function SearchRoute() {
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const query = useQuery(seasonQueries.search(q));
  return (
    <div>
      <h1 className="mb-3 text-2xl font-bold text-slate-900">Search</h1>
      <SearchBox key={q} initial={q} className="mb-6 max-w-xl" />
      {q.trim() === '' ? null : query.isPending ? (
        <PageLoading text="Searching..." />
      ) : query.isError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800">
          {query.error.message}
        </p>
      ) : (
        <SearchResults results={query.data} />
      )}
    </div>
  );
}
