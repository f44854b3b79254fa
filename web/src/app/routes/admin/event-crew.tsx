import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EventSectionPage } from '@/app/admin-shell/event-section-page';
import { CrewJudgeCards } from '@/app/compositions/crew-judge-cards';
import { ButtonLink } from '@/components/button';
import { CrewScreen } from '@/features/crew/components/crew-screen';
import { useEvent } from '@/lib/queries/events';

/** The event's crew: volunteers, shifts, the judge rotation and the no-reply list (docs/crew.md). */
export default function EventCrewRoute() {
  const { eventId = '' } = useParams();
  const { t } = useTranslation('console');
  const event = useEvent(eventId);
  return (
    <EventSectionPage eventId={eventId} title={t('crew.title')}>
      <div className="mb-4">
        <ButtonLink to={`/admin/events/${eventId}/crew/board`}>{t('crew.board.open')}</ButtonLink>
      </div>
      <CrewScreen eventId={eventId} />
      <div className="mt-6">
        <CrewJudgeCards eventId={eventId} eventName={event.data?.name ?? ''} />
      </div>
    </EventSectionPage>
  );
}
