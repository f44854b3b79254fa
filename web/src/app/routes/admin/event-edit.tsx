import { useNavigate, useParams } from 'react-router';
import { matchLanguage } from '@/lib/i18n/languages';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { Card } from '@/components/card';
import { ErrorPanel } from '@/components/error-panel';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { QuickActions } from '@/app/admin-shell/quick-actions';
import { useUpdateEvent } from '@/features/events/api/events'
import { useEvent } from '@/lib/queries/events';
import { DeleteEventButton } from '@/features/events/components/delete-event-button';
import { EventForm } from '@/features/events/components/event-form';
import { emptyEventForm, toEventInput, type EventFormValues } from '@/features/events/rules/event-form';
import type { Event } from '@/lib/api/types';
import { toLocalInput } from '@/lib/local-time';

function toFormValues(event: Event): EventFormValues {
  return {
    ...emptyEventForm(),
    name: event.name,
    dateFrom: event.dateFrom,
    dateTo: event.dateTo,
    location: event.location,
    description: event.description,
    detailsVisible: event.detailsVisible,
    scoringTable: event.scoringTable || 'podium100',
    customPoints: (event.customPoints ?? []).join(', '),
    status: event.status,
    rosterLockAt: toLocalInput(event.rosterLockAt ?? ''),
    defaultLanguage: matchLanguage(event.defaultLanguage) ?? 'en',
  };
}

export default function EventEditRoute() {
  const { eventId = '' } = useParams();
  const navigate = useNavigate();
  const event = useEvent(eventId);
  const update = useUpdateEvent(eventId);
  const detail = `/admin/events/${eventId}`;

  return (
    <QueryState query={event} errorTitle="Failed to load event" notFound="Event not found">
      {(loaded) => (
        <>
          <Breadcrumbs items={[{ label: 'Events', to: '/admin/events' }, { label: `Event: ${loaded.name}`, to: detail }, { label: 'Edit' }]} />
          <PageHeader title="Edit Event" subtitle={loaded.name} actions={<QuickActions eventId={eventId} />} />
          {update.isError && <ErrorPanel title="Failed to update event" error={update.error} />}
          {loaded.status !== 'DRAFT' && (
            <p className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800">
              Events can be deleted only in Draft status.
            </p>
          )}
          <Card className="max-w-2xl">
            <EventForm
              initial={toFormValues(loaded)}
              withStatus
              submitLabel="Save Changes"
              submitting={update.isPending}
              onCancel={() => void navigate(detail)}
              onSubmit={(values) =>
                update.mutate({ ...toEventInput(values), status: values.status }, { onSuccess: () => void navigate(detail) })
              }
              extraActions={<DeleteEventButton eventId={eventId} />}
            />
          </Card>
        </>
      )}
    </QueryState>
  );
}
