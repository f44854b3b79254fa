import { Link } from 'react-router';
import type { PublicAthlete, PublicAthleteSeries, PublicAthleteTeam } from '../../api/types';
import { formatNumber, medal, rosterLine } from '../../rules/display';

/** One team of the athlete: event, division, its athletes and the team's published placing. */
function TeamCard({ team }: { team: PublicAthleteTeam }) {
  const names = rosterLine(team);
  const placing = team.withdrawn
    ? 'Withdrawn'
    : team.rank !== null
      ? `#${team.rank} of ${team.totalTeams} · ${formatNumber(team.totalPoints ?? 0)} pts`
      : 'No published results yet';
  const m = team.rank !== null && !team.withdrawn ? medal(team.rank) : null;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <Link to={`/public/teams/${team.teamId}`} className="text-lg font-semibold text-blue-700 hover:underline">
          {team.teamName}
        </Link>
        <span className={team.rank !== null ? 'font-semibold tabular-nums text-slate-900' : 'text-sm text-slate-500'}>
          {m && <span aria-hidden="true">{m} </span>}
          {placing}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        <Link to={`/public/events/${team.eventId}`} className="font-medium text-slate-800 hover:underline">
          {team.eventName}
        </Link>
        {team.dateRange ? ` · ${team.dateRange}` : ''} ·{' '}
        <Link to={`/public/events/${team.eventId}/divisions/${team.divisionId}/leaderboard`} className="hover:underline">
          {team.divisionName}
        </Link>
      </p>
      {names && <p className="mt-0.5 text-sm text-slate-500">{names}</p>}
    </li>
  );
}

function SeriesLine({ s }: { s: PublicAthleteSeries }) {
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-3 rounded-lg border border-slate-200 bg-white px-4 py-3">
      <span>
        <Link to={`/public/series/${s.seriesId}`} className="font-semibold text-blue-700 hover:underline">
          {s.seriesName}
        </Link>
        <span className="block text-sm text-slate-600">
          {s.season ? `${s.season} · ` : ''}
          {s.divisionName} · as {s.name}
        </span>
      </span>
      <span className="font-semibold tabular-nums text-slate-900">
        #{s.rank}
        {s.tied ? ' (tied)' : ''} · {formatNumber(s.totalPoints)} pts
      </span>
    </li>
  );
}

/** An athlete's public profile: who they are, their teams' published placings, their series. */
export function AthleteProfile({ athlete }: { athlete: PublicAthlete }) {
  if (athlete.former) {
    return (
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">{athlete.name}</h1>
        <p className="mt-1 text-sm text-slate-600">This athlete's account no longer exists.</p>
      </section>
    );
  }
  const about = [athlete.club, athlete.country].filter((v) => v.trim() !== '').join(' · ');
  return (
    <div className="space-y-6">
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{athlete.name}</h1>
        {about && <p className="mt-1 text-slate-700">{about}</p>}
      </section>
      <section aria-labelledby="athlete-teams">
        <h2 id="athlete-teams" className="mb-3 text-xl font-semibold text-slate-900">
          Teams ({athlete.teams.length})
        </h2>
        <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
          {athlete.teams.map((t) => (
            <TeamCard key={t.teamId} team={t} />
          ))}
        </ul>
      </section>
      {athlete.series.length > 0 && (
        <section aria-labelledby="athlete-series">
          <h2 id="athlete-series" className="mb-3 text-xl font-semibold text-slate-900">
            Series
          </h2>
          <ul className="space-y-2">
            {athlete.series.map((s) => (
              <SeriesLine key={`${s.seriesId}:${s.divisionId}`} s={s} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
