import { describe, expect, it } from 'vitest';
import { isPast, liveFirst, localDay, runsToday, upcomingFirst } from './events';

const ev = (status: 'in_progress' | 'published' | 'archived', dateFrom: string, dateTo: string) => ({ status, dateFrom, dateTo });

describe('live now', () => {
  it('is an event in progress or published whose dates hold today', () => {
    expect(runsToday(ev('in_progress', '2026-11-24', '2026-11-26'), '2026-11-25')).toBe(true);
    expect(runsToday(ev('published', '2026-11-25', '2026-11-25'), '2026-11-25')).toBe(true);
    expect(runsToday(ev('in_progress', '2026-11-25', ''), '2026-11-25')).toBe(true);
    expect(runsToday(ev('archived', '2026-11-25', '2026-11-25'), '2026-11-25')).toBe(false);
    expect(runsToday(ev('in_progress', '2026-11-26', '2026-11-27'), '2026-11-25')).toBe(false);
    expect(runsToday(ev('in_progress', '2026-11-20', '2026-11-24'), '2026-11-25')).toBe(false);
    expect(runsToday(ev('in_progress', '', ''), '2026-11-25')).toBe(false);
  });
  it("puts today's events first and keeps the server's order in both groups", () => {
    const old = ev('published', '2020-01-01', '2020-01-02');
    const a = ev('in_progress', '2026-11-25', '2026-11-25');
    const later = ev('published', '2027-01-01', '2027-01-01');
    const b = ev('published', '2026-11-24', '2026-11-26');
    expect(liveFirst([old, a, later, b], '2026-11-25')).toEqual({ live: [a, b], rest: [old, later] });
  });
  it("reads today in the viewer's time zone", () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('upcoming first', () => {
  it('puts live, then upcoming, then past events, each in the server order', () => {
    const old = ev('archived', '2020-01-01', '2020-01-02');
    const live = ev('in_progress', '2026-11-25', '2026-11-25');
    const later = ev('published', '2027-01-01', '2027-01-01');
    const lastWeek = ev('published', '2026-11-18', '');
    const undated = ev('published', '', '');
    expect(upcomingFirst([old, live, lastWeek, later, undated], '2026-11-25')).toEqual({
      live: [live],
      upcoming: [later, undated],
      past: [old, lastWeek],
    });
  });
  it('counts an event as past only after its last day', () => {
    expect(isPast(ev('published', '2026-11-20', '2026-11-25'), '2026-11-25')).toBe(false);
    expect(isPast(ev('published', '2026-11-20', '2026-11-24'), '2026-11-25')).toBe(true);
    expect(isPast(ev('published', '', ''), '2026-11-25')).toBe(false);
  });
});
