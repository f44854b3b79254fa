import { describe, expect, it } from 'vitest';
import { instantToWall, ONLINE_ERRORS, toOnlineSettings, validateOnline, wallToInstant } from './online';

describe('online qualifier times', () => {
  it('reads wall times of the event zone as instants and back', () => {
    expect(wallToInstant('2026-03-05T18:00', 'Europe/Paris')).toBe('2026-03-05T17:00:00Z');
    expect(wallToInstant('2026-07-05T18:00', 'Europe/Paris')).toBe('2026-07-05T16:00:00Z');
    expect(wallToInstant('2026-03-05T18:00', 'UTC')).toBe('2026-03-05T18:00:00Z');
    expect(instantToWall('2026-03-05T17:00:00Z', 'Europe/Paris')).toBe('2026-03-05T18:00');
    expect(instantToWall('', 'UTC')).toBe('');
  });

  it('checks the zone and each window', () => {
    const w = (releaseAt: string, deadline: string) => ({ releaseAt, deadline, videoRequired: false });
    expect(validateOnline({ format: 'online', showUnreviewed: false, timeZone: 'Mars/Olympus', workouts: {} }).timeZone).toBe(ONLINE_ERRORS.timeZone);
    expect(validateOnline({ format: 'online', showUnreviewed: false, timeZone: 'UTC', workouts: { a: w('2026-03-05T18:00', '') } }).workouts?.a).toBe(ONLINE_ERRORS.both);
    expect(validateOnline({ format: 'online', showUnreviewed: false, timeZone: 'UTC', workouts: { a: w('2026-03-05T18:00', '2026-03-05T18:00') } }).workouts?.a).toBe(
      ONLINE_ERRORS.order,
    );
    expect(validateOnline({ format: 'online', showUnreviewed: false, timeZone: 'UTC', workouts: { a: w('2026-03-05T18:00', '2026-03-09T18:00') } })).toEqual({});
  });

  it('sends windows of an online event only', () => {
    const workouts = { a: { releaseAt: '2026-03-05T18:00', deadline: '2026-03-09T18:00', videoRequired: true } };
    expect(toOnlineSettings({ format: 'online', showUnreviewed: false, timeZone: 'Europe/Paris', workouts }).workouts).toEqual([
      { workoutId: 'a', releaseAt: '2026-03-05T17:00:00Z', submissionDeadline: '2026-03-09T17:00:00Z', videoRequired: true },
    ]);
    expect(toOnlineSettings({ format: 'in_person', showUnreviewed: true, timeZone: 'UTC', workouts }).workouts).toEqual([]);
    // Only an online event's board shows unreviewed scores.
    expect(toOnlineSettings({ format: 'in_person', showUnreviewed: true, timeZone: 'UTC', workouts }).showUnreviewed).toBe(false);
    expect(toOnlineSettings({ format: 'online', showUnreviewed: true, timeZone: 'UTC', workouts }).showUnreviewed).toBe(true);
  });
});
