import { Link, useParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { ButtonLink, buttonClasses } from '@/components/button';
import { Card } from '@/components/card';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { QuickActions } from '@/app/admin-shell/quick-actions';
import { useDivision } from '@/features/divisions/api/divisions';
import { DraftEventBanner } from '@/components/draft-event-banner';
import { DivisionEligibilityCard } from '@/features/eligibility/components/division-eligibility-card';
import { RegistrationSettingsCard } from '@/features/registration/components/settings-card';
import { leaderboardPreviewPath } from '@/features/results/components/results-matrix';
import { useEventPermissions } from '@/lib/auth/use-permissions';
import { formatDateTime } from '@/lib/dates';

export default function DivisionDetailRoute() {
  const { divisionId = '' } = useParams();
  const division = useDivision(divisionId);
  // Registration settings are the organiser's (docs/registration.md).
  const { manage } = useEventPermissions(division.data?.eventId ?? '');

  return (
    <QueryState query={division} errorTitle="Failed to load division details" notFound="Division not found">
      {(d) => (
        <>
          <Breadcrumbs
            items={[
              { label: 'Events', to: '/admin/events' },
              { label: `Event: ${d.eventName}`, to: `/admin/events/${d.eventId}` },
              { label: 'Divisions', to: `/admin/events/${d.eventId}/divisions` },
              { label: d.name },
            ]}
          />
          <PageHeader
            title={d.name}
            actions={
              <>
                <ButtonLink to={`/admin/events/${d.eventId}/divisions`}>Back</ButtonLink>
                <ButtonLink to={`/admin/divisions/${d.id}/teams/grid`}>Add Teams</ButtonLink>
                <ButtonLink variant="primary" to={`/admin/divisions/${d.id}/edit`}>
                  Edit Division
                </ButtonLink>
                <a className={buttonClasses('secondary')} href={leaderboardPreviewPath(d.eventId, d.id)} target="_blank" rel="noreferrer">
                  Leaderboard ↗
                </a>
                <QuickActions eventId={d.eventId} />
              </>
            }
          />
          <DraftEventBanner eventId={d.eventId} />
          <Card title="Division Information" className="max-w-2xl">
            <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="font-medium text-slate-500">Name</dt>
              <dd>{d.name}</dd>
              <dt className="font-medium text-slate-500">Event</dt>
              <dd>
                <Link to={`/admin/events/${d.eventId}`} className="text-blue-700 hover:underline">
                  {d.eventName}
                </Link>
              </dd>
              <dt className="font-medium text-slate-500">Teams</dt>
              <dd>
                <Link to={`/admin/divisions/${d.id}/teams`} className="text-blue-700 hover:underline">
                  {d.teamCount}
                </Link>
              </dd>
              <dt className="font-medium text-slate-500">Created</dt>
              <dd>{formatDateTime(d.createdAt)}</dd>
              <dt className="font-medium text-slate-500">Last updated</dt>
              <dd>{formatDateTime(d.updatedAt)}</dd>
              {d.description && (
                <>
                  <dt className="font-medium text-slate-500">Description</dt>
                  <dd className="whitespace-pre-line">{d.description}</dd>
                </>
              )}
            </dl>
          </Card>
          {manage && (
            <div className="mt-6">
              <RegistrationSettingsCard divisionId={d.id} eventId={d.eventId} />
            </div>
          )}
          {manage && (
            <div className="mt-6">
              <DivisionEligibilityCard divisionId={d.id} />
            </div>
          )}
        </>
      )}
    </QueryState>
  );
}
