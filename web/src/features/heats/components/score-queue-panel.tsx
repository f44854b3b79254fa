// The phone's scores and where each is (docs/judging.md): waiting, refused, or in conflict
// with a value someone else entered, where the judge sees both and chooses. A judge link's
// screen and the staff screen show it alike.
import { cn } from '@/components/cn';
import type { JudgeSheet } from '@/lib/api/types';
import type { StoredScore } from '../api/score-store';
import { stateText } from '../rules/score-queue';
import { bigButton } from './judge-styles';
import { Trans, useTranslation } from 'react-i18next';

const TONE: Record<StoredScore['state'], string> = {
  queued: 'border-amber-400 bg-amber-50',
  refused: 'border-red-400 bg-red-50',
  conflict: 'border-red-500 bg-red-50',
};

/** The server's value of a lane: read with the conflict, else from the judge link's last sheet. */
const serverText = (sheet: JudgeSheet | undefined, s: StoredScore) =>
  s.serverText ?? sheet?.heats.find((h) => h.id === s.heatId)?.lanes.find((l) => l.lane === s.lane)?.resultText ?? '';

export function ScoreQueuePanel({ scores, sheet, onKeepMine, onDismiss }: {
  scores: StoredScore[];
  /** A judge link's sheet; the staff screen reads the lane's value with the conflict. */
  sheet?: JudgeSheet;
  onKeepMine: (s: StoredScore, serverText: string) => void;
  onDismiss: (s: StoredScore) => void;
}) {
  const { t } = useTranslation('judge');
  if (scores.length === 0) return null;
  return (
    <section aria-label={t('queue.title')} className="mt-6">
      <h2 className="mb-2 text-base font-semibold text-slate-700">{t('queue.title')}</h2>
      <ol className="space-y-2">
        {[...scores].reverse().map((s) => {
          const theirs = serverText(sheet, s);
          return (
            <li key={s.clientId} className={cn('rounded-xl border-2 px-3 py-2', TONE[s.state])} data-state={s.state}>
              <p className="flex items-baseline justify-between gap-2">
                <span className="text-sm text-slate-600">
                  {t('queue.place', { heat: s.heatNumber, lane: s.lane, team: s.teamName })}
                </span>
                <strong className="text-xl tabular-nums">{s.text}</strong>
              </p>
              <p className={cn('text-sm font-medium', s.state === 'queued' ? 'text-amber-800' : 'text-red-800')}>
                {stateText(s)}
              </p>
              {s.state === 'conflict' && (
                <div className="mt-2 space-y-2">
                  <p className="text-sm">
                    <Trans t={t} i18nKey="queue.conflict" values={{ theirs: theirs || t('queue.nothing'), mine: s.text }} components={{ b: <strong className="text-lg" /> }} />
                  </p>
                  <div className="grid grid-cols-2 gap-2">
                    <button type="button" onClick={() => onDismiss(s)} className={cn(bigButton, 'border-2 border-slate-300 bg-white text-base')}>
                      {t('queue.keepTheirs', { theirs: theirs || t('queue.theirs') })}
                    </button>
                    <button type="button" onClick={() => onKeepMine(s, theirs)} className={cn(bigButton, 'bg-blue-600 text-base text-white')}>
                      {t('queue.keepMine', { mine: s.text })}
                    </button>
                  </div>
                </div>
              )}
              {s.state === 'refused' && (
                <button type="button" onClick={() => onDismiss(s)} className="mt-1 min-h-11 text-sm font-medium text-blue-700 underline">
                  {t('queue.remove')}
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
