// Instants as the browser's datetime-local inputs hold them (local time), for every form
// that asks for a date and time.

const pad = (n: number) => String(n).padStart(2, '0');

/** An RFC 3339 instant as a datetime-local value in the browser's time zone ("" for none). */
export function toLocalInput(instant: string): string {
  if (!instant) return '';
  const d = new Date(instant);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (the browser's time zone) as an RFC 3339 instant; "" stays "". */
export function fromLocalInput(value: string): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
