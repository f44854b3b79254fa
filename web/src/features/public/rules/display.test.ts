import { describe, expect, it } from 'vitest';
import {
  lastUpdatedText,
  medal,
  progressPercent,
  resultDisplay,
  scoringDescription,
  statusIcon,
} from './display';

describe('result display', () => {
  const r = (status: string, result = '') => ({ status, result });
  it("shows the server's text as a value, as a CAP / DNF / DNS badge, or a dash", () => {
    expect(resultDisplay(r('completed', '12:34'))).toEqual({ kind: 'value', text: '12:34' });
    expect(resultDisplay(r('completed', '235'))).toEqual({ kind: 'value', text: '235' });
    expect(resultDisplay(r('capped', 'CAP +15'))).toEqual({ kind: 'badge', status: 'capped', text: 'CAP +15' });
    expect(resultDisplay(r('dnf', 'DNF'))).toEqual({ kind: 'badge', status: 'dnf', text: 'DNF' });
    expect(resultDisplay(r('dns', 'DNS'))).toEqual({ kind: 'badge', status: 'dns', text: 'DNS' });
    expect(resultDisplay(r('not_started'))).toEqual({ kind: 'dash' });
    expect(resultDisplay(r('completed', ' '))).toEqual({ kind: 'dash' });
  });

  it('maps status badges and medals', () => {
    expect(['completed', 'not_started', 'dnf', 'dns', 'capped'].map(statusIcon)).toEqual(['✅', '⏳', '❌', '⚪', '⚠️']);
    expect([1, 2, 3, 4, null].map(medal)).toEqual(['🥇', '🥈', '🥉', null, null]);
  });
});

describe('progress percent', () => {
  it('is resultsEntered / totalWorkouts, 0 without workouts', () => {
    expect(progressPercent(0, 4)).toBe(0);
    expect(progressPercent(1, 4)).toBe(25);
    expect(progressPercent(4, 4)).toBe(100);
    expect(progressPercent(3, 0)).toBe(0);
    expect(progressPercent(2, 3)).toBeCloseTo(66.667, 2);
  });
});

describe("'Last updated' texts", () => {
  const now = new Date('2026-05-12T14:30:00Z');
  const ago = (s: number) => new Date(now.getTime() - s * 1000);
  it("says 'Just now' for 5 s or less", () => {
    expect(lastUpdatedText(ago(0), now)).toBe('Just now');
    expect(lastUpdatedText(ago(5), now)).toBe('Just now');
    expect(lastUpdatedText(new Date(now.getTime() + 2000), now)).toBe('Just now');
  });
  it('then seconds, then minutes', () => {
    expect(lastUpdatedText(ago(6), now)).toBe('6 seconds ago');
    expect(lastUpdatedText(ago(59), now)).toBe('59 seconds ago');
    expect(lastUpdatedText(ago(60), now)).toBe('1 minute ago');
    expect(lastUpdatedText(ago(61 * 60 - 61), now)).toBe('59 minutes ago');
  });
  it('then the clock time after an hour, on the 24-hour clock', () => {
    const at = ago(3600);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(lastUpdatedText(at, now)).toBe(`${pad(at.getHours())}:${pad(at.getMinutes())}`);
    expect(lastUpdatedText(at.getTime(), now.getTime())).toMatch(/\d{1,2}:\d{2}/);
  });
  it('handles missing values', () => {
    expect(lastUpdatedText(null, now)).toBe('Never');
    expect(lastUpdatedText('nonsense', now)).toBe('Never');
  });
});

describe('scoring description', () => {
  it('is built from the type and the time cap as the server shows it', () => {
    expect(scoringDescription('time', '12:00')).toBe('For time — fastest time wins (time cap 12:00)');
    expect(scoringDescription('reps', '7:00')).toBe('Max reps in 7:00 — most reps wins');
    expect(scoringDescription('maxweight', null)).toBe('Max weight — heaviest load wins');
  });
});

describe('rosters on the boards', () => {
  it('shows every starting athlete, the two names of a pair, nothing for an individual', async () => {
    const { rosterLine, entrantWord, entrantCount } = await import('./display');
    expect(rosterLine({ teamName: 'Four', athleteNames: ['Ann', 'Bob', 'Cat', 'Dan'] })).toBe('Ann • Bob • Cat • Dan');
    expect(rosterLine({ teamName: 'Pair', athlete1Name: 'Ann', athlete2Name: 'Bob' })).toBe('Ann • Bob');
    expect(rosterLine({ teamName: 'Jo Solo', athleteNames: ['Jo Solo'] })).toBe('');
    expect(entrantWord(1)).toBe('Athlete');
    expect(entrantWord(2)).toBe('Team');
    expect(entrantWord(undefined)).toBe('Team');
    expect(entrantCount(1, 1)).toBe('1 athlete');
    expect(entrantCount(12, 1)).toBe('12 athletes');
    expect(entrantCount(12, 4)).toBe('12 teams');
  });
});
