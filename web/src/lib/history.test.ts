import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, createHistory, pushHistory, redoHistory, undoHistory } from './history';

describe('history', () => {
  it('undoes and redoes steps', () => {
    let h = createHistory(0);
    h = pushHistory(h, 1);
    h = pushHistory(h, 2);
    h = undoHistory(h);
    expect(h.present).toBe(1);
    expect(canRedo(h)).toBe(true);
    h = redoHistory(h);
    expect(h.present).toBe(2);
    expect(canRedo(h)).toBe(false);
  });

  it('drops the redo branch on a new step', () => {
    let h = pushHistory(pushHistory(createHistory('a'), 'b'), 'c');
    h = pushHistory(undoHistory(h), 'd');
    expect(h.present).toBe('d');
    expect(canRedo(h)).toBe(false);
    expect(undoHistory(h).present).toBe('b');
  });

  it('keeps at most 50 undo steps', () => {
    let h = createHistory(0);
    for (let i = 1; i <= 60; i += 1) h = pushHistory(h, i);
    let undos = 0;
    while (canUndo(h)) {
      h = undoHistory(h);
      undos += 1;
    }
    expect(undos).toBe(50);
    expect(h.present).toBe(10);
  });

  it('ignores undo and redo at the ends', () => {
    const h = createHistory(1);
    expect(undoHistory(h)).toBe(h);
    expect(redoHistory(h)).toBe(h);
  });
});
