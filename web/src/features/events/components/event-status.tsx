import { Badge, badgeColor } from '@/components/badge';
import type { Event } from '@/lib/api/types';
import { useEventStatuses } from '../api/event-statuses';

/** An event's status as the server labels it (the event's statusLabel), in the colour the server
 * gives that status. */
export function EventStatusBadge({ event }: { event: Pick<Event, 'status' | 'statusLabel'> }) {
  const statuses = useEventStatuses();
  const known = statuses.data?.find((s) => s.value === event.status);
  return <Badge color={badgeColor(known?.color)}>{event.statusLabel || known?.label || event.status}</Badge>;
}
