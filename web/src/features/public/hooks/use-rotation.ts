import { useEffect, useRef, useState } from 'react';
import { currentPage, nextPage, type RotationPage } from '../rules/rotation';

/**
 * The page on screen: each page stays `seconds`, then the next (rules/rotation.ts). One timer
 * at a time, restarted by each turn (counted, so a turn that lands on the same page, e.g. the
 * only one, still starts the next); new data (new pages) keeps the page on screen and its
 * remaining time.
 */
export function useRotation(pages: readonly RotationPage[], seconds: number): RotationPage | undefined {
  const [at, setAt] = useState<{ key: string | undefined; turn: number }>({ key: undefined, turn: 0 });
  const latest = useRef(pages);
  useEffect(() => {
    latest.current = pages;
  });
  const current = currentPage(pages, at.key);
  const currentKey = current?.key;
  const { turn } = at;
  useEffect(() => {
    if (currentKey === undefined) return;
    const id = setTimeout(() => setAt({ key: nextPage(latest.current, currentKey)?.key, turn: turn + 1 }), seconds * 1000);
    return () => clearTimeout(id);
  }, [currentKey, turn, seconds]);
  return current;
}
