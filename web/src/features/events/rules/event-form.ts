import { messages } from '@/lib/i18n/i18n';
import type { Language } from '@/lib/i18n/languages';
import { fromLocalInput } from '@/lib/local-time';
import type { EventInput, EventStatus, ScoringTable } from '@/lib/api/types';

export type EventFormValues = {
  name: string;
  dateFrom: string;
  dateTo: string;
  location: string;
  description: string;
  detailsVisible: boolean;
  scoringTable: ScoringTable;
  /** The custom points list as typed, e.g. "100, 90, 80". */
  customPoints: string;
  status: EventStatus;
  /** When the rosters lock, as a datetime-local value ("" for never; docs/rosters.md). */
  rosterLockAt: string;
  /** The event's default language: its public pages' and mails' for whom chose none. */
  defaultLanguage: Language;
};

export type EventFormErrors = Partial<Record<keyof EventFormValues, string>>;

export const SCORING_TABLES: { value: ScoringTable; label: string }[] = [
  { value: 'podium100', label: 'console:events.tables.podium100' },
  { value: 'games2012', label: 'console:events.tables.games2012' },
  { value: 'ranksum', label: 'console:events.tables.ranksum' },
  { value: 'pscore', label: 'console:events.tables.pscore' },
  { value: 'custom', label: 'console:events.tables.custom' },
];

export const EVENT_FORM_MESSAGES = messages({
  name: 'console:events.form.nameRequired',
  dateFrom: 'console:events.form.dateFromRequired',
  dateTo: 'console:events.form.dateToRequired',
  order: 'console:events.form.dateOrder',
  customPoints: 'console:events.form.customPointsInvalid',
});

export const emptyEventForm = (): EventFormValues => ({
  name: '',
  dateFrom: '',
  dateTo: '',
  location: '',
  description: '',
  detailsVisible: true,
  scoringTable: 'podium100',
  customPoints: '',
  status: 'DRAFT',
  rosterLockAt: '',
  defaultLanguage: 'en',
});

export function parseCustomPoints(text: string): number[] | null {
  const parts = text.split(/[,\s]+/).filter(Boolean);
  if (parts.length === 0) return null;
  const numbers = parts.map(Number);
  return numbers.every((n) => Number.isFinite(n) && n >= 0) ? numbers : null;
}

export function validateEventForm(values: EventFormValues): EventFormErrors {
  const errors: EventFormErrors = {};
  if (!values.name.trim()) errors.name = EVENT_FORM_MESSAGES.name;
  if (!values.dateFrom) errors.dateFrom = EVENT_FORM_MESSAGES.dateFrom;
  if (!values.dateTo) errors.dateTo = EVENT_FORM_MESSAGES.dateTo;
  else if (values.dateFrom && values.dateFrom > values.dateTo) errors.dateTo = EVENT_FORM_MESSAGES.order;
  if (values.scoringTable === 'custom' && !parseCustomPoints(values.customPoints)) {
    errors.customPoints = EVENT_FORM_MESSAGES.customPoints;
  }
  return errors;
}

export function toEventInput(values: EventFormValues): EventInput {
  return {
    name: values.name.trim(),
    dateFrom: values.dateFrom,
    dateTo: values.dateTo,
    location: values.location.trim(),
    description: values.description,
    detailsVisible: values.detailsVisible,
    scoringTable: values.scoringTable,
    customPoints: values.scoringTable === 'custom' ? (parseCustomPoints(values.customPoints) ?? []) : [],
    rosterLockAt: fromLocalInput(values.rosterLockAt),
    defaultLanguage: values.defaultLanguage,
  };
}
