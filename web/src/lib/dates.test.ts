import { describe, expect, it } from 'vitest';
import { formatClock, formatDate, formatDateTime } from './dates';

describe('one date and time style', () => {
  it('writes days as "25 Nov 2026" and times on a 24-hour clock', () => {
    const evening = new Date(2026, 10, 25, 19, 4);
    expect(formatDate('2026-11-25')).toBe('25 Nov 2026');
    expect(formatClock(evening)).toBe('19:04');
    expect(formatDateTime(evening.toISOString())).toBe('25 Nov 2026, 19:04');
    expect(formatDateTime(new Date(2026, 10, 25, 7, 34).toISOString())).toBe('25 Nov 2026, 07:34');
  });

  it('keeps missing and unreadable values visible as such', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDateTime('')).toBe('—');
    expect(formatDateTime('soon')).toBe('soon');
    expect(formatClock('soon')).toBe('');
  });
});
