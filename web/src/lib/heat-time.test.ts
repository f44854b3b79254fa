import { describe, expect, it } from 'vitest';
import { heatClock, heatClockText, heatDay, heatMoved, isoToLocal, localToIso, nextHeatStart, nowAndNext } from './heat-time';

describe('heat times', () => {
  it('round-trips the datetime-local field', () => {
    const iso = localToIso('2026-06-01T09:30');
    expect(iso).toMatch(/^2026-06-0[12]T\d\d:\d0:00Z$/);
    expect(isoToLocal(iso)).toBe('2026-06-01T09:30');
    expect(localToIso('')).toBe('');
  });

  it('finds the heat running now and the next one', () => {
    const heats = [
      { id: 'b', startTime: '2026-06-01T09:15:00Z' },
      { id: 'a', startTime: '2026-06-01T09:00:00Z' },
      { id: 'c', startTime: '2026-06-01T09:30:00Z' },
    ];
    expect(nowAndNext(heats, new Date('2026-06-01T08:00:00Z'))).toEqual({ now: undefined, next: heats[1] });
    expect(nowAndNext(heats, new Date('2026-06-01T09:20:00Z'))).toEqual({ now: heats[0], next: heats[2] });
    expect(nowAndNext(heats, new Date('2026-06-01T09:30:00Z'))).toEqual({ now: heats[2], next: undefined });
    expect(nowAndNext(heats, new Date('2026-06-01T12:00:00Z'))).toEqual({ now: undefined, next: undefined });
  });

  it('puts an added heat after the last one', () => {
    const now = new Date('2026-06-01T08:20:00Z');
    expect(nextHeatStart([], now)).toBe('2026-06-01T09:00:00Z');
    expect(nextHeatStart([{ startTime: '2026-06-01T09:00:00Z' }], now)).toBe('2026-06-01T09:10:00Z');
    expect(nextHeatStart([{ startTime: '2026-06-01T09:15:00Z' }, { startTime: '2026-06-01T09:00:00Z' }], now)).toBe('2026-06-01T09:30:00Z');
  });
});

describe('heat day', () => {
  it("names a heat's day in the viewer's zone", () => {
    expect(heatDay(new Date(2026, 5, 13, 9, 0).toISOString())).toBe('Sat 13 Jun');
    expect(heatDay('not a time')).toBe('');
  });
});

describe('heat times in the event\'s time zone', () => {
  it('dates and clocks a heat where it happens, whatever the viewer\'s zone', () => {
    // 23:30 UTC on Friday is already Saturday morning in Sydney and still Friday evening in New York.
    const iso = '2026-06-12T23:30:00Z';
    expect([heatDay(iso, 'Australia/Sydney'), heatClock(iso, 'Australia/Sydney')]).toEqual(['Sat 13 Jun', '09:30']);
    expect([heatDay(iso, 'America/New_York'), heatClock(iso, 'America/New_York')]).toEqual(['Fri 12 Jun', '19:30']);
  });

  it("falls back to the viewer's zone for an unknown zone instead of failing the page", () => {
    const iso = new Date(2026, 5, 13, 9, 5).toISOString();
    expect(heatClock(iso, 'Not/A_Zone')).toBe('09:05');
  });
});

describe('a heat moved by a schedule shift', () => {
  it('is moved only when its planned start is another instant', () => {
    expect(heatMoved('2026-06-01T09:22:00Z', '2026-06-01T09:10:00Z')).toBe(true);
    expect(heatMoved('2026-06-01T09:10:00Z', '2026-06-01T09:10:00.000Z')).toBe(false);
    expect(heatMoved('2026-06-01T09:10:00Z', '')).toBe(false);
    expect(heatMoved('2026-06-01T09:10:00Z')).toBe(false);
  });
  it('says the planned start in words where only text fits', () => {
    expect(heatClockText('2026-06-01T09:22:00Z', '2026-06-01T09:10:00Z', 'UTC')).toBe('09:22 (planned 09:10)');
    expect(heatClockText('2026-06-01T09:10:00Z', '2026-06-01T09:10:00Z', 'UTC')).toBe('09:10');
  });
});
