import type { ReactNode } from 'react';
import { Card } from '@/components/card';
import { Markdown } from '@/components/markdown';
import type { Event } from '@/lib/api/types';
import { formatDate } from '@/lib/dates';
import { EventStatusBadge } from './event-status';

export function EventInfoCard({ event }: { event: Event }) {
  const rows: [string, ReactNode][] = [
    ['Name', event.name],
    ['Location', event.location || 'Not specified'],
    ['Status', <EventStatusBadge key="status" event={event} />],
    ['Start', formatDate(event.dateFrom)],
    ['End', formatDate(event.dateTo)],
    // Markdown, sanitised, with the public site's component.
    ['Description', event.description ? <Markdown key="description">{event.description}</Markdown> : '—'],
  ];
  return (
    <Card title="Event Information">
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-500">{label}</dt>
            <dd className={label === 'Description' ? 'min-w-0 text-slate-800' : 'whitespace-pre-line text-slate-800'}>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
