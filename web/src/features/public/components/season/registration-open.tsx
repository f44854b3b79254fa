import { Link } from 'react-router';
import type { HomeRegistration, HomeRegistrationDivision } from '../../api/types';

function placesText(d: HomeRegistrationDivision): string {
  if (d.waitlistOnly) return 'Full: waiting list';
  return `${d.placesLeft} ${d.placesLeft === 1 ? 'place' : 'places'} left`;
}

/** A listed event with divisions open for registration now: places left, fee, until when. */
export function RegistrationCard({ reg }: { reg: HomeRegistration }) {
  return (
    <article className="flex flex-col rounded-xl border border-blue-200 bg-white p-4 shadow-sm">
      <h3 className="text-lg font-semibold text-slate-900">{reg.eventName}</h3>
      <p className="text-sm text-slate-600">
        {reg.dateRange}
        {reg.location ? ` · ${reg.location}` : ''}
      </p>
      <ul className="mt-2 divide-y divide-slate-100 text-sm" aria-label={`Divisions open at ${reg.eventName}`}>
        {reg.divisions.map((d) => (
          <li key={d.divisionId} className="py-1.5">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-medium text-slate-900">{d.divisionName}</span>
              <span className={d.waitlistOnly ? 'text-amber-700' : 'font-medium text-green-700'}>{placesText(d)}</span>
            </div>
            <p className="text-xs text-slate-500">
              {d.feeLabel} · {d.windowLabel}
            </p>
          </li>
        ))}
      </ul>
      <Link
        to={`/public/events/${reg.eventId}#register`}
        className="mt-3 inline-flex self-start rounded-md bg-blue-600 px-3 py-2 text-sm font-medium text-white hover:bg-blue-700"
        aria-label={`Register for ${reg.eventName}`}
      >
        Register
      </Link>
    </article>
  );
}
