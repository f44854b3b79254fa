import { useParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { ButtonLink } from '@/components/button';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { QuickActions } from '@/app/admin-shell/quick-actions';
import { useEvent } from '@/lib/queries/events';
import { ActivityFeed } from '@/features/results/components/activity-feed';

export default function EventActivityRoute() {
  const { eventId = '' } = useParams();
  const event = useEvent(eventId);
  return (
    <QueryState query={event} errorTitle="Failed to load event details" notFound="Event not found">
      {(e) => (
        <>
          <Breadcrumbs items={[{ label: 'Events', to: '/admin/events' }, { label: `Event: ${e.name}`, to: `/admin/events/${eventId}` }, { label: 'Activity' }]} />
          <PageHeader
            title="Activity"
            subtitle={e.name}
            actions={
              <>
                <ButtonLink to={`/admin/events/${eventId}`}>Back to Event</ButtonLink>
                <QuickActions eventId={eventId} />
              </>
            }
          />
          <ActivityFeed eventId={eventId} />
        </>
      )}
    </QueryState>
  );
}
