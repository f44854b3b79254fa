import { Link } from 'react-router';
import { buttonClasses } from '@/components/button';
import { useEventPermissions } from '@/features/access';

type QuickActionsProps = { eventId?: string };

/** The Quick Actions menu: event pages, their lists, all events and create division; the setup
 * pages only for those who may change the event's setup. */
export function QuickActions({ eventId }: QuickActionsProps) {
  const { manage } = useEventPermissions(eventId ?? '');
  const actions = [
    ...(eventId ? [{ label: 'View Event', to: `/admin/events/${eventId}` }] : []),
    ...(eventId && manage
      ? [
          { label: 'Event Divisions', to: `/admin/events/${eventId}/divisions` },
          { label: 'Teams', to: `/admin/events/${eventId}/teams` },
          { label: 'Workouts', to: `/admin/events/${eventId}/workouts` },
        ]
      : []),
    { label: 'All Events', to: '/admin/events' },
    ...(eventId && manage ? [{ label: 'Create Division', to: `/admin/events/${eventId}/divisions/new` }] : []),
  ];

  return (
    <details className="relative">
      <summary className={`${buttonClasses('secondary')} cursor-pointer list-none`}>Quick Actions ▾</summary>
      <ul className="absolute right-0 z-20 mt-1 w-48 rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg">
        {actions.map((action) => (
          <li key={action.label}>
            <Link to={action.to} className="block px-3 py-1.5 text-slate-700 hover:bg-slate-100">
              {action.label}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
