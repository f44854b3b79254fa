// An embeddable schedule (docs/venue.md, "Embedding"): /embed/events/{eventId}/schedule, the
// heats by workout as the Schedule tab has them. Framed by the origins the event lists; no site
// chrome; live.
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDocumentClass } from '@/components/use-document-class';
import { publicQueries, REFRESH_MS } from '@/features/public/api/public';
import { EmbedNote } from '@/features/public/components/venue/embed-frame';
import { EmbedSchedule } from '@/features/public/components/venue/embed-schedule';
import { useLiveQuery } from '@/features/public/hooks/use-live-query';
import { useNow } from '@/features/public/hooks/use-live-refresh';

export default function EmbedScheduleRoute() {
  useDocumentClass('venue-embed');
  const { t } = useTranslation('site');
  const { eventId = '' } = useParams();
  const { query, softError } = useLiveQuery({ ...publicQueries.schedule(eventId), enabled: !!eventId }, REFRESH_MS.team, eventId);
  const now = useNow(30_000);
  if (query.isPending) return <EmbedNote text={t('page.loading')} />;
  if (!query.data) return <EmbedNote text={t('schedule.notFound')} />;
  return <EmbedSchedule schedule={query.data} eventId={eventId} now={now} reconnecting={softError} />;
}
