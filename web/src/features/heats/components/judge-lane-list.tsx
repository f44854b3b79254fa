// A heat's lanes as big buttons, each marked once its result is entered, or with the phone's
// score that waits to send.
import { cn } from '@/components/cn';
import type { Heat } from '@/lib/api/types';
import type { StoredScore } from '../api/score-store';
import { laneState, type resultsByTeam } from '../rules/heat-progress';
import { laneMark, type LaneMark } from '../rules/score-queue';
import { useTranslation } from 'react-i18next';
import { LaneTeamName } from './lane-team-name';

/** A lane button's border and words by its mark (shared by the staff and the link screens). */
export const markBorder: Record<LaneMark['tone'], string> = {
  attention: 'border-red-500',
  waiting: 'border-amber-400',
  entered: 'border-green-500',
  none: 'border-slate-300',
};
const markWords: Record<LaneMark['tone'], string> = {
  attention: 'text-red-700',
  waiting: 'text-amber-800',
  entered: 'text-green-700',
  none: '',
};

/** The right side of a lane button: the value and what it is. */
export function LaneMarkText({ mark }: { mark: LaneMark }) {
  if (mark.tone === 'none') return null;
  return (
    <span className={cn('text-right text-sm font-medium', markWords[mark.tone])}>
      {mark.text && <span className="block text-lg tabular-nums text-slate-900">{mark.text}</span>}
      {mark.label}
    </span>
  );
}

export function JudgeLaneList({ heat, results, scores, onChoose }: {
  heat: Heat;
  results: ReturnType<typeof resultsByTeam>;
  scores: StoredScore[];
  onChoose: (lane: number) => void;
}) {
  const { t } = useTranslation('judge');
  return (
    <nav aria-label={t('lanes.label')} className="mt-5 grid gap-2">
      {heat.lanes.map((l) => {
        const mark = laneMark(scores, heat.id, l.lane, laneState(results, l.teamId).entered);
        return (
          <button
            key={l.lane}
            type="button"
            onClick={() => onChoose(l.lane)}
            className={cn('flex min-h-16 items-center gap-3 rounded-xl border-2 bg-white px-4 text-left', markBorder[mark.tone])}
          >
            <span className="text-2xl font-bold tabular-nums text-slate-500">{l.lane}</span>
            <span className="flex-1 text-lg font-semibold">
              <LaneTeamName lane={l} rosterClassName="text-slate-600" />
            </span>
            <LaneMarkText mark={mark} />
          </button>
        );
      })}
      {heat.lanes.length === 0 && <p className="text-slate-600">{t('lanes.none')}</p>}
    </nav>
  );
}
