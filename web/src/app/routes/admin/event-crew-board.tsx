import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EventSectionPage } from '@/app/admin-shell/event-section-page';
import { DayBoard } from '@/features/crew/components/day-board';

/** The crew's day-of board (docs/crew.md, "The day-of board"). */
export default function EventCrewBoardRoute() {
  const { eventId = '' } = useParams();
  const { t } = useTranslation('console');
  return (
    <EventSectionPage eventId={eventId} title={t('crew.board.title')}>
      <DayBoard eventId={eventId} />
    </EventSectionPage>
  );
}
