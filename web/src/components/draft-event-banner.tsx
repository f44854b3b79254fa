import { useTranslation } from 'react-i18next';
import { messages } from '@/lib/i18n/i18n';
import { useEvent } from '@/lib/queries/events';

/** What a Draft event hides: athletes and spectators see none of it, registration included. */
export const DRAFT_TEXTS = messages({
  title: 'site:ui.draft.title',
  text: 'site:ui.draft.text',
  registration: 'site:ui.draft.registration',
});

/**
 * A clear banner on the event's console pages while the event is Draft, so an organiser never
 * takes a hidden event for a live one (docs/registration.md). Nothing for any other status.
 */
export function DraftEventBanner({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const event = useEvent(eventId, eventId !== '');
  if (event.data?.status !== 'DRAFT') return null;
  return (
    <div role="note" aria-label={t('site:ui.draft.label')} className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <strong>{DRAFT_TEXTS.title}</strong> {DRAFT_TEXTS.text}
    </div>
  );
}
