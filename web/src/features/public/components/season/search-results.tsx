import { Link } from 'react-router';
import type { PublicSearchResults, PublicSearchTeam } from '../../api/types';
import { athletes } from '../../rules/display';

function TeamLine({ team }: { team: PublicSearchTeam }) {
  const names = athletes(team.athlete1Name, team.athlete2Name);
  return (
    <li>
      <Link to={`/public/teams/${team.id}`} className="block rounded-lg border border-slate-200 bg-white px-3 py-2 hover:border-blue-300">
        <span className="font-medium text-slate-900">{team.name}</span>
        <span className="block text-sm text-slate-600">
          {team.eventName} · {team.divisionName}
          {names ? ` · ${names}` : ''}
        </span>
      </Link>
    </li>
  );
}

/** What a search found, by kind; each hit links to its page. */
export function SearchResults({ results }: { results: PublicSearchResults }) {
  const none = results.events.length + results.teams.length + results.athletes.length === 0;
  if (none) return <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-slate-600">Nothing found. Check the spelling or try part of the name.</p>;
  return (
    <div className="space-y-6">
      {results.athletes.length > 0 && (
        <section aria-labelledby="hits-athletes">
          <h2 id="hits-athletes" className="mb-2 text-lg font-semibold">Athletes</h2>
          <ul className="space-y-3">
            {results.athletes.map((a) => (
              <li key={`${a.name} ${a.athleteId}`}>
                {a.athleteId ? (
                  <Link to={`/public/athletes/${a.athleteId}`} className="font-medium text-blue-700 hover:underline">
                    {a.name}
                  </Link>
                ) : (
                  <p className="font-medium text-slate-900">{a.name}</p>
                )}
                <ul className="mt-1 space-y-1">
                  {a.teams.map((t) => (
                    <TeamLine key={t.id} team={t} />
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      )}
      {results.teams.length > 0 && (
        <section aria-labelledby="hits-teams">
          <h2 id="hits-teams" className="mb-2 text-lg font-semibold">Teams</h2>
          <ul className="space-y-1">
            {results.teams.map((t) => (
              <TeamLine key={t.id} team={t} />
            ))}
          </ul>
        </section>
      )}
      {results.events.length > 0 && (
        <section aria-labelledby="hits-events">
          <h2 id="hits-events" className="mb-2 text-lg font-semibold">Events</h2>
          <ul className="space-y-1">
            {results.events.map((e) => (
              <li key={e.id}>
                <Link to={`/public/events/${e.id}/leaderboard`} className="block rounded-lg border border-slate-200 bg-white px-3 py-2 hover:border-blue-300">
                  <span className="font-medium text-slate-900">{e.name}</span>
                  <span className="block text-sm text-slate-600">{e.dateRange}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
