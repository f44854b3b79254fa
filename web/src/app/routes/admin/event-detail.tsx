import { useParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { ButtonLink } from '@/components/button';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { QuickActions } from '@/features/admin-shell/components/quick-actions';
import { DivisionsCard } from '@/features/divisions/components/divisions-card';
import { useEvent } from '@/features/events/api/events';
import { EventInfoCard } from '@/features/events/components/event-info-card';
import { EventStatusBadge } from '@/features/events/components/event-status';
import { EventStatusSelector } from '@/features/events/components/event-status-selector';
import { ExportEventButton } from '@/features/events/components/export-event-button';
import { ResultsMatrix } from '@/features/results/components/results-matrix';
import { TeamsCard } from '@/features/teams/components/teams-card';
import { WorkoutsCard } from '@/features/workouts/components/workouts-card';
import { dateRange } from '@/lib/dates';

export default function EventDetailRoute() {
  const { eventId = '' } = useParams();
  const event = useEvent(eventId);

  return (
    <QueryState query={event} errorTitle="Failed to load event details" notFound="Event not found">
      {(loaded) => (
        <>
          <Breadcrumbs items={[{ label: 'Events', to: '/admin/events' }, { label: `Event: ${loaded.name}` }]} />
          <PageHeader
            title={
              <span className="flex items-center gap-3">
                {loaded.name} <EventStatusBadge status={loaded.status} />
              </span>
            }
            subtitle={dateRange(loaded.dateFrom, loaded.dateTo)}
            actions={
              <>
                <ButtonLink variant="primary" to={`/admin/events/${eventId}/edit`}>
                  Edit Event
                </ButtonLink>
                <ButtonLink to={`/admin/events/${eventId}/activity`}>Activity</ButtonLink>
                <ExportEventButton eventId={eventId} eventName={loaded.name} />
                <ButtonLink to="/admin/events">Back</ButtonLink>
                <QuickActions eventId={eventId} />
              </>
            }
          />
          <div className="mb-6">
            <EventStatusSelector event={loaded} />
          </div>
          <div className="grid items-start gap-4 lg:grid-cols-2">
            <EventInfoCard event={loaded} />
            <WorkoutsCard eventId={eventId} workouts={loaded.workouts} />
            <DivisionsCard eventId={eventId} divisions={loaded.divisions} />
            <TeamsCard eventId={eventId} />
          </div>
          <div className="mt-6">
            <ResultsMatrix event={loaded} />
          </div>
        </>
      )}
    </QueryState>
  );
}
