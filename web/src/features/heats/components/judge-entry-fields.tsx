// What the judge types: the kind of score, then its one input. A form, so the phone keyboard's
// Go/Enter confirms without closing the keyboard first.
import type { ReactNode } from 'react';
import { cn } from '@/components/cn';
import type { Workout } from '@/lib/api/types';
import { entryKinds, formatTimeDigits, timeDigits, type EntryKind, type JudgeEntry } from '../rules/judge-entry';
import { bigButton, bigInput } from './judge-styles';
import { scoreTypeWord } from '@/lib/i18n/words';
import { useTranslation } from 'react-i18next';

const KIND_KEYS: Record<EntryKind, string> = { time: 'entry.kind.time', cap: 'entry.kind.cap', value: 'entry.kind.value', dnf: 'entry.kind.dnf', dns: 'entry.kind.dns' };

export function JudgeEntryFields({ entry, workout, onChange, onSubmit, children }: {
  entry: JudgeEntry;
  workout: Pick<Workout, 'scoreType' | 'scoreTypeLabel'>;
  onChange: (patch: Partial<JudgeEntry>) => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('judge');
  const kinds = entryKinds(workout.scoreType);
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <div role="radiogroup" aria-label={t('entry.kindLabel')} className={cn('grid gap-2', kinds.length === 4 ? 'grid-cols-4' : 'grid-cols-3')}>
        {kinds.map((k) => (
          <button
            key={k}
            type="button"
            role="radio"
            aria-checked={entry.kind === k}
            onClick={() => onChange({ kind: k })}
            className={cn(bigButton, 'border-2 px-1 text-base leading-tight', entry.kind === k ? 'border-blue-600 bg-blue-600 text-white' : 'border-slate-300 bg-white text-slate-800')}
          >
            {t(KIND_KEYS[k])}
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
        {entry.scaled ? t('entry.scaled') : t('entry.rx')}
      </button>

      {entry.kind === 'time' && (
        <label className="block">
          <span className="text-sm font-medium text-slate-700">{t('entry.timeHelp')}</span>
          <input
            inputMode="numeric"
            enterKeyHint="done"
            autoComplete="off"
            aria-label={t('entry.kind.time')}
            placeholder="0:00"
            value={formatTimeDigits(entry.digits)}
            onChange={(e) => onChange({ digits: timeDigits(e.target.value) })}
            className={cn(bigInput, 'mt-1')}
          />
        </label>
      )}
      {entry.kind === 'cap' && (
        <label className="block">
          <span className="text-sm font-medium text-slate-700">{t('entry.capHelp')}</span>
          <div className="mt-1 flex items-center gap-3">
            <span className="whitespace-nowrap text-3xl font-bold text-slate-500">CAP +</span>
            <input
              inputMode="numeric"
              enterKeyHint="done"
              autoComplete="off"
              aria-label={t('entry.capReps')}
              value={entry.reps}
              onChange={(e) => onChange({ reps: e.target.value.replace(/\D/g, '').slice(0, 5) })}
              className={bigInput}
            />
          </div>
        </label>
      )}
      {entry.kind === 'value' && (
        <label className="block">
          <span className="text-sm font-medium text-slate-700">{scoreTypeWord(workout.scoreType)}</span>
          <input
            inputMode="decimal"
            enterKeyHint="done"
            autoComplete="off"
            aria-label={t('entry.kind.value')}
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
