import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { ButtonLink } from '@/components/button';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { AccessCard } from '@/features/access/components/access-card';
import { mayOpenPage } from '@/lib/auth/permissions';
import { useEventPermissions, useRole } from '@/lib/auth/use-permissions';
import { QuickActions } from '@/app/admin-shell/quick-actions';
import { DivisionsCard } from '@/features/divisions/components/divisions-card';
import { useEvent } from '@/lib/queries/events';
import { EventInfoCard } from '@/features/events/components/event-info-card';
import { EventStatusBadge } from '@/features/events/components/event-status';
import { EventStatusSelector } from '@/features/events/components/event-status-selector';
import { ExportEventButton } from '@/features/events/components/export-event-button';
import { OnlineCard } from '@/features/events/components/online-card';
import { ScoringCard } from '@/features/events/components/scoring-card';
import { VenueCard } from '@/features/events/components/venue-card';
import { ResultsMatrix } from '@/features/results/components/results-matrix';
import { LeaderboardFreezeCard } from '@/features/qualifiers/components/leaderboard-freeze-card';
import { TeamsCard } from '@/features/teams/components/teams-card';
import { WorkoutsCard } from '@/features/workouts/components/workouts-card';
import { heatsPath, submissionsPath } from '@/lib/admin-paths';
import { dateRange } from '@/lib/dates';

export default function EventDetailRoute() {
  const { eventId = '' } = useParams();
  const event = useEvent(eventId);
  // A scorer sees the event and its result entry; setup, status, publication and access are the
  // organiser's.
  const { manage } = useEventPermissions(eventId);
  const role = useRole();
  const { t } = useTranslation('console');

  return (
    <QueryState query={event} errorTitle={t('events.detail.loadError')} notFound={t('events.notFound')}>
      {(loaded) => (
        <>
          <Breadcrumbs items={[{ label: t('frame.events'), to: '/admin/events' }, { label: t('crumbs.event', { name: loaded.name }) }]} />
          <PageHeader
            title={
              <span className="flex items-center gap-3">
                {loaded.name} <EventStatusBadge event={loaded} />
              </span>
            }
            subtitle={dateRange(loaded.dateFrom, loaded.dateTo)}
            actions={
              <>
                {manage && (
                  <>
                    <ButtonLink variant="primary" to={`/admin/events/${eventId}/edit`}>
                      {t('events.detail.edit')}
                    </ButtonLink>
                    <ExportEventButton eventId={eventId} eventName={loaded.name} />
                    <ButtonLink to={`/admin/events/${eventId}/registrations`}>{t('events.detail.registrations')}</ButtonLink>
                    <ButtonLink to={`/admin/events/${eventId}/crew`}>{t('events.detail.crew')}</ButtonLink>
                    <ButtonLink to={`/admin/events/${eventId}/waiver`}>{t('events.detail.waiver')}</ButtonLink>
                    <ButtonLink to={`/admin/events/${eventId}/messages`}>{t('events.detail.messages')}</ButtonLink>
                    <ButtonLink to={`/admin/events/${eventId}/money`}>{t('events.detail.money')}</ButtonLink>
                    <ButtonLink to={`/admin/events/${eventId}/judge-links`}>{t('events.detail.judgeCards')}</ButtonLink>
                    <ButtonLink to={`/admin/events/${eventId}/appeals`}>{t('events.detail.appeals')}</ButtonLink>
                    {loaded.format === 'online' && <ButtonLink to={`/admin/events/${eventId}/final`}>{t('events.detail.invitations')}</ButtonLink>}
                  </>
                )}
                {/* Only pages the role may open: a scorer is never sent to "You don't have access". */}
                {[
                  ...(loaded.workouts[0] ? [{ label: t('events.detail.heats'), to: heatsPath(eventId, loaded.workouts[0].id) }] : []),
                  ...(loaded.format === 'online' && loaded.workouts.some((w) => w.releaseAt)
                    ? [{ label: t('events.detail.submissions'), to: submissionsPath(eventId, loaded.workouts.find((w) => w.releaseAt)?.id ?? '') }]
                    : []),
                  { label: t('events.detail.activity'), to: `/admin/events/${eventId}/activity` },
                  { label: t('events.detail.checkIn'), to: `/admin/events/${eventId}/check-in` },
                ]
                  .filter((link) => mayOpenPage(role, link.to))
                  .map((link) => (
                    <ButtonLink key={link.label} to={link.to}>
                      {link.label}
                    </ButtonLink>
                  ))}
                <ButtonLink to="/admin/events">{t('common.back')}</ButtonLink>
                <QuickActions eventId={eventId} />
              </>
            }
          />
          {manage && (
            <div className="mb-6">
              <EventStatusSelector event={loaded} />
            </div>
          )}
          <div className="grid items-start gap-4 lg:grid-cols-2">
            <EventInfoCard event={loaded} />
            <WorkoutsCard eventId={eventId} workouts={loaded.workouts} manage={manage} />
            <DivisionsCard eventId={eventId} divisions={loaded.divisions} manage={manage} />
            <TeamsCard eventId={eventId} manage={manage} />
            {manage && <AccessCard eventId={eventId} />}
          </div>
          {manage && (
            <div className="mt-6 space-y-6">
              <OnlineCard event={loaded} />
              {loaded.format === 'online' && <LeaderboardFreezeCard eventId={eventId} />}
              <ScoringCard event={loaded} />
            </div>
          )}
          {manage && (
            <div className="mt-6">
              <VenueCard eventId={eventId} divisions={loaded.divisions} workouts={loaded.workouts} />
            </div>
          )}
          <div className="mt-6">
            <ResultsMatrix event={loaded} canPublish={manage} />
          </div>
        </>
      )}
    </QueryState>
  );
}
