import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { Card } from '@/components/card';
import { PageHeader } from '@/components/page-header';
import { MessageCompose } from '@/features/messages/components/message-compose';
import { SentMessages } from '@/features/messages/components/sent-messages';
import { useEvent } from '@/lib/queries/events';

export default function EventMessagesRoute() {
  const { t } = useTranslation('console');
  const { eventId = '' } = useParams();
  const event = useEvent(eventId);
  return (
    <>
      <Breadcrumbs
        items={[
          { label: t('frame.events'), to: '/admin/events' },
          { label: t('crumbs.event', { name: event.data?.name ?? '…' }), to: `/admin/events/${eventId}` },
          { label: t('messages.title') },
        ]}
      />
      <PageHeader title={t('messages.title')} />
      <div className="mx-auto grid max-w-5xl gap-4 lg:grid-cols-2">
        <Card title={t('messages.compose')}>
          <MessageCompose eventId={eventId} />
        </Card>
        <Card title={t('messages.sentTitle')}>
          <SentMessages eventId={eventId} />
        </Card>
      </div>
    </>
  );
}
