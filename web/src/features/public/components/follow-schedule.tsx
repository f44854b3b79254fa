// Follows an event's schedule for a page that is not the schedule (My heats): the event's live
// stream refreshes the public schedule, as on the Schedule tab, and each new copy calls
// onChange, so the page reads its own data again within a second of a shift.
import { useEffect, useRef } from 'react';
import { publicQueries, REFRESH_MS } from '../api/public';
import { useLiveQuery } from '../hooks/use-live-query';

export function FollowSchedule({ eventId, onChange }: { eventId: string; onChange: () => void }) {
  const { query } = useLiveQuery(publicQueries.schedule(eventId), REFRESH_MS.team, eventId);
  const seen = useRef(0);
  const updated = query.dataUpdatedAt;
  useEffect(() => {
    if (!updated) return;
    if (seen.current && updated !== seen.current) onChange();
    seen.current = updated;
  }, [updated, onChange]);
  return null;
}
