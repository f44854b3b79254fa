// Below the judge's input: Confirm, then "Save 7:34 for Team?", then saved or not saved (yet:
// a score the network did not take waits on the phone, with Retry). The panel that appears is
// scrolled into view, so with the phone's keyboard open Save is on screen.
import { useEffect, useRef } from 'react';
import { cn } from '@/components/cn';
import { Spinner } from '@/components/spinner';
import type { Phase } from '../hooks/use-judge-lane';
import { bigButton } from './judge-styles';
import { Trans, useTranslation } from 'react-i18next';

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
  const { t } = useTranslation('judge');
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (phase.name !== 'edit') panel.current?.scrollIntoView?.({ block: 'nearest' });
  }, [phase.name]);

  return (
    <div ref={panel} className="scroll-mb-4">
      {(phase.name === 'edit' || phase.name === 'checking') && (
        <button type="submit" disabled={phase.name === 'checking'} className={cn(bigButton, 'inline-flex w-full items-center justify-center gap-2 bg-blue-600 text-white')}>
          {phase.name === 'checking' && <Spinner size="sm" />}
          {t('outcome.confirm')}
        </button>
      )}
      {(phase.name === 'confirm' || phase.name === 'saving') && (
        <div className="space-y-2 rounded-2xl border-2 border-blue-600 bg-white p-3">
          <p className="text-center text-lg">
            <Trans t={t} i18nKey="outcome.saveQuestion" values={{ shown, teamName }} components={{ b: <strong className="text-2xl" /> }} />
          </p>
          <div className="grid grid-cols-2 gap-2">
            <button type="button" onClick={onEdit} disabled={phase.name === 'saving'} className={cn(bigButton, 'border-2 border-slate-300 bg-white')}>
              {t('outcome.edit')}
            </button>
            <button type="button" onClick={onSave} disabled={phase.name === 'saving'} className={cn(bigButton, 'inline-flex items-center justify-center gap-2 bg-green-700 text-white')}>
              {phase.name === 'saving' && <Spinner size="sm" />}
              {t('outcome.save')}
            </button>
          </div>
        </div>
      )}
      {phase.name === 'failed' && (
        <div role="alert" className="space-y-2 rounded-2xl border-2 border-red-600 bg-red-50 p-3">
          <p className="text-lg font-semibold text-red-800">{t('outcome.notSaved', { shown })}</p>
          <p className="text-sm text-red-800">{phase.message}</p>
          <p className="text-sm text-red-800">{t('outcome.kept')}</p>
          {phase.action === 'retry' && (
            <>
              <p className="text-sm text-red-800">{t('outcome.sentLater')}</p>
              <button type="button" onClick={onRetry} className={cn(bigButton, 'w-full bg-red-600 text-white')}>
                {t('outcome.retry')}
              </button>
            </>
          )}
          {phase.action === 'choose' && <p className="text-sm font-medium text-red-800">{t('outcome.choose')}</p>}
          {phase.action === 'back' && (
            <button type="button" onClick={onBack} className={cn(bigButton, 'w-full bg-red-600 text-white')}>
              {t('outcome.backToLanes')}
            </button>
          )}
        </div>
      )}
      {phase.name === 'saved' && (
        <div role="status" className="space-y-2 rounded-2xl border-2 border-green-600 bg-green-50 p-3 text-center">
          <p className="text-lg font-semibold text-green-800">
            {t('outcome.saved')} <span className="text-2xl">{phase.result.resultText}</span>
          </p>
          <p className="text-sm text-green-800">{phase.result.isPublished ? t('outcome.published') : t('outcome.draft')}</p>
          {onNext && (
            <button type="button" onClick={onNext} className={cn(bigButton, 'w-full border-2 border-green-700 bg-white text-green-800')}>
              {t('outcome.nextLane')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
