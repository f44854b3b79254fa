import { useTranslation } from 'react-i18next';
import { memo } from 'react';
import { cn } from '@/components/cn';
import type { Standing } from '../../api/types';
import { formatPoints, medal } from '../../rules/display';

const rankColor = (rank: number | null) =>
  rank === 1 ? 'text-amber-300' : rank === 2 ? 'text-slate-200' : rank === 3 ? 'text-orange-300' : 'text-slate-400';

/** One team's line on the TV: rank, team, points. */
export const TVStandingRow = memo(function TVStandingRow({ standing, even }: { standing: Standing; even: boolean }) {
  const { t } = useTranslation();
  const { rank, teamName, totalPoints, withdrawn } = standing;
  return (
    <li className={cn('flex min-h-0 min-w-0 items-center gap-[2vw] rounded px-[1.5vw]', even && 'bg-slate-900')}>
      <span className={cn('w-[3.6em] shrink-0 whitespace-nowrap text-right font-bold tabular-nums', rankColor(rank))}>
        {withdrawn ? '–' : (rank ?? '–')}
        <span className="ml-[0.2em] inline-block w-[1.2em] text-left text-[0.8em]" aria-hidden="true">
          {medal(rank) ?? ''}
        </span>
      </span>
      <span className="min-w-0 flex-1 truncate font-semibold">{teamName}</span>
      <span className="w-[6em] shrink-0 text-right font-bold whitespace-nowrap tabular-nums text-sky-300">{withdrawn ? t('rank.withdrawn') : formatPoints(totalPoints)}</span>
    </li>
  );
});
