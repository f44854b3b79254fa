import { useEffect, useRef } from 'react';

type Shortcuts = { save: () => void; undo: () => void; redo: () => void };

/** Ctrl/Cmd+S save, Ctrl/Cmd+Z undo, Ctrl+Y or Cmd+Shift+Z (also Ctrl+Shift+Z) redo. */
export function useGridShortcuts(shortcuts: Shortcuts): void {
  const latest = useRef(shortcuts);
  latest.current = shortcuts;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      const action =
        key === 's' ? 'save' : key === 'y' && event.ctrlKey ? 'redo' : key === 'z' ? (event.shiftKey ? 'redo' : 'undo') : null;
      if (!action) return;
      event.preventDefault();
      event.stopPropagation();
      latest.current[action]();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);
}
