import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { ButtonLink } from '@/components/button';
import { PageHeader } from '@/components/page-header';
import { CheckInScreen } from '@/features/check-in/components/check-in-screen';
import { TeamWaiver } from '@/features/waivers/components/team-waiver';
import { useEvent } from '@/lib/queries/events';

export default function EventCheckInRoute() {
  const { t } = useTranslation('console');
  const { eventId = '' } = useParams();
  const event = useEvent(eventId);
  return (
    <>
      <Breadcrumbs
        items={[
          { label: t('frame.events'), to: '/admin/events' },
          { label: t('crumbs.event', { name: event.data?.name ?? '…' }), to: `/admin/events/${eventId}` },
          { label: t('checkIn.title') },
        ]}
      />
      <PageHeader title={t('checkIn.title')} actions={<ButtonLink to={`/admin/events/${eventId}/waiver/kiosk`}>{t('waivers.kiosk')}</ButtonLink>} />
      <CheckInScreen eventId={eventId} teamExtra={(teamId) => <TeamWaiver eventId={eventId} teamId={teamId} />} />
    </>
  );
}
