import { useCallback, useState } from 'react';
import { failureText } from './inline-alert';

/**
 * A one-off action outside React Query (a download, a file read): whether it runs, and the
 * message of its last failure, prefixed with what failed ("Download failed: …").
 */
export function useAsyncAction(failure: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async (action: () => Promise<void>) => {
      setBusy(true);
      setError(null);
      try {
        await action();
      } catch (e) {
        setError(failureText(failure, e));
      } finally {
        setBusy(false);
      }
    },
    [failure],
  );
  return { run, busy, error, setError };
}
