import { useParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { ButtonLink } from '@/components/button';
import { PageHeader } from '@/components/page-header';
import { useEventDivisions } from '@/features/divisions/api/divisions';
import { MemberListCard } from '@/features/eligibility/components/member-list-card';
import { OverridesCard } from '@/features/eligibility/components/overrides-card';
import { PaymentInstructionsCard } from '@/features/registration/components/payment-instructions-card';
import { RefundPolicyCard } from '@/features/registration/components/refund-policy-card';
import { DiscountCodesCard } from '@/features/registration/components/discount-codes-card';
import { RegistrationsBoard } from '@/features/registration/components/registrations-board';
import { useEvent } from '@/lib/queries/events';

export default function EventRegistrationsRoute() {
  const { eventId = '' } = useParams();
  const event = useEvent(eventId);
  const divisions = useEventDivisions(eventId);
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
      {/* What registering asks and how fees are paid (docs/eligibility.md, docs/registration.md). */}
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <PaymentInstructionsCard eventId={eventId} />
        <RefundPolicyCard eventId={eventId} />
        <DiscountCodesCard eventId={eventId} divisions={(divisions.data ?? []).map((d) => ({ id: d.id, name: d.name }))} />
        <OverridesCard eventId={eventId} divisions={(divisions.data ?? []).map((d) => ({ id: d.id, name: d.name }))} />
        <div className="lg:col-span-2">
          <MemberListCard eventId={eventId} />
        </div>
      </div>
    </>
  );
}
