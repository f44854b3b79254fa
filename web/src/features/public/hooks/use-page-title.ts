import { useEffect } from 'react';

/** Sets the document's title while the page shows (undefined: leave it as it is, e.g. while
 * the page's data loads). */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
