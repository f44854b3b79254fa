import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { Button, ButtonLink } from '@/components/button';
import { Card } from '@/components/card';
import { ErrorPanel } from '@/components/error-panel';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { QuickActions } from '@/app/admin-shell/quick-actions';
import { useDeleteTeam, useTeam } from '@/features/teams/api/teams';
import { CompletenessBadge } from '@/features/teams/components/completeness-badge';
import { EditingRestricted } from '@/features/teams/components/editing-restricted';
import { deleteTeamConfirm } from '@/features/teams/rules/result-loss';
import { formatDateTime } from '@/lib/dates';

export default function TeamDetailRoute() {
  const { teamId = '' } = useParams();
  const navigate = useNavigate();
  const team = useTeam(teamId);
  const remove = useDeleteTeam();

  return (
    <QueryState query={team} errorTitle="Failed to load team details" notFound="Team not found">
      {(t) => {
        const locked = t.finalResultsCount > 0;
        const onDelete = () => {
          if (!window.confirm(deleteTeamConfirm(t.name, t.resultsCount))) return;
          remove.mutate(t.id, { onSuccess: () => void navigate(`/admin/divisions/${t.divisionId}/teams`) });
        };
        const rows: [string, ReactNode][] = [
          ['Name', t.name],
          ['Event', <Link key="e" className="text-blue-700 hover:underline" to={`/admin/events/${t.eventId}`}>{t.eventName}</Link>],
          ['Division', <Link key="d" className="text-blue-700 hover:underline" to={`/admin/divisions/${t.divisionId}`}>{t.divisionName}</Link>],
          ['Athlete 1', t.athlete1Name || '—'],
          ['Athlete 2', t.athlete2Name || '—'],
          ['Athletes', <span key="a" className="inline-flex items-center gap-2">{t.athleteCount}/2 <CompletenessBadge athleteCount={t.athleteCount} /></span>],
          ['Final results', t.finalResultsCount],
          ['Created', formatDateTime(t.createdAt)],
          ['Last updated', formatDateTime(t.updatedAt)],
        ];
        return (
          <>
            <Breadcrumbs
              items={[
                { label: 'Events', to: '/admin/events' },
                { label: `Event: ${t.eventName}`, to: `/admin/events/${t.eventId}` },
                { label: 'Teams', to: `/admin/divisions/${t.divisionId}/teams` },
                { label: t.name },
              ]}
            />
            <PageHeader
              title={t.name}
              actions={
                <>
                  <ButtonLink to={`/admin/divisions/${t.divisionId}/teams`}>Back</ButtonLink>
                  {!locked && (
                    <>
                      <ButtonLink variant="primary" to={`/admin/teams/${t.id}/edit`}>
                        Edit Team
                      </ButtonLink>
                      <Button variant="danger" loading={remove.isPending} onClick={onDelete}>
                        Delete Team
                      </Button>
                    </>
                  )}
                  <QuickActions eventId={t.eventId} />
                </>
              }
            />
            {locked && <EditingRestricted teamId={t.id} />}
            {remove.isError && <ErrorPanel title="Failed to delete team" error={remove.error} />}
            <Card title="Team Information" className="max-w-2xl">
              <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
                {rows.map(([label, value]) => (
                  <div key={label} className="contents">
                    <dt className="font-medium text-slate-500">{label}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            </Card>
          </>
        );
      }}
    </QueryState>
  );
}
