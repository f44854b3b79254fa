import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { PageHeader } from '@/components/page-header';
import { AppealsScreen } from '@/features/appeals/components/appeals-screen';
import { useEventPermissions } from '@/lib/auth/use-permissions';
import { useEvent } from '@/lib/queries/events';

export default function EventAppealsRoute() {
  const { eventId = '' } = useParams();
  const { t } = useTranslation('console');
  const event = useEvent(eventId);
  const { manage } = useEventPermissions(eventId);
  return (
    <>
      <Breadcrumbs
        items={[
          { label: t('frame.events'), to: '/admin/events' },
          { label: t('crumbs.event', { name: event.data?.name ?? '…' }), to: `/admin/events/${eventId}` },
          { label: t('appeals.title') },
        ]}
      />
      <PageHeader title={t('appeals.title')} />
      <AppealsScreen eventId={eventId} manage={manage} />
    </>
  );
}
