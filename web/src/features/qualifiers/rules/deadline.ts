// A workout's submission deadline as the athlete's page counts it down (docs/qualifiers.md):
// the page locks the form itself when the deadline passes (the server refuses a late score too).

/** What is left until deadline at now: "" once passed, else "closes in 2 h 05 min" or "closes in 45 s". */
export function closesIn(deadlineMs: number, nowMs: number): string {
  const left = Math.ceil((deadlineMs - nowMs) / 1000);
  if (left <= 0) return '';
  if (left < 60) return `closes in ${left} s`;
  const minutes = Math.ceil(left / 60);
  if (minutes < 60) return `closes in ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `closes in ${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
  return `closes in ${Math.floor(hours / 24)} days`;
}

/** How long to wait before counting again: each second in the last minute, else each 15 s. */
export const nextTick = (deadlineMs: number, nowMs: number) => (deadlineMs - nowMs <= 61_000 ? 1000 : 15_000);
