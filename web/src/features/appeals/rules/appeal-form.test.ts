import { describe, expect, it } from 'vitest';
import { checkReason, checkVideo, checkWindow } from './appeal-form';

describe('appeal form rules', () => {
  it('reads a reason as the server does', () => {
    expect(checkReason('  ')).toEqual({ ok: false, error: 'appeals.errors.reasonRequired' });
    expect(checkReason(' Missed reps ')).toEqual({ ok: true, value: 'Missed reps' });
    expect(checkReason('é'.repeat(1000)).ok).toBe(true);
    expect(checkReason('é'.repeat(1001))).toEqual({ ok: false, error: 'appeals.errors.reasonLong' });
  });
  it('takes an https video link or none', () => {
    expect(checkVideo('')).toEqual({ ok: true, value: '' });
    expect(checkVideo('https://youtu.be/abc')).toEqual({ ok: true, value: 'https://youtu.be/abc' });
    expect(checkVideo('http://youtu.be/abc')).toEqual({ ok: false, error: 'appeals.errors.videoHttps' });
    expect(checkVideo('youtube')).toEqual({ ok: false, error: 'appeals.errors.videoHttps' });
    expect(checkVideo('https://user@x.org/')).toEqual({ ok: false, error: 'appeals.errors.videoHttps' });
  });
  it('takes a window of 1 to 1440 whole minutes', () => {
    expect(checkWindow('30')).toEqual({ ok: true, value: 30 });
    expect(checkWindow('1')).toEqual({ ok: true, value: 1 });
    expect(checkWindow('1440')).toEqual({ ok: true, value: 1440 });
    for (const bad of ['0', '1441', '2.5', '', 'x', '-3']) expect(checkWindow(bad)).toEqual({ ok: false, error: 'appeals.errors.windowRange' });
  });
});
