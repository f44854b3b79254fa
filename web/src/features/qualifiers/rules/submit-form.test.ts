import { describe, expect, it } from 'vitest';
import { checkSubmission, formField, SUBMIT_ERRORS } from './submit-form';

const cap = { timeCapSeconds: 600, timeCapText: '10:00' };

describe('checkSubmission', () => {
  it('reads the score as the grid does, the tiebreak and the link', () => {
    expect(checkSubmission({ result: '4:05', tiebreak: '2:00', videoUrl: ' https://youtu.be/x ' }, 'TIME', cap, true)).toEqual({
      ok: true,
      input: { status: 'completed', resultValue: 245, cappedReps: null, tiebreakValue: 120, videoUrl: 'https://youtu.be/x' },
    });
    expect(checkSubmission({ result: 'CAP+12', tiebreak: '', videoUrl: '' }, 'TIME', cap, false)).toMatchObject({
      ok: true,
      input: { status: 'capped', cappedReps: 12, tiebreakValue: null },
    });
  });

  it('names the first wrong field', () => {
    expect(checkSubmission({ result: '', tiebreak: '', videoUrl: '' }, 'TIME', cap, false)).toMatchObject({ field: 'result' });
    expect(checkSubmission({ result: '11:00', tiebreak: '', videoUrl: '' }, 'TIME', cap, false)).toMatchObject({ field: 'result' });
    expect(checkSubmission({ result: '4:05', tiebreak: 'soon', videoUrl: '' }, 'TIME', cap, false)).toMatchObject({ field: 'tiebreak' });
    expect(checkSubmission({ result: '4:05', tiebreak: '', videoUrl: '' }, 'TIME', cap, true)).toEqual({
      ok: false,
      field: 'videoUrl',
      error: SUBMIT_ERRORS.videoRequired,
    });
    expect(checkSubmission({ result: '4:05', tiebreak: '', videoUrl: 'http://youtu.be/x' }, 'TIME', cap, false)).toEqual({
      ok: false,
      field: 'videoUrl',
      error: SUBMIT_ERRORS.videoHttps,
    });
  });

  it('maps the server fields to the form', () => {
    expect(formField('resultValue')).toBe('result');
    expect(formField('videoUrl')).toBe('videoUrl');
    expect(formField('workoutId')).toBeNull();
  });
});

describe('zonedTime', () => {
  it('shows an instant in the event zone as the server words it', async () => {
    const { zonedTime } = await import('./review');
    expect(zonedTime('2026-03-09T17:00:00Z', 'Europe/Paris')).toBe('9 Mar 2026, 18:00 (Europe/Paris)');
    expect(zonedTime('2026-03-09T17:00:00Z', '')).toBe('9 Mar 2026, 17:00 (UTC)');
  });
});
