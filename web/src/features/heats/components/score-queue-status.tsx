// The top of a judge screen (docs/judging.md): "Offline — …" while the browser has no network,
// then what the phone's queue holds: "3 scores waiting to send", "1 score needs your
// attention", "All sent".
import { cn } from '@/components/cn';
import type { StoredScore } from '../api/score-store';
import { useOnline } from '../hooks/use-online';
import { queueSummary } from '../rules/score-queue';
import { useTranslation } from 'react-i18next';

const SUMMARY_TONE = { waiting: 'bg-amber-100 text-amber-900', attention: 'bg-red-100 text-red-900', done: 'bg-green-100 text-green-900', none: '' };

export function ScoreQueueStatus({ scores, sent }: { scores: StoredScore[]; sent: boolean }) {
  const { t } = useTranslation('judge');
  const online = useOnline();
  const summary = queueSummary(scores, sent);
  return (
    <div aria-live="polite" className="mb-3 space-y-1">
      {!online && <p className="rounded-lg bg-slate-800 px-3 py-2 text-sm font-medium text-white">{t('queue.offline')}</p>}
      {summary.text && <p className={cn('rounded-lg px-3 py-2 text-base font-semibold', SUMMARY_TONE[summary.tone])}>{summary.text}</p>}
    </div>
  );
}
