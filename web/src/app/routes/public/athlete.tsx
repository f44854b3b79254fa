import { useParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { ButtonLink } from '@/components/button';
import { isNotFound } from '@/features/public/api/public';
import { SEASON_REFRESH_MS, seasonQueries } from '@/features/public/api/season';
import { NotFoundPage, PageError, PageLoading } from '@/features/public/components/common';
import { AthleteProfile } from '@/features/public/components/season/athlete-profile';
import { useLiveQuery } from '@/features/public/hooks/use-live-query';
import { usePageTitle } from '@/features/public/hooks/use-page-title';
import { pageTitles } from '@/features/public/rules/titles';

/** An athlete's public profile (/public/athletes/{id}; docs/registration.md). */
export default function AthleteRoute() {
  const { athleteId = '' } = useParams();
  // Spans events: it follows the live stream of its event in progress, else it polls.
  const { query } = useLiveQuery(seasonQueries.athlete(athleteId), SEASON_REFRESH_MS, (a) => a.teams.find((t) => t.eventStatus === 'in_progress')?.eventId ?? '');
  usePageTitle(query.data ? pageTitles.athlete(query.data.name) : undefined);
  if (query.isPending) return <PageLoading text="Loading athlete..." />;
  if (query.isError && !query.data) {
    if (isNotFound(query.error))
      return (
        <NotFoundPage message="Athlete not found." crumbs={[{ label: 'Home', to: '/public' }, { label: 'Not found' }]} backTo="/public">
          <ButtonLink to="/public">Back to Home</ButtonLink>
        </NotFoundPage>
      );
    return <PageError message="Failed to load the athlete. Please try again later." />;
  }
  return (
    <div>
      <Breadcrumbs items={[{ label: 'Home', to: '/public' }, { label: 'Athletes' }, { label: query.data.name }]} />
      <AthleteProfile athlete={query.data} />
    </div>
  );
}
