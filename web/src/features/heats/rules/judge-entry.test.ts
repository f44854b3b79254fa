import { describe, expect, it } from 'vitest';
import { EMPTY_ENTRY, entryKinds, entryText, formatTimeDigits, isBlank, parseEntry, timeDigits } from './judge-entry';

describe('judge entry', () => {
  it('keeps up to four digits and shows them as M:SS', () => {
    expect(timeDigits('7:34')).toBe('734');
    expect(timeDigits('0012345')).toBe('1234');
    expect(formatTimeDigits('')).toBe('');
    expect(formatTimeDigits('5')).toBe('0:05');
    expect(formatTimeDigits('734')).toBe('7:34');
    expect(formatTimeDigits('1234')).toBe('12:34');
  });

  it('offers time and CAP + reps for TIME workouts only', () => {
    expect(entryKinds('TIME')).toEqual(['time', 'cap', 'dnf', 'dns']);
    expect(entryKinds('REPS')).toEqual(['value', 'dnf', 'dns']);
  });

  it('parses every kind with the grid rules', () => {
    expect(parseEntry({ ...EMPTY_ENTRY, digits: '734' }, 'TIME')).toEqual({ ok: true, result: { status: 'completed', resultValue: 454, cappedReps: null } });
    expect(parseEntry({ ...EMPTY_ENTRY, kind: 'cap', reps: '15' }, 'TIME')).toEqual({ ok: true, result: { status: 'capped', resultValue: null, cappedReps: 15 } });
    expect(parseEntry({ ...EMPTY_ENTRY, kind: 'dnf' }, 'TIME')).toMatchObject({ ok: true, result: { status: 'dnf' } });
    expect(parseEntry({ ...EMPTY_ENTRY, kind: 'dns' }, 'REPS')).toMatchObject({ ok: true, result: { status: 'dns' } });
    expect(parseEntry({ ...EMPTY_ENTRY, kind: 'value', value: '120' }, 'REPS')).toMatchObject({ ok: true, result: { resultValue: 120 } });
  });

  it('shows the entry as typed, in the notation the server shows', () => {
    expect(entryText({ ...EMPTY_ENTRY, digits: '734' })).toBe('7:34');
    expect(entryText({ ...EMPTY_ENTRY, kind: 'cap', reps: ' 15 ' })).toBe('CAP +15');
    expect(entryText({ ...EMPTY_ENTRY, kind: 'dnf' })).toBe('DNF');
    expect(entryText({ ...EMPTY_ENTRY, kind: 'value', value: ' 120 ' })).toBe('120');
  });

  it('names what is missing or wrong', () => {
    expect(parseEntry(EMPTY_ENTRY, 'TIME')).toEqual({ ok: false, error: 'Enter the time' });
    expect(parseEntry({ ...EMPTY_ENTRY, kind: 'cap' }, 'TIME')).toEqual({ ok: false, error: 'Enter the reps completed at the cap' });
    expect(parseEntry({ ...EMPTY_ENTRY, digits: '775' }, 'TIME')).toEqual({ ok: false, error: 'Seconds must be less than 60' });
    expect(parseEntry({ ...EMPTY_ENTRY, kind: 'value', value: '1.5' }, 'REPS')).toEqual({ ok: false, error: 'Enter a whole number' });
  });

  it('keeps no draft for an untouched entry', () => {
    expect(isBlank(EMPTY_ENTRY)).toBe(true);
    expect(isBlank({ ...EMPTY_ENTRY, kind: 'dnf' })).toBe(false);
    expect(isBlank({ ...EMPTY_ENTRY, digits: '5' })).toBe(false);
  });
});
