import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { ButtonLink } from '@/components/button';
import { PageHeader } from '@/components/page-header';
import { WaiverEditor } from '@/features/waivers/components/waiver-editor';
import { useEvent } from '@/lib/queries/events';

export default function EventWaiverRoute() {
  const { t } = useTranslation('console');
  const { eventId = '' } = useParams();
  const event = useEvent(eventId);
  return (
    <>
      <Breadcrumbs
        items={[
          { label: t('frame.events'), to: '/admin/events' },
          { label: t('crumbs.event', { name: event.data?.name ?? '…' }), to: `/admin/events/${eventId}` },
          { label: t('waivers.title') },
        ]}
      />
      <PageHeader title={t('waivers.title')} actions={<ButtonLink to={`/admin/events/${eventId}/waiver/kiosk`}>{t('waivers.kiosk')}</ButtonLink>} />
      <WaiverEditor eventId={eventId} />
    </>
  );
}
