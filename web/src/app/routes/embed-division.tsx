// An embeddable division board (docs/venue.md, "Embedding"):
// /embed/events/{eventId}/divisions/{divisionId}/leaderboard, framed by the origins the event
// lists (the gateway's frame-ancestors). No site chrome; published data only, live.
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDocumentClass } from '@/components/use-document-class';
import { EmbedBoard } from '@/features/public/components/venue/embed-board';
import { EmbedNote } from '@/features/public/components/venue/embed-frame';
import { useDivisionBoards } from '@/features/public/hooks/use-division-boards';

export default function EmbedDivisionRoute() {
  useDocumentClass('venue-embed');
  const { t } = useTranslation('site');
  const { eventId = '', divisionId = '' } = useParams();
  const { boards } = useDivisionBoards(eventId, divisionId ? [divisionId] : []);
  const q = boards[0];
  if (!q || q.isPending) return <EmbedNote text={t('page.loading')} />;
  if (!q.data) return <EmbedNote text={t('board.divisionNotFound')} />;
  return <EmbedBoard board={q.data} eventId={eventId} divisionId={divisionId} reconnecting={q.isError} />;
}
