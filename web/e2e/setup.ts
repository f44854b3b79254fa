// Runs around every browser test: the strict Content-Security-Policy the gateway sends must hold
// on every page the suite visits (image export included), with no console or page errors.
import { afterEach, expect } from 'vitest';
import { takeBrowserProblems } from './browser';

afterEach(() => {
  expect(takeBrowserProblems(), 'CSP violations, console errors or page errors in the browser').toEqual([]);
});
