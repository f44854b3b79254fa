// How a submission's review and times read on the athlete's page (docs/qualifiers.md).
import type { BadgeColor } from '@/components/badge';

const reviewWords: Record<string, { label: string; color: BadgeColor }> = {
  unreviewed: { label: 'Awaiting review', color: 'amber' },
  accepted: { label: 'Accepted', color: 'green' },
  adjusted: { label: 'Adjusted', color: 'blue' },
  rejected: { label: 'Rejected', color: 'red' },
  penalised: { label: 'Penalty', color: 'amber' },
};

export const reviewLabel = (state: string) => reviewWords[state] ?? { label: state, color: 'gray' as BadgeColor };

/** An instant in the event's time zone: "9 Mar 2026, 18:00 (Europe/Paris)", as the server words it. */
export function zonedTime(instant: string, timeZone: string): string {
  const date = new Date(instant);
  if (!instant || Number.isNaN(date.getTime())) return instant;
  const zone = timeZone || 'UTC';
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')} (${zone})`;
}
