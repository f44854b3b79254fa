import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { PageHeader } from '@/components/page-header';
import { WaiverKiosk } from '@/features/waivers/components/waiver-kiosk';
import { useEvent } from '@/lib/queries/events';

export default function EventWaiverKioskRoute() {
  const { t } = useTranslation('console');
  const { eventId = '' } = useParams();
  const event = useEvent(eventId);
  return (
    <>
      <Breadcrumbs
        items={[
          { label: t('frame.events'), to: '/admin/events' },
          { label: t('crumbs.event', { name: event.data?.name ?? '…' }), to: `/admin/events/${eventId}` },
          { label: t('waivers.kiosk') },
        ]}
      />
      <PageHeader title={t('waivers.kiosk')} />
      <WaiverKiosk eventId={eventId} />
    </>
  );
}
