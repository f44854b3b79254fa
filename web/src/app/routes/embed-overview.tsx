// An embeddable event overview (docs/venue.md, "Embedding"): /embed/events/{eventId}/leaderboard,
// the event's divisions and their completion, each linking to its embedded board. Framed by the
// origins the event lists; no site chrome; published data only, live.
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDocumentClass } from '@/components/use-document-class';
import { publicQueries, REFRESH_MS } from '@/features/public/api/public';
import { EmbedNote } from '@/features/public/components/venue/embed-frame';
import { EmbedOverview } from '@/features/public/components/venue/embed-overview';
import { useLiveQuery } from '@/features/public/hooks/use-live-query';

export default function EmbedOverviewRoute() {
  useDocumentClass('venue-embed');
  const { t } = useTranslation('site');
  const { eventId = '' } = useParams();
  const { query, softError } = useLiveQuery({ ...publicQueries.eventLeaderboard(eventId), enabled: !!eventId }, REFRESH_MS.eventLeaderboard, eventId);
  if (query.isPending) return <EmbedNote text={t('page.loading')} />;
  if (!query.data) return <EmbedNote text={t('venue.leaderboardNotFound')} />;
  return <EmbedOverview board={query.data} reconnecting={softError} />;
}
