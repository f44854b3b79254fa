import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EventSectionPage } from '@/app/admin-shell/event-section-page';
import { errorMessage } from '@/components/error-panel';
import { useRotation } from '@/features/crew/api/organiser';
import { JudgePacket } from '@/features/crew/components/judge-packet';
import { useEvent } from '@/lib/queries/events';

/** One judge's packet to print, from the console (docs/crew.md, "A judge's packet"). */
export default function EventCrewPacketRoute() {
  const { eventId = '', volunteerId = '' } = useParams();
  const { t } = useTranslation('console');
  const event = useEvent(eventId);
  const rotation = useRotation(eventId);
  const failed = event.error ?? rotation.error;
  const slots = rotation.data?.slots.filter((s) => s.volunteerId === volunteerId) ?? [];
  return (
    <EventSectionPage eventId={eventId} title={t('crew.packetTitle')}>
      {event.isPending || rotation.isPending ? (
        <p className="text-sm text-slate-500">{t('crew.loading')}</p>
      ) : failed || !event.data || !rotation.data ? (
        <p role="alert" className="text-sm text-red-700">
          {t('crew.loadFailed', { message: errorMessage(failed) })}
        </p>
      ) : (
        <JudgePacket
          judgeName={slots[0]?.judgeName ?? rotation.data.standby.find((v) => v.volunteerId === volunteerId)?.name ?? ''}
          eventName={event.data.name}
          slots={slots}
          workouts={event.data.workouts.map((w) => ({ id: w.id, name: w.name, description: w.description ?? '' }))}
        />
      )}
    </EventSectionPage>
  );
}
