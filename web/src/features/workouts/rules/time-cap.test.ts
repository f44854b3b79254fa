import { describe, expect, it } from 'vitest';
import { formatTimeCap, parseTimeCap, reformatTimeCap, TIME_CAP_TEXT } from './time-cap';

describe('parseTimeCap', () => {
  it('treats empty as no cap', () => expect(parseTimeCap('  ')).toEqual({ ok: true, seconds: null }));

  it.each([
    ['01:00', 60],
    ['1:00', 60],
    ['12:30', 750],
    ['60:00', 3600],
    ['5:5', 305],
  ])('accepts %s', (input, seconds) => expect(parseTimeCap(input)).toEqual({ ok: true, seconds }));

  it.each([
    ['00:59', TIME_CAP_TEXT.range],
    ['60:01', TIME_CAP_TEXT.range],
    ['0:00', TIME_CAP_TEXT.range],
    ['12:60', TIME_CAP_TEXT.format],
    ['-1:00', TIME_CAP_TEXT.format],
    ['12', TIME_CAP_TEXT.format],
    ['ab:cd', TIME_CAP_TEXT.format],
  ])('rejects %s', (input, error) => expect(parseTimeCap(input)).toEqual({ ok: false, error }));
});

describe('formatting', () => {
  it('formats seconds as padded MM:SS', () => {
    expect(formatTimeCap(750)).toBe('12:30');
    expect(formatTimeCap(null)).toBe('');
  });

  it('reformats valid input on blur and leaves invalid input alone', () => {
    expect(reformatTimeCap('5:5')).toBe('05:05');
    expect(reformatTimeCap('1:00')).toBe('01:00');
    expect(reformatTimeCap('99:99')).toBe('99:99');
  });
});
