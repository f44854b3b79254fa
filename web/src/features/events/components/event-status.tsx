import { useTranslation } from 'react-i18next';
import { eventStatusWord } from '@/lib/i18n/words';
import { Badge, badgeColor } from '@/components/badge';
import type { Event } from '@/lib/api/types';
import { useEventStatuses } from '../api/event-statuses';

/** An event's status in the viewer's language (lib/i18n/words.ts), in the colour the server gives
 * that status. */
export function EventStatusBadge({ event }: { event: Pick<Event, 'status' | 'statusLabel'> }) {
  useTranslation();
  const statuses = useEventStatuses();
  const known = statuses.data?.find((s) => s.value === event.status);
  return <Badge color={badgeColor(known?.color)}>{eventStatusWord(event.status)}</Badge>;
}
