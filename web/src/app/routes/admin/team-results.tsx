import { useParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { ButtonLink, buttonClasses } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { leaderboardPreviewPath } from '@/features/results/components/results-matrix';
import { useTeam } from '@/features/teams/api/teams';
import { resultCount } from '@/features/teams/rules/result-loss';

/** Target of the 'Editing Restricted' link: where the team's final results can be seen. */
export default function TeamResultsRoute() {
  const { teamId = '' } = useParams();
  const team = useTeam(teamId);
  return (
    <QueryState query={team} errorTitle="Failed to load team details" notFound="Team not found">
      {(t) => (
        <>
          <Breadcrumbs
            items={[
              { label: 'Events', to: '/admin/events' },
              { label: `Event: ${t.eventName}`, to: `/admin/events/${t.eventId}` },
              { label: 'Teams', to: `/admin/divisions/${t.divisionId}/teams` },
              { label: t.name, to: `/admin/teams/${t.id}` },
              { label: 'Results' },
            ]}
          />
          <PageHeader title={`${t.name} — Results`} actions={<ButtonLink to={`/admin/teams/${t.id}`}>Back</ButtonLink>} />
          <EmptyState
            title={`${resultCount(t.resultsCount)} entered, ${t.finalResultsCount} published`}
            description="Results are edited per workout in the result entry grid; the division leaderboard shows them all."
            action={
              <a className={buttonClasses('primary')} href={leaderboardPreviewPath(t.eventId, t.divisionId)} target="_blank" rel="noreferrer">
                Division Leaderboard ↗
              </a>
            }
          />
        </>
      )}
    </QueryState>
  );
}
