// The staff judge screen's queue (docs/judging.md): the signed-in scorer's or organiser's
// scores go through the phone's queue like a judge link's, each sent with the console session
// of the moment it goes (never a token kept with the score). A 401 leaves them waiting: the app
// asks for the sign-in and comes back to the screen, which sends them then.
import { useMemo } from 'react';
import { useInvalidateResults, getResultGrid } from '@/lib/queries/results';
import type { Result } from '@/lib/api/types';
import { saveLaneResult } from '../api/heats';
import { consoleQueue } from '../api/score-store';
import { useScoreQueue, type ScoreSender } from './use-score-queue';

function staffSender(queueKey: string): ScoreSender {
  return {
    mine: (s) => s.linkKey === queueKey,
    send: (s) => saveLaneResult(s.heatId, s.lane, s.input),
    unauthorized: 'wait',
    // The lane's team's result on record now ("" none), read from the workout's grid.
    serverText: async (s) =>
      (await getResultGrid(s.eventId ?? '', { workoutId: s.workoutId })).rows.find((r: Result) => r.id !== null && r.teamId === s.input.teamId)
        ?.resultText ?? '',
  };
}

export function useStaffScoreQueue(username: string) {
  const queueKey = consoleQueue(username);
  const sender = useMemo(() => staffSender(queueKey), [queueKey]);
  const invalidate = useInvalidateResults();
  const refresh = () => void invalidate();
  const queue = useScoreQueue(queueKey, sender, { onSent: refresh, onConflict: refresh, onEnded: () => undefined });
  return { ...queue, queueKey };
}

export type StaffScoreQueue = ReturnType<typeof useStaffScoreQueue>;
