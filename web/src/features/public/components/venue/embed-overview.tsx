import { useTranslation } from 'react-i18next';
import type { EventLeaderboard } from '../../api/types';
import { dateRangeText } from '../../rules/display';
import { PercentBar } from '../common';
import { EmbedFrame } from './embed-frame';

/** The event's overview for another site's page, as its public leaderboard page has it: each
 * division's teams and completion, linking to the division's embedded board (in the frame). */
export function EmbedOverview({ board, reconnecting }: { board: EventLeaderboard; reconnecting: boolean }) {
  const { t } = useTranslation('site');
  const { event, divisions } = board;
  return (
    <EmbedFrame title={event.name} reconnecting={reconnecting} fullHref={`/public/events/${event.id}/leaderboard`} fullLabel={t('venue.fullBoard')}>
      <p className="mb-2 text-sm text-slate-600">{dateRangeText(event.startDate, event.endDate)}</p>
      {divisions.length === 0 ? (
        <p className="py-6 text-center text-slate-600">{t('venue.noDivisions')}</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label={t('venue.divisions')}>
          {divisions.map((d) => {
            const percent = Math.round(d.overallCompletionPercentage);
            return (
              <li key={d.id} className="py-2">
                <div className="flex items-baseline justify-between gap-2">
                  <a href={`/embed/events/${event.id}/divisions/${d.id}/leaderboard`} className="min-w-0 break-words font-medium text-blue-700 underline">
                    {d.name}
                  </a>
                  <span className="shrink-0 text-sm text-slate-600">
                    {d.teamCount} {d.teamCount === 1 ? 'team' : 'teams'} · {percent}%
                  </span>
                </div>
                <PercentBar percent={d.overallCompletionPercentage} color={percent >= 100 ? 'green' : 'blue'} label={`${d.name} completion`} className="mt-1" />
              </li>
            );
          })}
        </ul>
      )}
    </EmbedFrame>
  );
}
