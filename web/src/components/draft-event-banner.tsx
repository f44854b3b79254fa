import { useEvent } from '@/lib/queries/events';

/** What a Draft event hides: athletes and spectators see none of it, registration included. */
export const DRAFT_BANNER_TITLE = 'Draft: athletes and spectators cannot see this event.';
export const DRAFT_BANNER_TEXT =
  'Its public pages, boards and registration stay hidden, even while a registration window is open, until the event is published (Event status on the event’s page).';
export const DRAFT_REGISTRATION_TEXT =
  'This event is a Draft: athletes cannot see it or register, even inside this window. Publish the event to take registrations.';

/**
 * A clear banner on the event's console pages while the event is Draft, so an organiser never
 * takes a hidden event for a live one (docs/registration.md). Nothing for any other status.
 */
export function DraftEventBanner({ eventId }: { eventId: string }) {
  const event = useEvent(eventId, eventId !== '');
  if (event.data?.status !== 'DRAFT') return null;
  return (
    <div role="note" aria-label="Draft event" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <strong>{DRAFT_BANNER_TITLE}</strong> {DRAFT_BANNER_TEXT}
    </div>
  );
}
