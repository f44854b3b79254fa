import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { Button, ButtonLink } from '@/components/button';
import { Card } from '@/components/card';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { useEvent } from '@/lib/queries/events';
import { AddHeatButton } from '@/features/heats/components/add-heat-button';
import { useHeats } from '@/features/heats/api/heats';
import { GenerateHeatsForm } from '@/features/heats/components/generate-heats-form';
import { HeatCard } from '@/features/heats/components/heat-card';
import { HeatSheets } from '@/features/heats/components/heat-sheets';
import { ShiftScheduleForm } from '@/features/heats/components/shift-schedule-form';
import { resultsByTeam } from '@/features/heats/rules/heat-progress';
import { useResultGrid } from '@/lib/queries/results';
import { useEventTeams } from '@/features/teams/api/teams';
import { useWorkout } from '@/features/workouts/api/workouts';

/** The organiser's heats of one workout (docs/heats.md): generate, move, times, publish, print. */
export default function WorkoutHeatsRoute() {
  const { t } = useTranslation('console');
  const { eventId = '', workoutId = '' } = useParams();
  const event = useEvent(eventId);
  const workout = useWorkout(eventId, workoutId);
  const heats = useHeats(eventId, workoutId);
  const grid = useResultGrid(eventId, { workoutId });
  const teams = useEventTeams(eventId);
  const results = resultsByTeam(grid.data?.rows);
  const teamById = new Map((teams.data ?? []).map((t) => [t.id, t]));
  const detail = `/admin/events/${eventId}/workouts/${workoutId}`;

  return (
    <QueryState query={heats} errorTitle={t('heats.loadFailed')} notFound={t('heats.workoutNotFound')}>
      {(list) => {
        const widest = Math.max(8, ...list.map((h) => Math.max(h.lanes.length, ...h.lanes.map((l) => l.lane))));
        return (
          <>
            <Breadcrumbs
              items={[
                { label: t('frame.events'), to: '/admin/events' },
                { label: t('crumbs.event', { name: event.data?.name ?? '…' }), to: `/admin/events/${eventId}` },
                { label: t('heats.workouts'), to: `/admin/events/${eventId}/workouts` },
                { label: workout.data?.name ?? '…', to: detail },
                { label: t('heats.title') },
              ]}
            />
            <PageHeader
              title={t('heats.titleOf', { workout: workout.data?.name ?? '' })}
              actions={
                <>
                  <ButtonLink to={detail}>{t('common.back')}</ButtonLink>
                  <ButtonLink to={`/admin/events/${eventId}/judge-links?workout=${workoutId}`}>{t('heats.judgeCards')}</ButtonLink>
                  <Button variant="secondary" onClick={() => window.print()} disabled={list.length === 0}>
                    {t('heats.printSheets')}
                  </Button>
                </>
              }
            />
            <div className="grid gap-4 lg:grid-cols-[22rem_1fr]">
              <div className="space-y-4">
                <Card title={t('heats.generate')}>
                  {event.data && (
                    <GenerateHeatsForm eventId={eventId} workoutId={workoutId} divisions={event.data.divisions} existing={list.length} />
                  )}
                </Card>
                {list.length > 0 && (
                  <Card title={t('heats.shift')}>
                    <ShiftScheduleForm eventId={eventId} heats={list} />
                  </Card>
                )}
              </div>
              <div className="space-y-4">
                {list.length === 0 && <p className="text-sm text-slate-500">{t('heats.noneYet')}</p>}
                {list.map((h) => (
                  <HeatCard key={`${h.id}:${h.startTime}`} heat={h} heats={list} results={results} lanesPerHeat={widest} />
                ))}
                <AddHeatButton eventId={eventId} workoutId={workoutId} heats={list} />
              </div>
            </div>
            {workout.data && <HeatSheets workout={workout.data} heats={list} teams={teamById} />}
          </>
        );
      }}
    </QueryState>
  );
}
