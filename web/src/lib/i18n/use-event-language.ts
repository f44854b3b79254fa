import { useEffect } from 'react';
import { applyEventLanguage } from './i18n';

/** Shows an event's public page in the event's default language to a viewer who chose none and
 * whose browser asks for none Podium speaks (docs/architecture.md, "Languages"); a page that
 * does not know it yet (blank) changes nothing. */
export function useEventLanguage(defaultLanguage: string | null | undefined): void {
  useEffect(() => {
    if (defaultLanguage) applyEventLanguage(defaultLanguage);
  }, [defaultLanguage]);
}
