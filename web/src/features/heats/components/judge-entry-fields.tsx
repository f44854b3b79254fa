// What the judge types: the kind of score, then its one input. A form, so the phone keyboard's
// Go/Enter confirms without closing the keyboard first.
import type { ReactNode } from 'react';
import { cn } from '@/components/cn';
import type { Workout } from '@/lib/api/types';
import { entryKinds, formatTimeDigits, timeDigits, type EntryKind, type JudgeEntry } from '../rules/judge-entry';
import { bigButton, bigInput } from './judge-styles';

const KIND_LABEL: Record<EntryKind, string> = { time: 'Time', cap: 'CAP + reps', value: 'Score', dnf: 'DNF', dns: 'DNS' };

export function JudgeEntryFields({ entry, workout, onChange, onSubmit, children }: {
  entry: JudgeEntry;
  workout: Pick<Workout, 'scoreType' | 'scoreTypeLabel'>;
  onChange: (patch: Partial<JudgeEntry>) => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const kinds = entryKinds(workout.scoreType);
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <div role="radiogroup" aria-label="Score kind" className={cn('grid gap-2', kinds.length === 4 ? 'grid-cols-4' : 'grid-cols-3')}>
        {kinds.map((k) => (
          <button
            key={k}
            type="button"
            role="radio"
            aria-checked={entry.kind === k}
            onClick={() => onChange({ kind: k })}
            className={cn(bigButton, 'border-2 px-1 text-base leading-tight', entry.kind === k ? 'border-blue-600 bg-blue-600 text-white' : 'border-slate-300 bg-white text-slate-800')}
          >
            {KIND_LABEL[k]}
          </button>
        ))}
      </div>

      <button
        type="button"
        aria-pressed={!!entry.scaled}
        onClick={() => onChange({ scaled: !entry.scaled })}
        className={cn(
          bigButton,
          'w-full border-2 text-base',
          entry.scaled ? 'border-purple-700 bg-purple-700 text-white' : 'border-slate-300 bg-white text-slate-800',
        )}
      >
        {entry.scaled ? 'Scaled ✓ (below every Rx result)' : 'Rx · tap if done Scaled'}
      </button>

      {entry.kind === 'time' && (
        <label className="block">
          <span className="text-sm font-medium text-slate-700">Time (M:SS) — type the digits</span>
          <input
            inputMode="numeric"
            enterKeyHint="done"
            autoComplete="off"
            aria-label="Time"
            placeholder="0:00"
            value={formatTimeDigits(entry.digits)}
            onChange={(e) => onChange({ digits: timeDigits(e.target.value) })}
            className={cn(bigInput, 'mt-1')}
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
              enterKeyHint="done"
              autoComplete="off"
              aria-label="Reps at the cap"
              value={entry.reps}
              onChange={(e) => onChange({ reps: e.target.value.replace(/\D/g, '').slice(0, 5) })}
              className={bigInput}
            />
          </div>
        </label>
      )}
      {entry.kind === 'value' && (
        <label className="block">
          <span className="text-sm font-medium text-slate-700">{workout.scoreTypeLabel}</span>
          <input
            inputMode="decimal"
            enterKeyHint="done"
            autoComplete="off"
            aria-label="Score"
            value={entry.value}
            onChange={(e) => onChange({ value: e.target.value })}
            className={cn(bigInput, 'mt-1')}
          />
        </label>
      )}
      {children}
    </form>
  );
}
