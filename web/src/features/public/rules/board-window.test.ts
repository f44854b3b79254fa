import { describe, expect, it } from 'vitest';
import { OVERSCAN, pagesOf, ROW_PX, visibleRange } from './board-window';

describe('visibleRange', () => {
  it('starts at the top of a list on screen', () => {
    expect(visibleRange(200, 800, 100000)).toEqual([0, Math.ceil(600 / ROW_PX) + OVERSCAN]);
  });
  it('follows the list scrolled far down, with the overscan either side', () => {
    const top = -50000 * ROW_PX;
    expect(visibleRange(top, 640, 100000)).toEqual([50000 - OVERSCAN, 50000 + 10 + OVERSCAN]);
  });
  it('never passes the end of the list', () => {
    expect(visibleRange(-100 * ROW_PX, 640, 50)).toEqual([50, 50]);
    expect(visibleRange(0, 6400, 30)).toEqual([0, 30]);
  });
});

describe('pagesOf', () => {
  it('names the pages of 50 that hold the rows on screen', () => {
    expect(pagesOf(0, 30, 50)).toEqual([1]);
    expect(pagesOf(40, 70, 50)).toEqual([1, 2]);
    expect(pagesOf(99990, 100000, 50)).toEqual([2000]);
    expect(pagesOf(10, 10, 50)).toEqual([]);
  });
});
