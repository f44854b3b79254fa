import { describe, expect, it } from 'vitest';
import { formatMmSs, parseTime, TIME_ERRORS } from './time';

describe('formatMmSs', () => {
  it.each([
    [0, '00:00'],
    [5, '00:05'],
    [330, '05:30'],
    [3600, '60:00'],
    [4000, '66:40'],
  ])('%i → %s', (seconds, text) => expect(formatMmSs(seconds)).toBe(text));
});

describe('parseTime', () => {
  it.each([
    ['5:30', 330],
    ['05:30', 330],
    ['12:00', 720],
    [' 0:01 ', 1],
    ['330', 330],
    ['90.5', 90.5],
    // What the server shows (resultText) reads back: hours from 1:00:00, fractions of a second.
    ['1:02:03', 3723],
    ['1:00:00', 3600],
    ['12:34.5', 754.5],
    ['12:34.25', 754.25],
  ])('accepts %s', (input, seconds) => expect(parseTime(input)).toEqual({ ok: true, seconds }));

  it.each([
    ['5:60', TIME_ERRORS.secondsTooLarge],
    ['-5:30', TIME_ERRORS.negativeTime],
    ['0:00', TIME_ERRORS.notPositive],
    ['0', TIME_ERRORS.notPositive],
    ['-30', TIME_ERRORS.negativeSeconds],
    ['5:3', TIME_ERRORS.format],
    ['abc', TIME_ERRORS.format],
    ['1:60:00', TIME_ERRORS.format],
    ['1:2:03', TIME_ERRORS.format],
    ['-1:02:03', TIME_ERRORS.negativeTime],
  ])('rejects %s', (input, error) => expect(parseTime(input)).toEqual({ ok: false, error }));
});
