import type { LinkReading } from '@/lib/api/types';
import { formatDateTime } from '@/lib/dates';

/** Who of the staff read a link mailed to the athlete (possible only while Podium sends no mail
 * itself: docs/access.md, "Athletes"); nothing when no one did. */
export function LinkReadings({ readings }: { readings: readonly LinkReading[] }) {
  if (readings.length === 0) return null;
  return (
    <section className="mt-6 space-y-2 border-t border-slate-100 pt-4" aria-labelledby="link-readings">
      <h2 id="link-readings" className="text-base font-semibold text-slate-900">
        Staff who read your account's links
      </h2>
      <p className="text-xs text-slate-500">This Podium sends no mail itself yet: its staff read these links to pass them on to you.</p>
      <ul className="space-y-1 text-sm text-slate-700" aria-labelledby="link-readings">
        {readings.map((r, i) => (
          <li key={`${i}:${r.reader}`}>
            <strong>{r.reader}</strong> read “{r.subject}” {r.times}×, first {formatDateTime(r.firstReadAt)}, last {formatDateTime(r.lastReadAt)}
          </li>
        ))}
      </ul>
    </section>
  );
}
