// An embeddable workout board (docs/venue.md, "Embedding"):
// /embed/events/{eventId}/divisions/{divisionId}/workouts/{workoutId}/leaderboard, framed by the
// origins the event lists (the gateway's frame-ancestors). No site chrome; published data only,
// live through the event's stream (polling while it is down).
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDocumentClass } from '@/components/use-document-class';
import { publicQueries, REFRESH_MS } from '@/features/public/api/public';
import { EmbedNote } from '@/features/public/components/venue/embed-frame';
import { EmbedWorkoutBoard } from '@/features/public/components/venue/embed-workout-board';
import { useLiveQuery } from '@/features/public/hooks/use-live-query';

export default function EmbedWorkoutRoute() {
  useDocumentClass('venue-embed');
  const { t } = useTranslation('site');
  const { eventId = '', divisionId = '', workoutId = '' } = useParams();
  const { query, softError } = useLiveQuery(
    { ...publicQueries.workoutLeaderboard(eventId, divisionId, workoutId), enabled: !!eventId && !!divisionId && !!workoutId },
    REFRESH_MS.divisionLeaderboard,
    eventId,
  );
  if (query.isPending) return <EmbedNote text={t('page.loading')} />;
  if (!query.data) return <EmbedNote text={t('board.workoutNotFound')} />;
  return <EmbedWorkoutBoard board={query.data} reconnecting={softError} />;
}
