import { useEffect } from 'react';

/** Puts `className` on <html> while the component is mounted (a page's own background, e.g.
 * the TV's dark one or an overlay's transparent one: index.css). */
export function useDocumentClass(className: string): void {
  useEffect(() => {
    const root = document.documentElement;
    root.classList.add(className);
    return () => root.classList.remove(className);
  }, [className]);
}
