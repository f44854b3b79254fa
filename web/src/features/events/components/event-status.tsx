import { Badge, type BadgeColor } from '@/components/badge';

export const EVENT_STATUSES = [
  { value: 'DRAFT', label: 'Entwurf', color: 'gray' },
  { value: 'PUBLISHED', label: 'Veröffentlicht', color: 'blue' },
  { value: 'IN_PROGRESS', label: 'Läuft', color: 'green' },
  { value: 'ARCHIVED', label: 'Archiviert', color: 'yellow' },
  { value: 'UNLISTED', label: 'Nicht gelistet', color: 'purple' },
] as const satisfies readonly { value: string; label: string; color: BadgeColor }[];

const BADGE_ONLY = { COMPLETED: { label: 'Abgeschlossen', color: 'green' } } as const;

export function eventStatusInfo(status: string): { label: string; color: BadgeColor } {
  const known = EVENT_STATUSES.find((s) => s.value === status) ?? (status === 'COMPLETED' ? BADGE_ONLY.COMPLETED : undefined);
  return known ?? { label: status, color: 'gray' };
}

export function EventStatusBadge({ status }: { status: string }) {
  const { label, color } = eventStatusInfo(status);
  return <Badge color={color}>{label}</Badge>;
}
