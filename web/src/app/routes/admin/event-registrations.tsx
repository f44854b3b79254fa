import { useParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { ButtonLink } from '@/components/button';
import { PageHeader } from '@/components/page-header';
import { RegistrationsBoard } from '@/features/registration/components/registrations-board';
import { useEvent } from '@/lib/queries/events';

export default function EventRegistrationsRoute() {
  const { eventId = '' } = useParams();
  const event = useEvent(eventId);
  return (
    <>
      <Breadcrumbs
        items={[
          { label: 'Events', to: '/admin/events' },
          { label: `Event: ${event.data?.name ?? '…'}`, to: `/admin/events/${eventId}` },
          { label: 'Registrations' },
        ]}
      />
      <PageHeader title="Registrations" actions={<ButtonLink to={`/admin/events/${eventId}`}>Back</ButtonLink>} />
      <RegistrationsBoard eventId={eventId} />
    </>
  );
}
