// The venue card's form (docs/venue.md): what is typed, and the request it becomes. The server
// checks every rule again and names the field; these only catch what needs no round trip.
import type { EventVenue, EventVenueInput } from '@/lib/api/types';

export const TV_ROWS = { min: 3, max: 30 } as const;
export const TV_SECONDS = { min: 3, max: 300 } as const;

export type VenueDraft = { tvRows: string; tvSeconds: string; tvDivisionIds: string[]; embedOrigins: string };
export type VenueErrors = Partial<Record<'tvRows' | 'tvSeconds' | 'embedOrigins', string>>;

export const venueDraftOf = (v: EventVenue): VenueDraft => ({
  tvRows: String(v.tvRows),
  tvSeconds: String(v.tvSeconds),
  tvDivisionIds: v.tvDivisionIds,
  embedOrigins: v.embedOrigins.join('\n'),
});

/** One origin per line; blank lines dropped. */
export const originLines = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

export const toVenueInput = (d: VenueDraft): EventVenueInput => ({
  tvRows: Number(d.tvRows),
  tvSeconds: Number(d.tvSeconds),
  tvDivisionIds: d.tvDivisionIds,
  embedOrigins: originLines(d.embedOrigins),
});

const whole = (v: string, { min, max }: { min: number; max: number }) => /^\d+$/.test(v.trim()) && Number(v) >= min && Number(v) <= max;

export function validateVenue(d: VenueDraft): VenueErrors {
  const errors: VenueErrors = {};
  if (!whole(d.tvRows, TV_ROWS)) errors.tvRows = `Rows per page must be between ${TV_ROWS.min} and ${TV_ROWS.max}`;
  if (!whole(d.tvSeconds, TV_SECONDS)) errors.tvSeconds = `Seconds per page must be between ${TV_SECONDS.min} and ${TV_SECONDS.max}`;
  return errors;
}

/** The form field a server error names: tvRows, tvSeconds, or an origin ("embedOrigins[2]"). */
export function venueFieldOf(field: string | null): keyof VenueErrors | null {
  if (field === 'tvRows' || field === 'tvSeconds') return field;
  if (field?.startsWith('embedOrigins')) return 'embedOrigins';
  return null;
}

/** "embedOrigins[2]" → the third non-blank line, quoted for the message. */
export function originAt(field: string | null, text: string): string | undefined {
  const m = field?.match(/^embedOrigins\[(\d+)\]$/);
  return m ? originLines(text)[Number(m[1])] : undefined;
}
