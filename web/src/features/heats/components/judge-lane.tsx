// One lane's score on the judge's phone (docs/heats.md): big inputs, a confirm step the server
// checks, a clear saved state. What the judge typed is a draft in sessionStorage until Save
// puts the score in the phone's queue (docs/judging.md), which keeps it through a failed send,
// a reload or a 401 and sends it with the same client id, so a resend never makes a second
// result. Compact, so the input, Confirm and Save fit above a phone's open keyboard.
import type { Result, Workout } from '@/lib/api/types';
import { DraftRestoredNotice } from '@/lib/unsaved/draft-restored-notice';
import { useInvalidateHeats } from '../api/heats';
import { useJudgeLane, type LanePlace } from '../hooks/use-judge-lane';
import type { StaffScoreQueue } from '../hooks/use-staff-score-queue';
import { knownValue, waitingForLane } from '../rules/score-queue';
import { JudgeEntryFields } from './judge-entry-fields';
import { JudgeOutcome } from './judge-outcome';
import { scoreTypeWord } from '@/lib/i18n/words';
import { useTranslation } from 'react-i18next';
import { LaneTeamName } from './lane-team-name';
import { laneNames } from '../rules/lane-names';

export function JudgeLane({ place, workout, saved, queue, onNext, onBack }: {
  place: LanePlace;
  workout: Workout;
  saved: Result | undefined;
  queue: StaffScoreQueue;
  onNext?: () => void;
  onBack: () => void;
}) {
  const { heatId, lane } = place;
  const known = knownValue(queue.scores, heatId, lane.lane, saved?.resultText ?? '');
  const waiting = waitingForLane(queue.scores, heatId, lane.lane);
  const judge = useJudgeLane(place, workout, queue, known, saved?.scaled ?? false);
  const invalidateHeats = useInvalidateHeats();
  const { t } = useTranslation('judge');
  const cap = workout.scoreType === 'TIME' && workout.timeCapText ? ` · ${t('lane.cap', { cap: workout.timeCapText })}` : '';
  return (
    <section aria-label={t('lane.lane', { lane: lane.lane })} className="space-y-3">
      <div className="rounded-2xl bg-slate-900 px-4 py-3 text-white">
        <h2 className="text-xl font-bold leading-tight">
          <span className="mr-2 text-sm font-medium uppercase tracking-wide text-slate-300">{t('lane.lane', { lane: lane.lane })}</span>
          <LaneTeamName lane={lane} rosterClassName="mt-1 text-slate-200" />
        </h2>
        <p className="text-sm text-slate-300">
          {workout.name} · {scoreTypeWord(workout.scoreType)}
          {cap}
        </p>
        {saved && judge.phase.name !== 'saved' && (
          <p className="mt-1 text-sm">
            {t('lane.onRecord')} <strong>{saved.resultText}</strong> {saved.isPublished ? t('lane.published') : t('lane.draft')}
          </p>
        )}
        {waiting && (
          <p className="mt-1 text-sm text-amber-200">
            {t('lane.waiting')} <strong>{waiting.text}</strong>
          </p>
        )}
      </div>

      {judge.restored && <DraftRestoredNotice count={1} onDiscard={judge.discardDraft} />}

      <JudgeEntryFields entry={judge.entry} workout={workout} onChange={judge.update} onSubmit={judge.confirm}>
        {judge.error && (
          <p role="alert" className="text-base font-medium text-red-700">
            {judge.error}
          </p>
        )}
        <JudgeOutcome
          phase={judge.phase}
          shown={judge.shown}
          teamName={laneNames(lane).title}
          onEdit={judge.edit}
          onSave={judge.send}
          onRetry={judge.retry}
          onBack={() => {
            void invalidateHeats();
            onBack();
          }}
          onNext={onNext}
        />
      </JudgeEntryFields>
    </section>
  );
}
