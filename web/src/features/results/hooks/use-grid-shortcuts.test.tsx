import { fireEvent, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useGridShortcuts } from './use-grid-shortcuts';

describe('useGridShortcuts', () => {
  it.each([
    [{ key: 's', ctrlKey: true }, 'save'],
    [{ key: 's', metaKey: true }, 'save'],
    [{ key: 'z', ctrlKey: true }, 'undo'],
    [{ key: 'z', metaKey: true }, 'undo'],
    [{ key: 'y', ctrlKey: true }, 'redo'],
    [{ key: 'Z', metaKey: true, shiftKey: true }, 'redo'],
  ] as const)('maps %o to %s and stops the browser default', (keys, action) => {
    const handlers = { save: vi.fn(), undo: vi.fn(), redo: vi.fn() };
    renderHook(() => useGridShortcuts(handlers));
    const notCancelled = fireEvent.keyDown(window, keys);
    expect(notCancelled).toBe(false);
    expect(handlers[action]).toHaveBeenCalledOnce();
  });

  it('ignores plain keys', () => {
    const handlers = { save: vi.fn(), undo: vi.fn(), redo: vi.fn() };
    renderHook(() => useGridShortcuts(handlers));
    fireEvent.keyDown(window, { key: 's' });
    expect(handlers.save).not.toHaveBeenCalled();
  });
});
