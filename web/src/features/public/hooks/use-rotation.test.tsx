import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rotationPages, tvSettings } from '../rules/rotation';
import { useRotation } from './use-rotation';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const keys = (pages: { key: string }[]) => pages.map((p) => p.key);

describe('rotationPages', () => {
  it('cuts each board into pages of rows lines, in the boards’ order', () => {
    const pages = rotationPages([{ id: 'heat', lines: 4 }, { id: 'rx', lines: 25 }, { id: 'scaled', lines: 0 }], 10);
    expect(keys(pages)).toEqual(['heat#1', 'rx#1', 'rx#2', 'rx#3', 'scaled#1']);
    expect(pages[3]).toMatchObject({ boardId: 'rx', page: 3, pages: 3, from: 20, to: 25 });
    expect(pages[4]).toMatchObject({ from: 0, to: 0, pages: 1 });
  });
});

describe('tvSettings', () => {
  const stored = { rows: 10, seconds: 12, divisionIds: ['a', 'b'] };
  it('keeps the stored settings without overrides', () => {
    expect(tvSettings(stored, new URLSearchParams(''))).toEqual(stored);
  });
  it('takes rows, seconds and divisions from the URL, within bounds', () => {
    expect(tvSettings(stored, new URLSearchParams('rows=6&seconds=0.05&divisions=b,%20c'))).toEqual({ rows: 6, seconds: 0.05, divisionIds: ['b', 'c'] });
    expect(tvSettings(stored, new URLSearchParams('rows=500&seconds=abc'))).toEqual({ ...stored, rows: 50 });
  });
});

describe('useRotation', () => {
  const pages = rotationPages([{ id: 'rx', lines: 20 }, { id: 'scaled', lines: 5 }], 10); // rx#1 rx#2 scaled#1

  it('shows each page for its seconds, in order, then starts again', () => {
    const { result } = renderHook(() => useRotation(pages, 8));
    const seen = [result.current?.key];
    for (let i = 0; i < 4; i++) {
      act(() => vi.advanceTimersByTime(7_999));
      expect(result.current?.key).toBe(seen.at(-1)); // not a moment early
      act(() => vi.advanceTimersByTime(1));
      seen.push(result.current?.key);
    }
    expect(seen).toEqual(['rx#1', 'rx#2', 'scaled#1', 'rx#1', 'rx#2']);
  });

  it('keeps the page on screen and its time when new data comes', () => {
    const { result, rerender } = renderHook(({ p }) => useRotation(p, 10), { initialProps: { p: pages } });
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current?.key).toBe('rx#2');
    act(() => vi.advanceTimersByTime(6_000));
    // A new team: rx now has three pages; the page on screen stays, 4 s left.
    rerender({ p: rotationPages([{ id: 'rx', lines: 21 }, { id: 'scaled', lines: 5 }], 10) });
    expect(result.current?.key).toBe('rx#2');
    act(() => vi.advanceTimersByTime(3_999));
    expect(result.current?.key).toBe('rx#2');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current?.key).toBe('rx#3');
  });

  it('puts the current heat first when one appears, and moves on from a page that is gone', () => {
    const { result, rerender } = renderHook(({ p }) => useRotation(p, 5), { initialProps: { p: pages } });
    act(() => vi.advanceTimersByTime(5_000)); // rx#2
    rerender({ p: rotationPages([{ id: 'heat', lines: 3 }, { id: 'rx', lines: 8 }, { id: 'scaled', lines: 5 }], 10) });
    // rx#2 is gone: the first page shows, and the rotation goes on from there.
    expect(result.current?.key).toBe('heat#1');
    act(() => vi.advanceTimersByTime(5_000));
    expect(result.current?.key).toBe('rx#1');
    act(() => vi.advanceTimersByTime(5_000));
    expect(result.current?.key).toBe('scaled#1');
    act(() => vi.advanceTimersByTime(5_000));
    expect(result.current?.key).toBe('heat#1');
  });

  it('keeps turning when a turn lands on the same page (one page, or the data came late)', () => {
    const one = rotationPages([{ id: 'rx', lines: 0 }], 10);
    const { result, rerender } = renderHook(({ p }) => useRotation(p, 5), { initialProps: { p: one } });
    act(() => vi.advanceTimersByTime(5_000));
    expect(result.current?.key).toBe('rx#1');
    rerender({ p: pages });
    act(() => vi.advanceTimersByTime(5_000));
    expect(result.current?.key).toBe('rx#2');
  });

  it('keeps one timer only', () => {
    renderHook(() => useRotation(pages, 5));
    for (let i = 0; i < 50; i++) act(() => vi.advanceTimersByTime(5_000));
    expect(vi.getTimerCount()).toBe(1);
  });
});
