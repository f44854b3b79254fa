// The organiser's money view of an event (docs/finding-events.md, "Money"): read-only.
import { queryOptions } from '@tanstack/react-query';
import { api, apiDownload } from '@/lib/api/client';
import type { definitions } from '@/lib/api/schema';

type Complete<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

export type MoneyLine = Complete<definitions['v1MoneyLine']>;
export type EventMoney = { divisions: MoneyLine[]; totals: MoneyLine[] };

export const moneyKeys = {
  all: ['money'] as const,
  event: (eventId: string) => [...moneyKeys.all, 'event', eventId] as const,
};

export const moneyQueries = {
  event: (eventId: string) =>
    queryOptions({ queryKey: moneyKeys.event(eventId), queryFn: ({ signal }) => api.get<EventMoney>(`/events/${eventId}/money`, undefined, signal) }),
};

export const downloadMoneyCsv = (eventId: string) => apiDownload(`/events/${eventId}/money.csv`);
