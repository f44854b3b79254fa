import { useState } from 'react';
import { Link } from 'react-router';
import { seriesCsvUrl } from '../../api/season';
import type { PublicSeries, PublicSeriesDivision, PublicSeriesStanding } from '../../api/types';
import { formatNumber, medal } from '../../rules/display';

/**
 * One competitor's events: counted ones as they add up, dropped ones (best N) struck through;
 * ranked by athlete, each with the athlete's team there.
 */
function Contributions({ series, standing, divisionName }: { series: PublicSeries; standing: PublicSeriesStanding; divisionName: string }) {
  return (
    <ul className="mt-2 space-y-1 border-t border-slate-100 pt-2 text-sm" aria-label={`Events of ${standing.name}`}>
      {standing.events.map((c) => {
        const ev = series.events[c.eventIndex];
        return (
          <li key={c.eventIndex} className={`flex flex-wrap items-baseline justify-between gap-x-3 ${c.counted ? 'text-slate-700' : 'text-slate-400'}`}>
            <Link to={`/public/events/${c.eventId}/divisions/${c.divisionId}/leaderboard`} className="font-medium text-blue-700 hover:underline">
              {ev?.name ?? 'Event'}
            </Link>
            <span className={c.counted ? '' : 'line-through'}>
              #{c.place} in {divisionName}
              {standing.athleteId && c.teamName ? ` with ${c.teamName}` : ''} · {formatNumber(c.points)} pts{c.counted ? '' : ' (dropped)'}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function StandingRow({ series, standing, divisionName }: { series: PublicSeries; standing: PublicSeriesStanding; divisionName: string }) {
  const [open, setOpen] = useState(false);
  const m = medal(standing.rank);
  const rank = <span className="w-10 shrink-0 text-center font-semibold text-slate-700">{m ?? `#${standing.rank}`}</span>;
  const tied = standing.tied && <span className="ml-2 text-xs font-normal text-slate-500">tied on points</span>;
  const total = <span className="shrink-0 font-semibold tabular-nums text-slate-900">{formatNumber(standing.totalPoints)}</span>;
  const arrow = (
    <span aria-hidden className="shrink-0 text-slate-400">
      {open ? '▴' : '▾'}
    </span>
  );
  return (
    <li className="rounded-lg border border-slate-200 bg-white px-3 py-2">
      {standing.athleteId ? (
        // Ranked by athlete: the name links to the athlete's page, so the toggle is its own button.
        <div className="flex w-full items-center gap-3">
          {rank}
          <span className="min-w-0 flex-1 break-words">
            <Link to={`/public/athletes/${standing.athleteId}`} className="font-medium text-blue-700 hover:underline">
              {standing.name}
            </Link>
            {tied}
          </span>
          {total}
          <button type="button" className="shrink-0 px-1" aria-expanded={open} aria-label={`Events of ${standing.name}`} onClick={() => setOpen((o) => !o)}>
            {arrow}
          </button>
        </div>
      ) : (
        <button type="button" className="flex w-full items-center gap-3 text-left" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {rank}
          <span className="min-w-0 flex-1 break-words font-medium text-slate-900">
            {standing.name}
            {tied}
          </span>
          {total}
          {arrow}
        </button>
      )}
      {open && <Contributions series={series} standing={standing} divisionName={divisionName} />}
    </li>
  );
}

function DivisionStandings({ series, division }: { series: PublicSeries; division: PublicSeriesDivision }) {
  return (
    <section aria-labelledby={`division-${division.id}`} className="mb-8">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`division-${division.id}`} className="text-lg font-semibold text-slate-900">
          {division.name}
        </h2>
        <a href={seriesCsvUrl(series.id, division.id)} download className="text-sm font-medium text-blue-700 underline-offset-2 hover:underline">
          Download CSV
        </a>
      </div>
      {division.standings.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-slate-600">No published results yet.</p>
      ) : (
        <ol className="space-y-2">
          {division.standings.map((s) => (
            <StandingRow key={`${s.rank}-${s.athleteId || s.name}`} series={series} standing={s} divisionName={division.name} />
          ))}
        </ol>
      )}
      {division.unrankedTeams.length > 0 && (
        <p className="mt-2 text-sm text-slate-600">
          Not ranked, without an athlete account (entered by hand): {division.unrankedTeams.join(', ')}.
        </p>
      )}
    </section>
  );
}

/** A series' standings per division, each team (or athlete) expandable to the events that count. */
export function SeriesStandings({ series }: { series: PublicSeries }) {
  const [divisionId, setDivisionId] = useState<string | null>(null);
  const shown = series.divisions.filter((d) => divisionId === null || d.id === divisionId);
  return (
    <div>
      {series.divisions.length > 1 && (
        <div className="mb-4 flex flex-wrap gap-2" role="group" aria-label="Divisions">
          {[{ id: null, name: 'All divisions' }, ...series.divisions].map((d) => (
            <button
              key={d.id ?? 'all'}
              type="button"
              aria-pressed={divisionId === d.id}
              onClick={() => setDivisionId(d.id)}
              className={`rounded-full border px-3 py-1 text-sm ${divisionId === d.id ? 'border-blue-600 bg-blue-600 text-white' : 'border-slate-300 bg-white text-slate-700'}`}
            >
              {d.name}
            </button>
          ))}
        </div>
      )}
      {shown.map((d) => (
        <DivisionStandings key={d.id} series={series} division={d} />
      ))}
    </div>
  );
}
