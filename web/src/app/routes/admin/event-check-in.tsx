import { useParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { PageHeader } from '@/components/page-header';
import { CheckInScreen } from '@/features/check-in/components/check-in-screen';
import { useEvent } from '@/lib/queries/events';

export default function EventCheckInRoute() {
  const { eventId = '' } = useParams();
  const event = useEvent(eventId);
  return (
    <>
      <Breadcrumbs
        items={[
          { label: 'Events', to: '/admin/events' },
          { label: `Event: ${event.data?.name ?? '…'}`, to: `/admin/events/${eventId}` },
          { label: 'Check-in' },
        ]}
      />
      <PageHeader title="Check-in" />
      <CheckInScreen eventId={eventId} />
    </>
  );
}
