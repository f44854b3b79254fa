import { describe, expect, it } from 'vitest';
import { safeNextPath } from './next-path';

const origin = 'https://podium.example';
const fallback = '/public/athlete/profile';

describe('safeNextPath', () => {
  it.each([
    ['/public/me/registrations', '/public/me/registrations'],
    ['/public/registration/accept?code=AB-CD', '/public/registration/accept?code=AB-CD'],
    ['/public/events/1#register', '/public/events/1#register'],
  ])('keeps the same-origin path %s', (next, want) => {
    expect(safeNextPath(next, fallback, origin)).toBe(want);
  });

  it.each([
    null,
    '',
    'public/me',
    '//evil.example/x',
    '/\\evil.example/x',
    '/\tevil',
    'https://evil.example/',
    'javascript:alert(1)',
    '%2F%2Fevil.example',
  ])('refuses %s', (next) => {
    expect(safeNextPath(next, fallback, origin)).toBe(fallback);
  });
});
