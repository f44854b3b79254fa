import { useEffect, useRef, useState } from 'react';
import { subscribe, touches, type ViewScope } from '../api/stream';

/**
 * Follows the live stream of `eventId` (none when undefined) and calls `onChange` for each
 * change that touches `scope`. Returns whether the stream is open (views poll while it is not).
 */
export function useEventStream(eventId: string | undefined, scope: ViewScope, onChange: () => void): boolean {
  const [open, setOpen] = useState(false);
  const latest = useRef({ scope, onChange });
  useEffect(() => {
    latest.current = { scope, onChange };
  });
  useEffect(() => {
    if (!eventId) return;
    const unsubscribe = subscribe(eventId, {
      onChange: (change) => {
        if (touches(change, latest.current.scope)) latest.current.onChange();
      },
      onStatus: setOpen,
    });
    return () => {
      unsubscribe();
      setOpen(false);
    };
  }, [eventId]);
  return open;
}
