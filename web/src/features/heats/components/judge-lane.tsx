// One lane's score on the judge's phone (docs/heats.md): big inputs, a confirm step, a clear
// saved state. What the judge typed is a draft in sessionStorage until the server has it, so a
// failed save, a reload or a 401 loses nothing (docs/console-unsaved-data.md); a retry sends
// the same upsert, which never makes a second result.
import { useEffect, useState } from 'react';
import { cn } from '@/components/cn';
import { Spinner } from '@/components/spinner';
import { ApiError } from '@/lib/api/client';
import type { HeatLane, Result, Workout } from '@/lib/api/types';
import { DraftRestoredNotice } from '@/lib/unsaved/draft-restored-notice';
import { clearDraft, loadDraft, saveDraft } from '@/lib/unsaved/draft-store';
import { useInvalidateHeats, useSaveLaneResult } from '../api/heats';
import { EMPTY_ENTRY, entryKinds, entryText, firstKind, isBlank, formatTimeDigits, parseEntry, timeDigits, type EntryKind, type JudgeEntry } from '../rules/judge-entry';

const KIND_LABEL: Record<EntryKind, string> = { time: 'Time', cap: 'CAP + reps', value: 'Score', dnf: 'DNF', dns: 'DNS' };

// Per lane and team: after a move the lane's new team never gets the old team's draft.
const draftKey = (heatId: string, lane: HeatLane) => `judge:${heatId}:${lane.lane}:${lane.teamId}`;

/** The server's message, or in words what a lost connection is (the browser says "Failed to fetch"). */
const failureText = (e: Error) => (e instanceof ApiError && e.status === 0 ? `No connection to the server (${e.message}).` : e.message);

type Phase =
  | { name: 'edit' }
  | { name: 'confirm' }
  | { name: 'saving' }
  | { name: 'saved'; result: Result }
  | { name: 'failed'; message: string; moved: boolean };

const bigButton = 'min-h-14 rounded-xl px-4 text-lg font-semibold focus:outline-none focus-visible:ring-4 focus-visible:ring-blue-300 disabled:opacity-50';

