import { describe, expect, it } from 'vitest';
import { downloadName } from './download';

describe('downloadName', () => {
  it('names the parts that are there and the day', () => {
    const made = new Date(2026, 10, 5, 23, 30);
    expect(downloadName(['Summer Games', ' ', 'event export'], 'podium.json', made)).toBe('Summer Games - event export - 2026-11-05.podium.json');
  });
});
