// One lane's entry on the staff judge screen, from typing to sent (docs/heats.md,
// docs/judging.md): the draft kept in sessionStorage while typing, the confirmation the server
// checks first, then Save keeps the score in the phone's queue (IndexedDB) and the queue sends
// it; the lane shows where that score is.
import { useEffect, useState } from 'react';
import { ApiError } from '@/lib/api/client';
import type { HeatLane, Result, Workout } from '@/lib/api/types';
import { clearDraft, loadDraft, saveDraft } from '@/lib/unsaved/draft-store';
import { useCheckLaneResult } from '../api/heats';
import type { StaffScoreQueue } from './use-staff-score-queue';
import { clientId } from '../rules/client-id';
import { EMPTY_ENTRY, entryShown, firstKind, isBlank, parseEntry, type JudgeEntry } from '../rules/judge-entry';
import { i18n } from '@/lib/i18n/i18n';
import { laneNames } from '../rules/lane-names';

/** What follows a failure: send the waiting score again, go back to the lanes (the lane moved,
 * the server refused the score), or choose between two values (below, in the phone's scores). */
export type FailureAction = 'retry' | 'back' | 'choose';

export type Phase =
  | { name: 'edit' }
  | { name: 'checking' }
  | { name: 'confirm' }
  | { name: 'saving' }
  | { name: 'saved'; result: Result }
  | { name: 'failed'; message: string; action: FailureAction };

/** Where the lane's score is, and the values it needs besides the entry. */
export type LanePlace = { eventId: string; workoutId: string; heatId: string; heatNumber: number; lane: HeatLane };

// Per lane and team: after a move the lane's new team never gets the old team's draft.
const draftKey = (heatId: string, lane: HeatLane) => `judge:${heatId}:${lane.lane}:${lane.teamId}`;

const offline = (e: Error) => e instanceof ApiError && e.status === 0;

/** Where the score this lane sent is now, as a phase. */
function sentPhase(queue: StaffScoreQueue, id: string): Phase | null {
  const answer = queue.answers[id];
  if (answer) return { name: 'saved', result: answer };
  const score = queue.scores.find((s) => s.clientId === id);
  if (!score) return null; // let go from the phone (the server's value kept): back to editing
  switch (score.state) {
    case 'queued':
      return queue.stalled ? { name: 'failed', message: queue.stalled, action: 'retry' } : { name: 'saving' };
    case 'conflict':
      return { name: 'failed', message: score.message ?? '', action: 'choose' };
    case 'refused':
      return { name: 'failed', message: score.message ?? '', action: 'back' };
  }
}

/** `savedScaled`: the lane's result on record is Scaled, so a new entry starts Scaled too.
 * `known`: the lane's value as the phone knows it ("" none): the score is based on it. */
export function useJudgeLane(place: LanePlace, workout: Workout, queue: StaffScoreQueue, known: string, savedScaled = false) {
  const { heatId, lane } = place;
  const key = draftKey(heatId, lane);
  const fresh = (): JudgeEntry => ({ ...EMPTY_ENTRY, kind: firstKind(workout.scoreType), scaled: savedScaled });
  const [entry, setEntry] = useState<JudgeEntry>(() => loadDraft<JudgeEntry>(key) ?? fresh());
  const [restored, setRestored] = useState(() => loadDraft<JudgeEntry>(key) !== null);
  const [local, setLocal] = useState<Phase>({ name: 'edit' });
  /** The client id of the score this lane kept, while the lane shows it. */
  const [sentId, setSentId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const check = useCheckLaneResult();

  // The draft lives while the judge types; once the score is in the queue, the queue keeps it.
  useEffect(() => {
    if (!sentId) saveDraft(key, isBlank(entry) ? null : entry);
  }, [key, entry, sentId]);

  const parsed = parseEntry(entry, workout.scoreType, workout);
  const input = parsed.ok ? { ...parsed.result, teamId: lane.teamId, scaled: !!entry.scaled } : null;
  const phase = (sentId && sentPhase(queue, sentId)) || local;

  const update = (patch: Partial<JudgeEntry>) => {
    setEntry((e) => ({ ...e, ...patch }));
    setError(null);
    setSentId(null);
    setLocal({ name: 'edit' });
  };
  const discardDraft = () => {
    clearDraft(key);
    setRestored(false);
    setEntry(fresh());
  };

  /** The confirmation asks the server first, so it refuses what Save would (the cap, the
   * bounds, a moved lane) in the server's words; without a connection it still confirms, and
   * Save keeps the score on the phone until it goes through. */
  const confirm = () => {
    if (!parsed.ok || !input) return setError(parsed.ok ? null : parsed.error);
    setLocal({ name: 'checking' });
    check.mutate(
      { heatId, lane: lane.lane, input },
      {
        onSuccess: () => setLocal({ name: 'confirm' }),
        onError: (e) => {
          if (offline(e)) return setLocal({ name: 'confirm' });
          if (e instanceof ApiError && e.status === 409) return setLocal({ name: 'failed', message: e.message, action: 'back' });
          setError(e.message);
          setLocal({ name: 'edit' });
        },
      },
    );
  };

  /** Save: the score goes into the phone's queue (the IndexedDB write completes first), then
   * the queue sends it. */
  const send = async () => {
    if (!input) return;
    setLocal({ name: 'saving' });
    const id = clientId();
    try {
      await queue.enqueue({
        clientId: id, seq: Date.now(), linkKey: queue.queueKey, eventId: place.eventId, workoutId: place.workoutId, heatId,
        heatNumber: place.heatNumber, lane: lane.lane, teamName: laneNames(lane).title, text: entryShown(entry), input: { ...input, clientId: id, basedOn: known },
        state: 'queued',
      });
      clearDraft(key);
      setRestored(false);
      setSentId(id);
    } catch (e) {
      // Nothing was kept: the entry stays typed (and in its draft), Save can be tried again.
      setError(i18n.t('judge:lane.notKept', { message: e instanceof Error ? e.message : i18n.t('judge:lane.phoneRefused') }));
      setLocal({ name: 'confirm' });
    }
  };

  return {
    entry,
    shown: parsed.ok ? entryShown(entry) : '',
    phase,
    error,
    restored: restored && phase.name === 'edit',
    update,
    discardDraft,
    confirm,
    edit: () => setLocal({ name: 'edit' }),
    send: () => void send(),
    retry: queue.retry,
  };
}