export function JudgeLane({ heatId, lane, workout, saved, onNext, onBack }: {
  heatId: string;
  lane: HeatLane;
  workout: Workout;
  saved: Result | undefined;
  onNext?: () => void;
  onBack: () => void;
}) {
  const key = draftKey(heatId, lane);
  const [entry, setEntry] = useState<JudgeEntry>(() => loadDraft<JudgeEntry>(key) ?? { ...EMPTY_ENTRY, kind: firstKind(workout.scoreType) });
  const [restored, setRestored] = useState(() => loadDraft<JudgeEntry>(key) !== null);
  const [phase, setPhase] = useState<Phase>({ name: 'edit' });
  const [error, setError] = useState<string | null>(null);
  const save = useSaveLaneResult();
  const invalidateHeats = useInvalidateHeats();

  useEffect(() => {
    if (phase.name !== 'saved') saveDraft(key, isBlank(entry) ? null : entry);
  }, [key, entry, phase.name]);

  const update = (patch: Partial<JudgeEntry>) => {
    setEntry((e) => ({ ...e, ...patch }));
    setError(null);
    if (phase.name !== 'saving') setPhase({ name: 'edit' });
  };
  const parsed = parseEntry(entry, workout.scoreType);
  const shown = parsed.ok ? entryText(entry) : '';

  const confirm = () => {
    if (!parsed.ok) return setError(parsed.error);
    setPhase({ name: 'confirm' });
  };
  const send = () => {
    if (!parsed.ok) return;
    setPhase({ name: 'saving' });
    save.mutate(
      { heatId, lane: lane.lane, input: { ...parsed.result, teamId: lane.teamId } },
      {
        onSuccess: (result) => {
          clearDraft(key);
          setPhase({ name: 'saved', result });
        },
        onError: (e) => setPhase({ name: 'failed', message: failureText(e), moved: e instanceof ApiError && e.status === 409 }),
      },
    );
  };

  const cap = workout.scoreType === 'TIME' && workout.timeCapText ? ` · Cap ${workout.timeCapText}` : '';
  return (
    <section aria-label={`Lane ${lane.lane}`} className="space-y-4">
      <div className="rounded-2xl bg-slate-900 p-4 text-white">
        <p className="text-sm uppercase tracking-wide text-slate-300">Lane {lane.lane}</p>
        <h2 className="text-2xl font-bold leading-tight">{lane.teamName}</h2>
        <p className="mt-1 text-sm text-slate-300">
          {workout.name} · {workout.scoreTypeLabel}
          {cap}
        </p>
        {saved && phase.name !== 'saved' && (
          <p className="mt-2 text-sm">
            On record: <strong>{saved.resultText}</strong> {saved.isPublished ? '(published)' : '(draft)'}
          </p>
        )}
      </div>

      {restored && phase.name === 'edit' && (
        <DraftRestoredNotice
          count={1}
          onDiscard={() => {
            clearDraft(key);
            setRestored(false);
            setEntry({ ...EMPTY_ENTRY, kind: firstKind(workout.scoreType) });
          }}
        />
      )}

      <div role="radiogroup" aria-label="Score kind" className="grid grid-cols-2 gap-2">
        {entryKinds(workout.scoreType).map((k) => (
          <button
            key={k}
            type="button"
            role="radio"
            aria-checked={entry.kind === k}
            onClick={() => update({ kind: k })}
            className={cn(bigButton, 'border-2', entry.kind === k ? 'border-blue-600 bg-blue-600 text-white' : 'border-slate-300 bg-white text-slate-800')}
          >
            {KIND_LABEL[k]}
          </button>
        ))}
      </div>

      {entry.kind === 'time' && (
        <label className="block">
          <span className="text-sm font-medium text-slate-700">Time (M:SS) — type the digits</span>
          <input
            inputMode="numeric"
            autoComplete="off"
            aria-label="Time"
            placeholder="0:00"
            value={formatTimeDigits(entry.digits)}
            onChange={(e) => update({ digits: timeDigits(e.target.value) })}
            className="mt-1 block w-full rounded-xl border-2 border-slate-300 px-4 py-3 text-center text-5xl font-bold tabular-nums focus:border-blue-600 focus:outline-none"
          />
        </label>
      )}
      {entry.kind === 'cap' && (
        <label className="block">
          <span className="text-sm font-medium text-slate-700">Reps completed at the cap</span>
          <div className="mt-1 flex items-center gap-3">
            <span className="whitespace-nowrap text-3xl font-bold text-slate-500">CAP +</span>
            <input
              inputMode="numeric"
              autoComplete="off"
              aria-label="Reps at the cap"
              value={entry.reps}
              onChange={(e) => update({ reps: e.target.value.replace(/\D/g, '').slice(0, 5) })}
              className="block w-full rounded-xl border-2 border-slate-300 px-4 py-3 text-center text-5xl font-bold tabular-nums focus:border-blue-600 focus:outline-none"
            />
          </div>
        </label>
      )}
      {entry.kind === 'value' && (
        <label className="block">
          <span className="text-sm font-medium text-slate-700">{workout.scoreTypeLabel}</span>
          <input
            inputMode="decimal"
            autoComplete="off"
            aria-label="Score"
            value={entry.value}
            onChange={(e) => update({ value: e.target.value.replace(',', '.') })}
            className="mt-1 block w-full rounded-xl border-2 border-slate-300 px-4 py-3 text-center text-5xl font-bold tabular-nums focus:border-blue-600 focus:outline-none"
          />
        </label>
      )}
      {error && (
        <p role="alert" className="text-base font-medium text-red-700">
          {error}
        </p>
      )}

      {phase.name === 'edit' && (
        <button type="button" onClick={confirm} className={cn(bigButton, 'w-full bg-blue-600 text-white')}>
          Confirm
        </button>
      )}
      {(phase.name === 'confirm' || phase.name === 'saving') && (
        <div className="space-y-2 rounded-2xl border-2 border-blue-600 p-4">
          <p className="text-center text-lg">
            Save <strong className="text-2xl">{shown}</strong> for {lane.teamName}?
          </p>
          <div className="grid grid-cols-2 gap-2">
            <button type="button" onClick={() => setPhase({ name: 'edit' })} disabled={phase.name === 'saving'} className={cn(bigButton, 'border-2 border-slate-300 bg-white')}>
              Edit
            </button>
            <button type="button" onClick={send} disabled={phase.name === 'saving'} className={cn(bigButton, 'inline-flex items-center justify-center gap-2 bg-green-600 text-white')}>
              {phase.name === 'saving' && <Spinner size="sm" />}
              Save
            </button>
          </div>
        </div>
      )}
      {phase.name === 'failed' && (
        <div role="alert" className="space-y-2 rounded-2xl border-2 border-red-600 bg-red-50 p-4">
          <p className="text-lg font-semibold text-red-800">Not saved: {shown}</p>
          <p className="text-sm text-red-800">{phase.message}</p>
          <p className="text-sm text-red-800">Your entry is kept on this phone.</p>
          {phase.moved ? (
            <button
              type="button"
              onClick={() => {
                void invalidateHeats();
                onBack();
              }}
              className={cn(bigButton, 'w-full bg-red-600 text-white')}
            >
              Back to the lanes
            </button>
          ) : (
            <button type="button" onClick={send} className={cn(bigButton, 'w-full bg-red-600 text-white')}>
              Retry
            </button>
          )}
        </div>
      )}
      {phase.name === 'saved' && (
        <div role="status" className="space-y-2 rounded-2xl border-2 border-green-600 bg-green-50 p-4 text-center">
          <p className="text-lg font-semibold text-green-800">
            Saved ✓ <span className="text-2xl">{phase.result.resultText}</span>
          </p>
          <p className="text-sm text-green-800">{phase.result.isPublished ? 'Published' : 'Draft — the organiser publishes the heat.'}</p>
          {onNext && (
            <button type="button" onClick={onNext} className={cn(bigButton, 'w-full border-2 border-green-700 bg-white text-green-800')}>
              Next lane
            </button>
          )}
        </div>
      )}
    </section>
  );
}
