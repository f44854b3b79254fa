import { useNavigate } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { Card } from '@/components/card';
import { ErrorPanel } from '@/components/error-panel';
import { PageHeader } from '@/components/page-header';
import { useCreateEvent } from '@/features/events/api/events';
import { EventForm } from '@/features/events/components/event-form';
import { emptyEventForm, toEventInput } from '@/features/events/rules/event-form';

export default function EventCreateRoute() {
  const navigate = useNavigate();
  const create = useCreateEvent();
  return (
    <>
      <Breadcrumbs items={[{ label: 'Events', to: '/admin/events' }, { label: 'Create' }]} />
      <PageHeader title="Create Event" />
      {create.isError && <ErrorPanel title="Failed to create event" error={create.error} />}
      <Card className="mt-4 max-w-2xl">
        <EventForm
          initial={emptyEventForm()}
          submitLabel="Create Event"
          submitting={create.isPending}
          onCancel={() => void navigate('/admin/events')}
          onSubmit={(values) =>
            create.mutate(toEventInput(values), { onSuccess: (event) => void navigate(`/admin/events/${event.id}`) })
          }
        />
      </Card>
    </>
  );
}
