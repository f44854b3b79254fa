import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { Card } from '@/components/card';
import { ErrorPanel } from '@/components/error-panel';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { useCreateDivision } from '@/features/divisions/api/divisions';
import { DivisionForm } from '@/features/divisions/components/division-form';
import { rosterFormValues, rosterInput } from '@/features/divisions/rules/roster';
import { useEvents } from '@/lib/queries/events';

export default function DivisionCreateRoute() {
  const params = useParams();
  const [search] = useSearchParams();
  const eventId = params.eventId ?? search.get('eventId') ?? '';
  const navigate = useNavigate();
  const events = useEvents();
  const create = useCreateDivision();
  const event = events.data?.find((e) => e.id === eventId);
  const back = eventId ? `/admin/events/${eventId}/divisions` : '/admin/events';

  return (
    <>
      <Breadcrumbs
        items={[
          { label: 'Events', to: '/admin/events' },
          ...(eventId ? [{ label: `Event: ${event?.name ?? '…'}`, to: `/admin/events/${eventId}` }, { label: 'Divisions', to: back }] : []),
          { label: 'Create' },
        ]}
      />
      <PageHeader title="Create Division" />
      {create.isError && <ErrorPanel title="Failed to create division" error={create.error} />}
      <QueryState query={events} errorTitle="Error loading events">
        {(list) => (
          <Card className="mt-4 max-w-2xl">
            <DivisionForm
              initial={{ name: '', description: '', eventId, ...rosterFormValues(undefined) }}
              events={list}
              eventLocked={false}
              submitLabel="Create Division"
              submitting={create.isPending}
              onCancel={() => void navigate(back)}
              onSubmit={(values) =>
                create.mutate(
                  { name: values.name, description: values.description, eventId: values.eventId, roster: rosterInput(values) },
                  { onSuccess: (division) => void navigate(`/admin/events/${division.eventId || values.eventId}/divisions`) },
                )
              }
            />
          </Card>
        )}
      </QueryState>
    </>
  );
}
