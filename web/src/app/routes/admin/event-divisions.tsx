import { useParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { ButtonLink } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { QuickActions } from '@/features/admin-shell/components/quick-actions';
import { useEventDivisions } from '@/features/divisions/api/divisions';
import { DivisionsTable } from '@/features/divisions/components/divisions-table';
import { useEvent } from '@/features/events/api/events';

export default function EventDivisionsRoute() {
  const { eventId = '' } = useParams();
  const event = useEvent(eventId);
  const divisions = useEventDivisions(eventId);
  const eventName = event.data?.name ?? '…';
  const create = (
    <ButtonLink variant="primary" to={`/admin/events/${eventId}/divisions/new`}>
      Create Division
    </ButtonLink>
  );

  return (
    <>
      <Breadcrumbs items={[{ label: 'Events', to: '/admin/events' }, { label: `Event: ${eventName}`, to: `/admin/events/${eventId}` }, { label: 'Divisions' }]} />
      <PageHeader
        title="Divisions"
        subtitle={eventName}
        actions={
          <>
            {create}
            <ButtonLink to={`/admin/events/${eventId}`}>Back</ButtonLink>
            <QuickActions eventId={eventId} />
          </>
        }
      />
      <QueryState query={divisions} errorTitle="Error loading divisions">
        {(list) =>
          list.length === 0 ? <EmptyState title="No divisions found" action={create} /> : <DivisionsTable divisions={list} />
        }
      </QueryState>
    </>
  );
}
