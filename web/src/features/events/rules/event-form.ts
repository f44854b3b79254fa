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
};

export type EventFormErrors = Partial<Record<keyof EventFormValues, string>>;

export const SCORING_TABLES: { value: ScoringTable; label: string }[] = [
  { value: 'podium100', label: 'Podium 100 (default): 100, 95, 90 …' },
  { value: 'games2012', label: 'Games 2012: 100, 95, 90 … to 27 at 30th' },
  { value: 'ranksum', label: 'Rank sum: points = place, lowest total wins' },
  { value: 'pscore', label: 'P-Score: 100 for the best result, 50 for the median' },
  { value: 'custom', label: 'Custom points list' },
];

export const EVENT_FORM_MESSAGES = {
  name: 'Event name is required',
  dateFrom: 'Start date is required',
  dateTo: 'End date is required',
  order: 'End date must be after start date',
  customPoints: 'Enter the points by place as numbers separated by commas (e.g. 100, 90, 80)',
} as const;

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
  };
}
