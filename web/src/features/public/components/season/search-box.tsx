import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';

/** The public site's one search box: events, teams and athletes by name (/public/search). */
export function SearchBox({ initial = '', className = '' }: { initial?: string; className?: string }) {
  const [q, setQ] = useState(initial);
  const navigate = useNavigate();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    navigate(`/public/search?q=${encodeURIComponent(q.trim())}`);
  };
  return (
    <form role="search" onSubmit={submit} className={`flex gap-2 ${className}`}>
      <label className="sr-only" htmlFor="public-search">
        Search events, teams and athletes
      </label>
      <input
        id="public-search"
        type="search"
        value={q}
        maxLength={100}
        onChange={(e) => setQ(e.target.value)}
        placeholder="Search events, teams, athletes..."
        className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-blue-500 focus:outline-none focus:ring-1 focus:ring-blue-500"
      />
      <button type="submit" className="rounded-md bg-blue-600 px-3 py-2 text-sm font-medium text-white hover:bg-blue-700">
        Search
      </button>
    </form>
  );
}
