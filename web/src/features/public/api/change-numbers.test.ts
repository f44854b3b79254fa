// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { changeQuery, forgetChanges, heardChange } from './change-numbers';

const board = '/public/events/ev-1/divisions/div-1/leaderboard';

describe('changeQuery', () => {
  afterEach(() => forgetChanges('ev-1'));

  it("asks for a preloaded board once under the change its HTML names, then under the stream's", () => {
    // The gateway's preload (gateway/boardpreload.go), read on the first request.
    document.head.insertAdjacentHTML(
      'beforeend',
      `<link rel="preload" as="fetch" crossorigin href="/api${board}?change=42" />` +
        '<link rel="preload" as="fetch" crossorigin href="https://elsewhere.example/api/public/events/ev-1/leaderboard?change=7" />',
    );
    expect(changeQuery('ev-1', '/public/events/ev-1/leaderboard')).toBeUndefined();
    expect(changeQuery('ev-1', board)).toEqual({ change: '42' });
    // Once: a later request without an open stream names nothing (no copy may be pinned).
    expect(changeQuery('ev-1', board)).toBeUndefined();
    heardChange('ev-1', 43);
    expect(changeQuery('ev-1', board)).toEqual({ change: '43' });
    forgetChanges('ev-1');
    expect(changeQuery('ev-1', board)).toBeUndefined();
    // An admin preview names no event, so no number either.
    expect(changeQuery(undefined, board)).toBeUndefined();
  });
});
