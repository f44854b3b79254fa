import { Breadcrumbs } from '@/components/breadcrumbs';
import { ButtonLink } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { useRole } from '@/lib/auth/use-permissions';
import { canCreateEvents } from '@/lib/auth/permissions';
import { QuickActions } from '@/app/admin-shell/quick-actions';
import { useEvents } from '@/lib/queries/events';
import { EventsTable } from '@/features/events/components/events-table';
import { ImportEventButton } from '@/features/events/components/import-event-button';

export default function EventsListRoute() {
  const events = useEvents();
  const mayCreate = canCreateEvents(useRole());
  const create = mayCreate && (
    <ButtonLink variant="primary" to="/admin/events/new">
      Create Event
    </ButtonLink>
  );
  return (
    <>
      <Breadcrumbs items={[{ label: 'Events' }]} />
      <PageHeader title="Events" actions={<>{create}{mayCreate && <ImportEventButton />}<QuickActions /></>} />
      <QueryState query={events} errorTitle="Error loading events">
        {(list) => (list.length === 0 ? <EmptyState title="No events found" action={create || undefined} /> : <EventsTable events={list} />)}
      </QueryState>
    </>
  );
}
