// The language kept with the signed-in person's account (docs/architecture.md, "Languages"):
// read once per session and shown; the switch's choice is saved back to it.
import { useEffect, useSyncExternalStore } from 'react';
import { api, athleteApi } from '@/lib/api/client';
import type { Me } from '@/lib/api/types';
import { loadAthleteSession, subscribeAthleteSession } from '@/lib/athlete-session';
import { loadSession, subscribeSession } from '@/lib/session';
import { applyAccountLanguage, setAccountLanguageSaver } from './i18n';

const staffToken = () => loadSession()?.token ?? '';
const athleteToken = () => loadAthleteSession()?.token ?? '';

/** Follows the account of whoever is signed in on this browser: staff first, else the athlete. */
export function useAccountLanguage(): void {
  const staff = useSyncExternalStore(subscribeSession, staffToken, () => '');
  const athlete = useSyncExternalStore(subscribeAthleteSession, athleteToken, () => '');
  useEffect(() => {
    const client = staff ? api : athlete ? athleteApi : undefined;
    if (!client) {
      setAccountLanguageSaver(undefined);
      return;
    }
    let current = true;
    setAccountLanguageSaver((language) => void client.put<Me>('/auth/me/language', { language }).catch(() => undefined));
    client.get<Me>('/auth/me').then(
      (me) => current && applyAccountLanguage(me.language),
      () => undefined, // the screens keep the browser's language; the session's own pages say what failed
    );
    return () => {
      current = false;
    };
  }, [staff, athlete]);
}
