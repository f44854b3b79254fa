import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { Card } from '@/components/card';
import { ErrorPanel } from '@/components/error-panel';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { useEventDivisions } from '@/features/divisions/api/divisions';
import { useTeam, useUpdateTeam } from '@/features/teams/api/teams';
import { BeyondCapacity } from '@/features/teams/components/beyond-capacity';
import { EditingRestricted } from '@/features/teams/components/editing-restricted';
import { capacityRefusal } from '@/features/teams/hooks/use-save-team-grid';
import { TeamForm } from '@/features/teams/components/team-form';
import { moveTeamConfirm } from '@/features/teams/rules/result-loss';

export default function TeamEditRoute() {
  const { teamId = '' } = useParams();
  const navigate = useNavigate();
  const team = useTeam(teamId);
  const divisions = useEventDivisions(team.data?.eventId ?? '');
  const update = useUpdateTeam(teamId);
  const overCapacity = capacityRefusal(update.error);
  const [beyondCapacity, setBeyondCapacity] = useState(false);
  const detail = `/admin/teams/${teamId}`;

  return (
    <QueryState query={team} errorTitle="Failed to load team details" notFound="Team not found">
      {(t) => (
        <>
          <Breadcrumbs
            items={[
              { label: 'Events', to: '/admin/events' },
              { label: `Event: ${t.eventName}`, to: `/admin/events/${t.eventId}` },
              { label: 'Teams', to: `/admin/divisions/${t.divisionId}/teams` },
              { label: t.name, to: detail },
              { label: 'Edit' },
            ]}
          />
          <PageHeader title="Edit Team" subtitle={t.name} />
          {t.finalResultsCount > 0 ? (
            <EditingRestricted teamId={t.id} />
          ) : (
            <>
              {overCapacity ? (
                <BeyondCapacity message={overCapacity} checked={beyondCapacity} onChange={setBeyondCapacity} />
              ) : (
                update.isError && <ErrorPanel title="Failed to update team" error={update.error} />
              )}
              <Card className="mt-4 max-w-2xl">
                <TeamForm
                  initial={{ name: t.name, divisionId: t.divisionId, athlete1Name: t.athlete1Name, athlete2Name: t.athlete2Name }}
                  divisions={divisions.data ?? [{ id: t.divisionId, name: t.divisionName }]}
                  submitting={update.isPending}
                  onCancel={() => void navigate(detail)}
                  onSubmit={(values) => {
                    // A move deletes the team's results (they count in their division): ask first.
                    const deleteResults = values.divisionId !== t.divisionId && t.resultsCount > 0;
                    const to = divisions.data?.find((d) => d.id === values.divisionId)?.name ?? '';
                    if (deleteResults && !window.confirm(moveTeamConfirm(t.name, t.divisionName, to, t.resultsCount))) return;
                    update.mutate({ ...values, deleteResults, beyondCapacity }, { onSuccess: () => void navigate(detail) });
                  }}
                />
              </Card>
            </>
          )}
        </>
      )}
    </QueryState>
  );
}
