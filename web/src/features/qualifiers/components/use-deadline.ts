import { useEffect, useState } from 'react';
import { closesIn, nextTick } from '../rules/deadline';

/** Counts down to an RFC 3339 deadline: the words left, and whether it passed (re-rendering at it). */
export function useDeadline(deadline: string): { passed: boolean; left: string } {
  const deadlineMs = Date.parse(deadline);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (Number.isNaN(deadlineMs) || now >= deadlineMs) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(nextTick(deadlineMs, now), deadlineMs - now));
    return () => clearTimeout(timer);
  }, [deadlineMs, now]);
  if (Number.isNaN(deadlineMs)) return { passed: false, left: '' };
  return { passed: now >= deadlineMs, left: closesIn(deadlineMs, now) };
}
