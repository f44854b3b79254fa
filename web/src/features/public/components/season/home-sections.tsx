import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { HomeEvent, PublicHome } from '../../api/types';
import { EventStatusBadge } from '../common';
import { formatNumber, lastUpdatedText, medal } from '../../rules/display';
import { RegistrationCard } from './registration-open';

function Section({ title, children, empty, id }: { title: string; children: ReactNode[]; empty: string; id: string }) {
  return (
    <section aria-labelledby={id} className="mb-8">
      <h2 id={id} className="mb-3 text-xl font-bold text-slate-900">
        {title}
      </h2>
      {children.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-slate-600">{empty}</p>
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">{children}</div>
      )}
    </section>
  );
}

function EventCard({ event, live, children }: { event: HomeEvent; live?: boolean; children?: ReactNode }) {
  return (
    <article className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="mb-2 flex items-center gap-2">
        {live ? (
          <span className="inline-flex items-center gap-1.5 rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-white">
            <span aria-hidden className="h-2 w-2 animate-pulse rounded-full bg-white" /> Live
          </span>
        ) : (
          <EventStatusBadge status={event.status} />
        )}
      </div>
      <h3 className="text-lg font-semibold text-slate-900">{event.name}</h3>
      <p className="text-sm text-slate-600">
        {event.dateRange}
        {event.location ? ` · ${event.location}` : ''}
      </p>
      {live && (
        <p className="mt-1 text-sm text-slate-700">
          {event.lastUpdated ? `Latest result ${lastUpdatedText(event.lastUpdated).toLowerCase()}` : 'No results published yet'}
        </p>
      )}
      {children}
      <Link to={`/public/events/${event.id}/leaderboard`} className="mt-3 inline-flex self-start rounded-md bg-blue-600 px-3 py-2 text-sm font-medium text-white hover:bg-blue-700">
        View Leaderboard
      </Link>
    </article>
  );
}

function Podiums({ event }: { event: HomeEvent }) {
  if (event.podiums.length === 0) return <p className="mt-2 text-sm text-slate-500">No published results.</p>;
  return (
    <div className="mt-2 space-y-2">
      {event.podiums.map((p) => (
        <div key={p.divisionId}>
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{p.divisionName}</p>
          <ol className="text-sm">
            {p.places.map((pl) => (
              <li key={pl.teamId} className="flex justify-between gap-2">
                <Link to={`/public/teams/${pl.teamId}`} className="min-w-0 break-words text-slate-800 hover:text-blue-700 hover:underline">
                  {medal(pl.rank) ?? `#${pl.rank}`} {pl.teamName}
                </Link>
                <span className="shrink-0 tabular-nums text-slate-600">{formatNumber(pl.totalPoints)}</span>
              </li>
            ))}
          </ol>
        </div>
      ))}
    </div>
  );
}

/** The federation's home: live now, registration open, the series, coming up and recent results. */
export function HomeSections({ home }: { home: PublicHome }) {
  return (
    <>
      <Section id="home-live" title="Live now" empty="No event is live right now.">
        {home.live.map((e) => (
          <EventCard key={e.id} event={e} live />
        ))}
      </Section>
      <Section id="home-registration" title="Registration open" empty="No registration is open right now.">
        {home.registrationOpen.map((r) => (
          <RegistrationCard key={r.eventId} reg={r} />
        ))}
      </Section>
      <Section id="home-series" title="Series" empty="No series yet.">
        {home.series.map((s) => (
          <Link key={s.id} to={`/public/series/${s.id}`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:shadow-md">
            <p className="text-lg font-semibold text-slate-900">{s.name}</p>
            <p className="text-sm text-slate-600">
              {s.season ? `${s.season} · ` : ''}
              {s.eventCount} {s.eventCount === 1 ? 'event' : 'events'}
            </p>
            <p className="mt-2 text-sm font-medium text-blue-700">Series standings</p>
          </Link>
        ))}
      </Section>
      <Section id="home-coming-up" title="Coming up" empty="No upcoming events announced.">
        {home.comingUp.map((e) => (
          <EventCard key={e.id} event={e} />
        ))}
      </Section>
      <Section id="home-recent" title="Recent results" empty="No results yet.">
        {home.recent.map((e) => (
          <EventCard key={e.id} event={e}>
            <Podiums event={e} />
          </EventCard>
        ))}
      </Section>
    </>
  );
}
