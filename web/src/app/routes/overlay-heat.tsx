// The heat's stream overlay (docs/venue.md): /overlay/heats/{heatId} for OBS: lane bars (lane,
// team, result as it is published) on a transparent page, live through the event's stream.
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useDocumentClass } from '@/components/use-document-class';
import { publicQueries } from '@/features/public/api/public';
import { venueQueries } from '@/features/public/api/venue';
import { LaneBar, OverlaySafeArea, OverlayTitle } from '@/features/public/components/venue/overlay-parts';
import { useDivisionBoards } from '@/features/public/hooks/use-division-boards';
import { heatDivisions, heatResults } from '@/features/public/rules/heat-results';

export default function OverlayHeatRoute() {
  useDocumentClass('venue-overlay');
  const { t } = useTranslation('site');
  const { heatId = '' } = useParams();
  const ref = useQuery({ ...venueQueries.heatRef(heatId), enabled: !!heatId });
  const eventId = ref.data?.eventId ?? '';
  const schedule = useQuery({ ...publicQueries.schedule(eventId), enabled: !!eventId });
  const workout = schedule.data?.workouts.find((w) => w.workoutId === ref.data?.workoutId);
  const heat = workout?.heats.find((h) => h.id === heatId);
  const { boards } = useDivisionBoards(eventId, heat ? heatDivisions(heat.lanes) : []);
  if (!heat || !workout) return null; // nothing drawn over the stream until there is a heat to show
  const results = heatResults(
    boards.map((b) => b.data),
    workout.workoutId,
  );
  return (
    <OverlaySafeArea align="bottom-left">
      <OverlayTitle>
        {t('schedule.workoutHeat', { workout: workout.name, number: heat.number })}
      </OverlayTitle>
      <ol className="flex flex-col gap-2" aria-label={t('venue.heatLanes', { number: heat.number })}>
        {heat.lanes.map((l) => (
          <LaneBar key={l.lane} lane={l} result={results.get(l.teamId)} />
        ))}
      </ol>
    </OverlaySafeArea>
  );
}
