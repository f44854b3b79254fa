import { useParams } from 'react-router';
import { DraftEventBanner } from '@/components/draft-event-banner';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { Button, ButtonLink } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { QuickActions } from '@/app/admin-shell/quick-actions';
import { useDivision } from '@/features/divisions/api/divisions';
import { useDivisionTeams } from '@/features/teams/api/teams';
import { TeamsTable } from '@/features/teams/components/teams-table';
import { useTeamsCsvExport } from '@/features/teams/hooks/use-teams-csv-export';

export default function DivisionTeamsRoute() {
  const { divisionId = '' } = useParams();
  const division = useDivision(divisionId);
  const teams = useDivisionTeams(divisionId);
  const csv = useTeamsCsvExport(divisionId);
  const d = division.data;
  const grid = (
    <ButtonLink variant="primary" to={`/admin/divisions/${divisionId}/teams/grid`}>
      Open Grid Editor
    </ButtonLink>
  );

  return (
    <>
      <Breadcrumbs
        items={[
          { label: 'Events', to: '/admin/events' },
          { label: `Event: ${d?.eventName ?? '…'}`, to: d ? `/admin/events/${d.eventId}` : undefined },
          { label: d?.name ?? '…', to: `/admin/divisions/${divisionId}` },
          { label: 'Teams' },
        ]}
      />
      <PageHeader
        title="Teams"
        subtitle={d?.name}
        actions={
          <>
            {grid}
            <Button variant="secondary" loading={csv.busy} onClick={() => void csv.download()}>
              {csv.label}
            </Button>
            <ButtonLink to={`/admin/divisions/${divisionId}`}>Back</ButtonLink>
            <QuickActions eventId={d?.eventId} />
          </>
        }
      />
      {csv.failure && (
        <p role="alert" className="mb-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {csv.failure}
        </p>
      )}
      <DraftEventBanner eventId={d?.eventId ?? ''} />
      <QueryState query={teams} errorTitle="Error loading teams">
        {(list) => (list.length === 0 ? <EmptyState title="No teams in this division yet" action={grid} /> : <TeamsTable teams={list} showDivision={false} />)}
      </QueryState>
    </>
  );
}
