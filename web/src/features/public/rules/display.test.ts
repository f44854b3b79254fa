import { describe, expect, it } from 'vitest';
import {
  completedValue,
  formatMSS,
  formatTimeResult,
  lastUpdatedText,
  medal,
  progressPercent,
  resultDisplay,
  resultText,
  scoringDescription,
  sortEvents,
  statusIcon,
} from './display';

describe('time display rule', () => {
  it('formats seconds as M:SS with unpadded minutes', () => {
    expect(formatMSS(0)).toBe('0:00');
    expect(formatMSS(5)).toBe('0:05');
    expect(formatMSS(330)).toBe('5:30');
    expect(formatMSS(754)).toBe('12:34');
    expect(formatMSS(3725)).toBe('62:05');
    expect(formatMSS(89.6)).toBe('1:30');
  });

  it('shows a dash unless the status is completed', () => {
    for (const status of ['capped', 'dnf', 'dns', 'not_started', '']) expect(formatTimeResult(status, '330', 330)).toBe('—');
  });

  it('formats the raw seconds when they lie in (0, 86400) and the text is all digits', () => {
    expect(formatTimeResult('completed', '330', 330)).toBe('5:30');
    expect(formatTimeResult('completed', '999', 754)).toBe('12:34');
    expect(formatTimeResult('completed', '86399', 86399)).toBe('1439:59');
  });

  it('parses an all-digit text when the raw value is missing, zero or at/over the threshold', () => {
    expect(formatTimeResult('completed', '90', null)).toBe('1:30');
    expect(formatTimeResult('completed', '90', 0)).toBe('1:30');
    expect(formatTimeResult('completed', '90', 86400)).toBe('1:30');
    expect(formatTimeResult('completed', '90', 100000)).toBe('1:30');
  });

  it('shows any other text as is', () => {
    expect(formatTimeResult('completed', '12:34', 754)).toBe('12:34');
    expect(formatTimeResult('completed', '1:02:03', 3723)).toBe('1:02:03');
    expect(formatTimeResult('completed', '5:30.5', 330.5)).toBe('5:30.5');
  });

  it('treats a raw TIME value below 86400 as seconds when there is no text', () => {
    expect(formatTimeResult('completed', '', 125)).toBe('2:05');
    expect(formatTimeResult('completed', '', null)).toBe('—');
  });

  it('applies only to TIME workouts', () => {
    expect(completedValue('time', '330', 330)).toBe('5:30');
    expect(completedValue('TIME', '330', 330)).toBe('5:30');
    expect(completedValue('reps', '235', 235)).toBe('235');
    expect(completedValue('maxweight', '', 102.5)).toBe('102.5');
  });
});

describe('result display', () => {
  const r = (status: string, result = '', rawResult: number | null = null) => ({ status, result, rawResult });
  it('shows the value, CAP / DNF / DNS badges or a dash', () => {
    expect(resultDisplay(r('completed', '754', 754), 'time')).toEqual({ kind: 'value', text: '12:34' });
    expect(resultDisplay(r('capped', 'CAP +15', 15), 'time')).toEqual({ kind: 'badge', label: 'CAP', detail: '+15' });
    expect(resultDisplay(r('capped', '', 7), 'time')).toEqual({ kind: 'badge', label: 'CAP', detail: '+7' });
    expect(resultDisplay(r('dnf', 'DNF'), 'time')).toEqual({ kind: 'badge', label: 'DNF' });
    expect(resultDisplay(r('dns', 'DNS'), 'reps')).toEqual({ kind: 'badge', label: 'DNS' });
    expect(resultDisplay(r('not_started'), 'reps')).toEqual({ kind: 'dash' });
    expect(resultText(r('capped', 'CAP +15', 15), 'time')).toBe('CAP +15');
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
  it('then the clock time after an hour', () => {
    const at = ago(3600);
    expect(lastUpdatedText(at, now)).toBe(at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }));
    expect(lastUpdatedText(at.getTime(), now.getTime())).toMatch(/\d{1,2}:\d{2}/);
  });
  it('handles missing values', () => {
    expect(lastUpdatedText(null, now)).toBe('Never');
    expect(lastUpdatedText('nonsense', now)).toBe('Never');
  });
});

describe('ordering', () => {
  it('sorts events by dateFrom ascending, undated last, then by name', () => {
    const events = [
      { name: 'Zeta', dateFrom: '' },
      { name: 'Beta', dateFrom: '2026-06-01' },
      { name: 'Alpha', dateFrom: '2026-06-01' },
      { name: 'Early', dateFrom: '2026-01-10' },
      { name: 'Atlas', dateFrom: '' },
    ];
    expect(sortEvents(events).map((e) => e.name)).toEqual(['Early', 'Alpha', 'Beta', 'Atlas', 'Zeta']);
  });
});

describe('scoring description', () => {
  it('is built from the type and the time cap as M:SS', () => {
    expect(scoringDescription('time', 720)).toBe('For time — fastest time wins (time cap 12:00)');
    expect(scoringDescription('reps', 420)).toBe('Max reps in 7:00 — most reps wins');
    expect(scoringDescription('maxweight', null)).toBe('Max weight — heaviest load wins');
  });
});
