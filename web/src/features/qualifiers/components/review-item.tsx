import { useState } from 'react';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { FormField, Input, Select, Textarea } from '@/components/form-field';
import { InlineAlert, failureText } from '@/components/inline-alert';
import type { PenaltyKind, ScoreType } from '@/lib/api/types';
import { PENALTY_LABELS, parsePenaltyAmount, penaltyKinds } from '@/lib/penalty';
import { formatDateTime } from '@/lib/dates';
import { parseResultInput, type TimeCap } from '@/lib/result-input';
import { useReviewSubmission, type ReviewInput, type ReviewedSubmission } from '../api/review';
import { reviewLabel } from '../rules/review';

const REASON_REQUIRED = 'Give the reason the athletes see';

/** One team's submission in the judges' queue: the video beside the form, the actions, the history. */
export function ReviewItem({ item, scoreType, cap }: { item: ReviewedSubmission; scoreType: ScoreType; cap: TimeCap }) {
  const sub = item.submission;
  const review = useReviewSubmission(sub.workoutId, sub.teamId);
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const kinds = penaltyKinds({ scoreType, status: sub.status });
  const [kind, setKind] = useState<PenaltyKind | ''>(kinds[0] ?? '');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<{ field: 'value' | 'reason' | 'amount'; text: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const state = reviewLabel(sub.reviewState);
  const id = (name: string) => `${sub.teamId}-${name}`;

  const run = async (action: ReviewInput['action']) => {
    setError(null);
    setFailure(null);
    const input: ReviewInput = { action, reason: reason.trim(), internalNote: note.trim() };
    if ((action === 'adjust' || action === 'reject' || action === 'penalty') && !input.reason) return setError({ field: 'reason', text: REASON_REQUIRED });
    if (action === 'penalty') {
      if (kind === '') return setError({ field: 'amount', text: 'This score has no place to penalise' });
      const parsed = parsePenaltyAmount(kind, amount);
      if (!parsed.ok) return setError({ field: 'amount', text: parsed.error });
      input.penalty = { kind, amount: parsed.amount };
    }
    if (action === 'adjust') {
      const parsed = parseResultInput(value, scoreType, cap);
      if (!parsed.ok) return setError({ field: 'value', text: parsed.error });
      Object.assign(input, parsed.result);
    }
    try {
      await review.mutateAsync(input);
      setValue('');
      setAmount('');
      setReason('');
      setNote('');
    } catch (err) {
      setFailure(failureText('Review failed', err));
    }
  };

  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="review-item">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold text-slate-900">{item.teamName}</p>
          <p className="text-xs text-slate-600">
            {item.divisionName} · submitted {formatDateTime(sub.submittedAt)} by {sub.submittedBy}
          </p>
        </div>
        <Badge color={state.color}>{state.label}</Badge>
      </div>
      <div className="mt-3 grid gap-4 lg:grid-cols-2">
        <div className="space-y-2 text-sm">
          <p>
            Score: <strong>{sub.resultText}</strong>
            {sub.reviewReason && <span className="text-slate-600"> · reason: {sub.reviewReason}</span>}
          </p>
          {sub.penaltyText && <p className="text-amber-800">Penalty: {sub.penaltyText}</p>}
          {sub.videoUrl ? (
            <a href={sub.videoUrl} target="_blank" rel="noopener noreferrer" className="font-medium text-blue-700 underline">
              Watch the video ↗
            </a>
          ) : (
            <p className="text-slate-500">No video link</p>
          )}
          {item.internalNote && <p className="rounded bg-slate-50 px-2 py-1 text-slate-700">Internal note: {item.internalNote}</p>}
          <ol className="space-y-0.5 text-xs text-slate-600" aria-label="Review history">
            {item.history.map((a, i) => (
              <li key={i}>
                {formatDateTime(a.at)} · {a.by}: {a.action}
                {a.beforeText && a.beforeText !== a.afterText ? ` ${a.beforeText} → ${a.afterText}` : a.afterText ? ` ${a.afterText}` : ''}
                {a.reason ? ` (${a.reason})` : ''}
              </li>
            ))}
          </ol>
        </div>
        <div className="space-y-3">
          <FormField label="Adjusted score" htmlFor={id('value')} error={error?.field === 'value' ? error.text : undefined} help="Only to adjust">
            <Input id={id('value')} value={value} onChange={(e) => setValue(e.target.value)} invalid={error?.field === 'value'} autoComplete="off" />
          </FormField>
          {kinds.length > 0 && (
            <div className="grid grid-cols-2 gap-2">
              <FormField label="Penalty" htmlFor={id('penalty-kind')} help="Only for a penalty">
                <Select id={id('penalty-kind')} value={kind} onChange={(e) => setKind(e.target.value as PenaltyKind)}>
                  {kinds.map((k) => (
                    <option key={k} value={k}>
                      {PENALTY_LABELS[k]}
                    </option>
                  ))}
                </Select>
              </FormField>
              <FormField label={kind === 'time' ? 'Amount (M:SS)' : 'Amount'} htmlFor={id('penalty-amount')}
                error={error?.field === 'amount' ? error.text : undefined}>
                <Input id={id('penalty-amount')} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)}
                  invalid={error?.field === 'amount'} autoComplete="off" />
              </FormField>
            </div>
          )}
          <FormField label="Reason (athletes see it)" htmlFor={id('reason')} error={error?.field === 'reason' ? error.text : undefined}>
            <Input id={id('reason')} value={reason} onChange={(e) => setReason(e.target.value)} invalid={error?.field === 'reason'} />
          </FormField>
          <FormField label="Internal note (judges only)" htmlFor={id('note')}>
            <Textarea id={id('note')} rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
          </FormField>
          <div className="flex flex-wrap items-center gap-2">
            <Button size="sm" loading={review.isPending && review.variables?.action === 'accept'} onClick={() => run('accept')}>
              Accept
            </Button>
            <Button size="sm" variant="secondary" loading={review.isPending && review.variables?.action === 'adjust'} onClick={() => run('adjust')}>
              Adjust
            </Button>
            {kinds.length > 0 && (
              <Button size="sm" variant="secondary" loading={review.isPending && review.variables?.action === 'penalty'} onClick={() => run('penalty')}>
                Penalty
              </Button>
            )}
            <Button size="sm" variant="danger" loading={review.isPending && review.variables?.action === 'reject'} onClick={() => run('reject')}>
              Reject
            </Button>
            <Button size="sm" variant="ghost" loading={review.isPending && review.variables?.action === 'note'} onClick={() => run('note')}>
              Save note
            </Button>
            <InlineAlert message={failure} onDismiss={() => setFailure(null)} />
          </div>
        </div>
      </div>
    </li>
  );
}
