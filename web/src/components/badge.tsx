import type { ReactNode } from 'react';
import { cn } from './cn';

export type BadgeColor = 'gray' | 'blue' | 'green' | 'yellow' | 'purple' | 'red' | 'amber' | 'orange';

const colors: Record<BadgeColor, string> = {
  gray: 'bg-slate-100 text-slate-700',
  blue: 'bg-blue-100 text-blue-800',
  green: 'bg-green-100 text-green-800',
  yellow: 'bg-yellow-100 text-yellow-800',
  purple: 'bg-purple-100 text-purple-800',
  red: 'bg-red-100 text-red-800',
  amber: 'bg-amber-100 text-amber-800',
  orange: 'bg-orange-100 text-orange-800',
};

/** A colour name sent by the server (e.g. an event status's colour); gray when unknown. */
export const badgeColor = (name: string | undefined): BadgeColor => (name && name in colors ? (name as BadgeColor) : 'gray');

export function Badge({ color = 'gray', children, className }: { color?: BadgeColor; children: ReactNode; className?: string }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium', colors[color], className)}>
      {children}
    </span>
  );
}
