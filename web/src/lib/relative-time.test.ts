import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);

describe('relativeTime', () => {
  it.each([
    [0, 'just now'],
    [4_000, 'just now'],
    [30_000, '30 seconds ago'],
    [60_000, '1 minute ago'],
    [125_000, '2 minutes ago'],
    [3_600_000, '1 hour ago'],
    [7_300_000, '2 hours ago'],
  ])('%i ms → %s', (ms, text) => expect(relativeTime(at(0), at(ms))).toBe(text));
});
