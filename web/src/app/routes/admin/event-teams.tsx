import { useParams } from 'react-router';
import { ButtonLink } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { QueryState } from '@/components/query-state';
import { EventSectionPage } from '@/app/admin-shell/event-section-page';
import { useEventTeams } from '@/features/teams/api/teams';
import { TeamsTable } from '@/features/teams/components/teams-table';

export default function EventTeamsRoute() {
  const { eventId = '' } = useParams();
  const teams = useEventTeams(eventId);

  return (
    <EventSectionPage eventId={eventId} title="Teams">
      <QueryState query={teams} errorTitle="Failed to load teams">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No teams in this event yet" description="Add teams from a division's grid editor." action={<ButtonLink to={`/admin/events/${eventId}/divisions`}>Divisions</ButtonLink>} />
          ) : (
            <TeamsTable teams={list} showDivision />
          )
        }
      </QueryState>
    </EventSectionPage>
  );
}
