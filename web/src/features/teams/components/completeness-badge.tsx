import { Badge } from '@/components/badge';

/** 2 athletes Complete (green), 1 Partial (yellow), 0 Empty (grey). */
export function completeness(athleteCount: number): { label: string; color: 'green' | 'yellow' | 'gray' } {
  if (athleteCount >= 2) return { label: 'Complete', color: 'green' };
  if (athleteCount === 1) return { label: 'Partial', color: 'yellow' };
  return { label: 'Empty', color: 'gray' };
}

export function CompletenessBadge({ athleteCount }: { athleteCount: number }) {
  const { label, color } = completeness(athleteCount);
  return <Badge color={color}>{label}</Badge>;
}
