import { useParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { ButtonLink } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { QuickActions } from '@/features/admin-shell/components/quick-actions';
import { useEvent } from '@/features/events/api/events';
import { useEventTeams } from '@/features/teams/api/teams';
import { TeamsTable } from '@/features/teams/components/teams-table';

export default function EventTeamsRoute() {
  const { eventId = '' } = useParams();
  const event = useEvent(eventId);
  const teams = useEventTeams(eventId);
  const eventName = event.data?.name ?? '…';

  return (
    <>
      <Breadcrumbs items={[{ label: 'Events', to: '/admin/events' }, { label: `Event: ${eventName}`, to: `/admin/events/${eventId}` }, { label: 'Teams' }]} />
      <PageHeader
        title="Teams"
        subtitle={eventName}
        actions={
          <>
            <ButtonLink to={`/admin/events/${eventId}`}>Back</ButtonLink>
            <QuickActions eventId={eventId} />
          </>
        }
      />
      <QueryState query={teams} errorTitle="Failed to load teams">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No teams in this event yet" description="Add teams from a division's grid editor." action={<ButtonLink to={`/admin/events/${eventId}/divisions`}>Divisions</ButtonLink>} />
          ) : (
            <TeamsTable teams={list} showDivision />
          )
        }
      </QueryState>
    </>
  );
}
