import { useEffect, type RefObject } from 'react';

/**
 * Closes an open panel on Escape or on a press outside the panel's parent (the parent holds
 * the button that opens it, so pressing the button again toggles instead).
 */
export function useDismiss(open: boolean, panelRef: RefObject<HTMLElement | null>, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    const onDown = (e: MouseEvent) => {
      if (panelRef.current && !panelRef.current.parentElement?.contains(e.target as Node)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onDown);
    };
  }, [open, panelRef, close]);
}
