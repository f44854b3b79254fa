import { Link } from 'react-router';
import type { Registration } from '../api/registration';
import { StateBadge } from './state-badge';

/** On an event's page, the signed-in athlete's own registrations there: state, what next and
 * how to pay, with the way to "My registrations". */
export function YourRegistrations({ registrations }: { registrations: Registration[] }) {
  return (
    <div className="mt-4 space-y-2" data-testid="your-registrations">
      {registrations.map((r) => (
        <div key={r.id} className="rounded-md bg-blue-50 p-3 text-sm text-blue-950">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            Your team {r.teamName} in {r.divisionName}: <StateBadge state={r.state} label={r.stateLabel} />
          </p>
          {r.nextStepLabel && <p className="mt-1">Next: {r.nextStepLabel}</p>}
          {r.state === 'waiting_payment' && r.howToPay && <p className="mt-1 whitespace-pre-line">{r.howToPay}</p>}
        </div>
      ))}
      <Link to="/public/me/registrations" className="inline-block text-sm font-medium text-blue-700 underline">
        My registrations
      </Link>
    </div>
  );
}
