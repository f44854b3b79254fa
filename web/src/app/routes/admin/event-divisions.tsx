import { useParams } from 'react-router';
import { ButtonLink } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { QueryState } from '@/components/query-state';
import { EventSectionPage } from '@/app/admin-shell/event-section-page';
import { useEventDivisions } from '@/features/divisions/api/divisions';
import { DivisionsTable } from '@/features/divisions/components/divisions-table';

export default function EventDivisionsRoute() {
  const { eventId = '' } = useParams();
  const divisions = useEventDivisions(eventId);
  const create = (
    <ButtonLink variant="primary" to={`/admin/events/${eventId}/divisions/new`}>
      Create Division
    </ButtonLink>
  );

  return (
    <EventSectionPage eventId={eventId} title="Divisions" actions={create}>
      <QueryState query={divisions} errorTitle="Error loading divisions">
        {(list) =>
          list.length === 0 ? <EmptyState title="No divisions found" action={create} /> : <DivisionsTable divisions={list} />
        }
      </QueryState>
    </EventSectionPage>
  );
}
