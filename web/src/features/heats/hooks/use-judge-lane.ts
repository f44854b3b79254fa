// One lane's entry on the judge's phone, from typing to saved (docs/heats.md): the draft kept in
// sessionStorage until the server has it, the confirmation the server checks first, the save.
import { useEffect, useState } from 'react';
import { ApiError } from '@/lib/api/client';
import type { HeatLane, Result, Workout } from '@/lib/api/types';
import { clearDraft, loadDraft, saveDraft } from '@/lib/unsaved/draft-store';
import { useCheckLaneResult, useSaveLaneResult } from '../api/heats';
import { EMPTY_ENTRY, entryShown, firstKind, isBlank, parseEntry, type JudgeEntry } from '../rules/judge-entry';

export type Phase =
  | { name: 'edit' }
  | { name: 'checking' }
  | { name: 'confirm' }
  | { name: 'saving' }
  | { name: 'saved'; result: Result }
  | { name: 'failed'; message: string; moved: boolean };

// Per lane and team: after a move the lane's new team never gets the old team's draft.
const draftKey = (heatId: string, lane: HeatLane) => `judge:${heatId}:${lane.lane}:${lane.teamId}`;

/** The server's message, or in words what a lost connection is (the browser says "Failed to fetch"). */
const failureText = (e: Error) => (e instanceof ApiError && e.status === 0 ? `No connection to the server (${e.message}).` : e.message);
const offline = (e: Error) => e instanceof ApiError && e.status === 0;

/** `savedScaled`: the lane's result on record is Scaled, so a new entry starts Scaled too. */
export function useJudgeLane(heatId: string, lane: HeatLane, workout: Workout, savedScaled = false) {
  const key = draftKey(heatId, lane);
  const fresh = (): JudgeEntry => ({ ...EMPTY_ENTRY, kind: firstKind(workout.scoreType), scaled: savedScaled });
  const [entry, setEntry] = useState<JudgeEntry>(() => loadDraft<JudgeEntry>(key) ?? fresh());
  const [restored, setRestored] = useState(() => loadDraft<JudgeEntry>(key) !== null);
  const [phase, setPhase] = useState<Phase>({ name: 'edit' });
  const [error, setError] = useState<string | null>(null);
  const check = useCheckLaneResult();
  const save = useSaveLaneResult();

  useEffect(() => {
    if (phase.name !== 'saved') saveDraft(key, isBlank(entry) ? null : entry);
  }, [key, entry, phase.name]);

  const parsed = parseEntry(entry, workout.scoreType, workout);
  const input = parsed.ok ? { ...parsed.result, teamId: lane.teamId, scaled: !!entry.scaled } : null;

  const update = (patch: Partial<JudgeEntry>) => {
    setEntry((e) => ({ ...e, ...patch }));
    setError(null);
    if (phase.name !== 'saving') setPhase({ name: 'edit' });
  };
  const discardDraft = () => {
    clearDraft(key);
    setRestored(false);
    setEntry(fresh());
  };

  /** The confirmation asks the server first, so it refuses what Save would (the cap, the
   * bounds, a moved lane) in the server's words; without a connection it still confirms, and
   * Save keeps the entry until it goes through. */
  const confirm = () => {
    if (!parsed.ok || !input) return setError(parsed.ok ? null : parsed.error);
    setPhase({ name: 'checking' });
    check.mutate(
      { heatId, lane: lane.lane, input },
      {
        onSuccess: () => setPhase({ name: 'confirm' }),
        onError: (e) => {
          if (offline(e)) return setPhase({ name: 'confirm' });
          if (e instanceof ApiError && e.status === 409) return setPhase({ name: 'failed', message: e.message, moved: true });
          setError(e.message);
          setPhase({ name: 'edit' });
        },
      },
    );
  };
  const send = () => {
    if (!input) return;
    setPhase({ name: 'saving' });
    save.mutate(
      { heatId, lane: lane.lane, input },
      {
        onSuccess: (result) => {
          clearDraft(key);
          setPhase({ name: 'saved', result });
        },
        onError: (e) => setPhase({ name: 'failed', message: failureText(e), moved: e instanceof ApiError && e.status === 409 }),
      },
    );
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
    edit: () => setPhase({ name: 'edit' }),
    send,
  };
}
