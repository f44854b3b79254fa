import { useTranslation } from 'react-i18next';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/button';
import { useEventPermissions } from '@/lib/auth/use-permissions';

type QuickActionsProps = { eventId?: string };

/** The Quick Actions menu: event pages, their lists, all events and create division; the setup
 * pages only for those who may change the event's setup. It closes as menus do: on Esc (focus
 * back on its button), on a click anywhere outside it, and when an action is chosen. */
export function QuickActions({ eventId }: QuickActionsProps) {
  const { t } = useTranslation('console');
  const { manage } = useEventPermissions(eventId ?? '');
  const menu = useRef<HTMLDetailsElement>(null);
  const actions = [
    ...(eventId ? [{ label: t('quick.viewEvent'), to: `/admin/events/${eventId}` }] : []),
    ...(eventId && manage
      ? [
          { label: t('quick.divisions'), to: `/admin/events/${eventId}/divisions` },
          { label: t('quick.teams'), to: `/admin/events/${eventId}/teams` },
          { label: t('quick.workouts'), to: `/admin/events/${eventId}/workouts` },
        ]
      : []),
    { label: t('quick.allEvents'), to: '/admin/events' },
    ...(eventId && manage ? [{ label: t('quick.createDivision'), to: `/admin/events/${eventId}/divisions/new` }] : []),
  ];

  useEffect(() => {
    const close = (focus: boolean) => {
      const details = menu.current;
      if (!details?.open) return;
      details.open = false;
      if (focus) details.querySelector('summary')?.focus();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    const onPointer = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, []);

  return (
    <details ref={menu} className="relative">
      <summary className={`${buttonClasses('secondary')} cursor-pointer list-none`}>{t('quick.title')} ▾</summary>
      <ul className="absolute right-0 z-20 mt-1 w-48 rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg">
        {actions.map((action) => (
          <li key={action.label}>
            <Link
              to={action.to}
              onClick={() => menu.current?.removeAttribute('open')}
              className="block px-3 py-1.5 text-slate-700 hover:bg-slate-100"
            >
              {action.label}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
