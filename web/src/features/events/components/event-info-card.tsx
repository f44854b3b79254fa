import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Card } from '@/components/card';
import { Markdown } from '@/components/markdown';
import type { Event } from '@/lib/api/types';
import { formatDate } from '@/lib/dates';
import { EventStatusBadge } from './event-status';

export function EventInfoCard({ event }: { event: Event }) {
  const { t } = useTranslation('console');
  const rows: [string, ReactNode][] = [
    [t('events.info.name'), event.name],
    [t('events.fields.location'), event.location || t('events.info.notSpecified')],
    [t('events.fields.status'), <EventStatusBadge key="status" event={event} />],
    [t('events.info.start'), formatDate(event.dateFrom)],
    [t('events.info.end'), formatDate(event.dateTo)],
    // Markdown, sanitised, with the public site's component.
    [t('events.fields.description'), event.description ? <Markdown key="description">{event.description}</Markdown> : '—'],
  ];
  const description = t('events.fields.description');
  return (
    <Card title={t('events.info.title')}>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-500">{label}</dt>
            <dd className={label === description ? 'min-w-0 text-slate-800' : 'whitespace-pre-line text-slate-800'}>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
