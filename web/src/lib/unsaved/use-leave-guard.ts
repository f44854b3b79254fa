import { useEffect } from 'react';
import { useBlocker } from 'react-router';

export const LEAVE_PROMPT = 'You have unsaved changes. Leave and discard them?';

/**
 * While `dirty`, asks before any in-app navigation (links, breadcrumbs, selects that change the
 * URL) and before closing or reloading the tab. Going to the sign-in page after a 401 is not
 * asked: the screen's draft is in sessionStorage and is offered back after signing in.
 * `onDiscard` runs when the user confirms leaving.
 */
export function useLeaveGuard(dirty: boolean, onDiscard: () => void): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      nextLocation.pathname !== '/login' &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(LEAVE_PROMPT)) {
      onDiscard();
      blocker.proceed();
    } else blocker.reset();
  }, [blocker, onDiscard]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
