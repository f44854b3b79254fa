// Below the judge's input: Confirm, then "Save 7:34 for Team?", then saved or not saved (yet:
// a score the network did not take waits on the phone, with Retry). The panel that appears is
// scrolled into view, so with the phone's keyboard open Save is on screen.
import { useEffect, useRef } from 'react';
import { cn } from '@/components/cn';
import { Spinner } from '@/components/spinner';
import type { Phase } from '../hooks/use-judge-lane';
import { bigButton } from './judge-styles';

export function JudgeOutcome({ phase, shown, teamName, onEdit, onSave, onRetry, onBack, onNext }: {
  phase: Phase;
  shown: string;
  teamName: string;
  onEdit: () => void;
  onSave: () => void;
  onRetry: () => void;
  onBack: () => void;
  onNext?: () => void;
}) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (phase.name !== 'edit') panel.current?.scrollIntoView?.({ block: 'nearest' });
  }, [phase.name]);

  return (
    <div ref={panel} className="scroll-mb-4">
      {(phase.name === 'edit' || phase.name === 'checking') && (
        <button type="submit" disabled={phase.name === 'checking'} className={cn(bigButton, 'inline-flex w-full items-center justify-center gap-2 bg-blue-600 text-white')}>
          {phase.name === 'checking' && <Spinner size="sm" />}
          Confirm
        </button>
      )}
      {(phase.name === 'confirm' || phase.name === 'saving') && (
        <div className="space-y-2 rounded-2xl border-2 border-blue-600 bg-white p-3">
          <p className="text-center text-lg">
            Save <strong className="text-2xl">{shown}</strong> for {teamName}?
          </p>
          <div className="grid grid-cols-2 gap-2">
            <button type="button" onClick={onEdit} disabled={phase.name === 'saving'} className={cn(bigButton, 'border-2 border-slate-300 bg-white')}>
              Edit
            </button>
            <button type="button" onClick={onSave} disabled={phase.name === 'saving'} className={cn(bigButton, 'inline-flex items-center justify-center gap-2 bg-green-600 text-white')}>
              {phase.name === 'saving' && <Spinner size="sm" />}
              Save
            </button>
          </div>
        </div>
      )}
      {phase.name === 'failed' && (
        <div role="alert" className="space-y-2 rounded-2xl border-2 border-red-600 bg-red-50 p-3">
          <p className="text-lg font-semibold text-red-800">Not saved: {shown}</p>
          <p className="text-sm text-red-800">{phase.message}</p>
          <p className="text-sm text-red-800">Your entry is kept on this phone.</p>
          {phase.action === 'retry' && (
            <>
              <p className="text-sm text-red-800">It is sent by itself when the network is back.</p>
              <button type="button" onClick={onRetry} className={cn(bigButton, 'w-full bg-red-600 text-white')}>
                Retry
              </button>
            </>
          )}
          {phase.action === 'choose' && <p className="text-sm font-medium text-red-800">Choose which to keep in Scores on this phone below.</p>}
          {phase.action === 'back' && (
            <button type="button" onClick={onBack} className={cn(bigButton, 'w-full bg-red-600 text-white')}>
              Back to the lanes
            </button>
          )}
        </div>
      )}
      {phase.name === 'saved' && (
        <div role="status" className="space-y-2 rounded-2xl border-2 border-green-600 bg-green-50 p-3 text-center">
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
    </div>
  );
}
