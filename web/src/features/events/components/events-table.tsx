import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/button';
import { useEventPermissions } from '@/lib/auth/use-permissions';
import { Table, Td, Th, Tr } from '@/components/table';
import type { Event } from '@/lib/api/types';
import { formatDate } from '@/lib/dates';
import { EventStatusBadge } from './event-status';

/** Edit only for those who may change the event (not its scorers). */
function EditEventLink({ eventId }: { eventId: string }) {
  const { t } = useTranslation('console');
  const { manage } = useEventPermissions(eventId);
  if (!manage) return null;
  return (
    <ButtonLink size="sm" to={`/admin/events/${eventId}/edit`}>
      {t('common.edit')}
    </ButtonLink>
  );
}

/** The events as the server lists them: by start date, then name. */
export function EventsTable({ events }: { events: readonly Event[] }) {
  const { t } = useTranslation('console');
  return (
    <Table>
      <thead>
        <tr>
          <Th>{t('events.fields.name')}</Th>
          <Th>{t('events.fields.status')}</Th>
          <Th>{t('events.fields.location')}</Th>
          <Th>{t('events.fields.dateFrom')}</Th>
          <Th>{t('events.fields.dateTo')}</Th>
          <Th className="text-right">{t('common.actions')}</Th>
        </tr>
      </thead>
      <tbody>
        {events.map((event) => (
          <Tr key={event.id}>
            <Td>
              <Link to={`/admin/events/${event.id}`} className="font-medium text-blue-700 hover:underline">
                {event.name}
              </Link>
            </Td>
            <Td>
              <EventStatusBadge event={event} />
            </Td>
            <Td>{event.location || '—'}</Td>
            <Td>{formatDate(event.dateFrom)}</Td>
            <Td>{formatDate(event.dateTo)}</Td>
            <Td className="space-x-2 text-right">
              <ButtonLink size="sm" to={`/admin/events/${event.id}`}>
                {t('common.view')}
              </ButtonLink>
              <EditEventLink eventId={event.id} />
            </Td>
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}
