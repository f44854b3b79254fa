// "Add to calendar": the event's iCalendar file (docs/finding-events.md), which phones open in
// their calendar app.
import { useTranslation } from 'react-i18next';
import { eventCalendarUrl } from '../api/public';
import { CalendarIcon } from './icons';

export function AddToCalendarLink({ eventId }: { eventId: string }) {
  const { t } = useTranslation('site');
  return (
    <a
      href={eventCalendarUrl(eventId)}
      download
      className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
    >
      <CalendarIcon className="h-4 w-4 text-slate-500" />
      {t('events.addToCalendar')}
    </a>
  );
}
