// The athlete's appeals on their registration (docs/competition-day.md): the team's published
// results, each with "Appeal" while its window is open, and the team's appeals with their
// decisions and reasons (never who decided). Made for a phone: one column, large targets.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-panel';
import { FormField, Input, Textarea } from '@/components/form-field';
import { ApiError } from '@/lib/api/client';
import { formatDateTime } from '@/lib/dates';
import { useFileAppeal, useMyAppeals, type Appeal, type AppealableResult } from '../api/appeals';
import { checkReason, checkVideo } from '../rules/appeal-form';
import { AppealStateBadge } from './state-badge';

type Fields = { reason: string; videoUrl: string };
type Errors = Partial<Record<keyof Fields, string>>;

function AppealForm({ eventId, result, onDone }: { eventId: string; result: AppealableResult; onDone: () => void }) {
  const { t } = useTranslation('site');
  const [fields, setFields] = useState<Fields>({ reason: '', videoUrl: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState('');
  const file = useFileAppeal(eventId);
  const id = (name: string) => `appeal-${result.resultId}-${name}`;
  // A field's error goes once the field is changed: it spoke of what was typed before.
  const set = (name: keyof Fields) => (e: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [name]: e.target.value }));
    setErrors((errs) => ({ ...errs, [name]: undefined }));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setFormError('');
    const reason = checkReason(fields.reason);
    const video = checkVideo(fields.videoUrl);
    const next: Errors = {};
    if (!reason.ok) next.reason = t(reason.error);
    if (!video.ok) next.videoUrl = t(video.error);
    setErrors(next);
    if (!reason.ok || !video.ok) return;
    // What was typed stays in the form when the server refuses it.
    file.mutate(
      { resultId: result.resultId, reason: reason.value, videoUrl: video.value },
      {
        onSuccess: onDone,
        onError: (err) => {
          const field = err instanceof ApiError ? err.field : undefined;
          if (field === 'reason' || field === 'videoUrl') setErrors({ [field]: errorMessage(err) });
          else setFormError(t('appeals.fileFailed', { message: errorMessage(err) }));
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 grid gap-3" aria-label={t('appeals.formLabel', { workout: result.workoutName })}>
      <FormField label={t('appeals.reason')} htmlFor={id('reason')} required error={errors.reason} help={t('appeals.reasonHelp')}>
        <Textarea id={id('reason')} rows={3} value={fields.reason} onChange={set('reason')} invalid={!!errors.reason} />
      </FormField>
      <FormField label={t('appeals.video')} htmlFor={id('video')} error={errors.videoUrl} help={t('appeals.videoHelp')}>
        <Input id={id('video')} type="url" inputMode="url" value={fields.videoUrl} onChange={set('videoUrl')} invalid={!!errors.videoUrl} />
      </FormField>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={file.isPending}>
          {t('appeals.send')}
        </Button>
        {formError && (
          <span role="alert" className="text-sm text-red-700">
            {formError}
          </span>
        )}
      </div>
    </form>
  );
}

function ResultItem({ eventId, result, appealed }: { eventId: string; result: AppealableResult; appealed: boolean }) {
  const { t } = useTranslation('site');
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  return (
    <li className="py-3" data-testid="appealable-result">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 break-words">
          <span className="font-medium text-slate-900">{result.workoutName}</span>{' '}
          <strong className="tabular-nums">{result.resultText}</strong>
          <span className="block text-xs text-slate-600">
            {appealed
              ? t('appeals.appealed')
              : result.appealable
                ? t('appeals.openUntil', { time: formatDateTime(result.windowClosesAt) })
                : t('appeals.closed')}
          </span>
        </p>
        {result.appealable && !open && (
          <Button variant="secondary" onClick={() => setOpen(true)}>
            {t('appeals.appeal')}
          </Button>
        )}
      </div>
      {sent && (
        <p role="status" className="mt-2 text-sm text-green-700">
          {t('appeals.sent')}
        </p>
      )}
      {open && result.appealable && (
        <AppealForm
          eventId={eventId}
          result={result}
          onDone={() => {
            setOpen(false);
            setSent(true);
          }}
        />
      )}
    </li>
  );
}

function AppealItem({ appeal }: { appeal: Appeal }) {
  const { t } = useTranslation('site');
  return (
    <li className="py-3" data-testid="my-appeal">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-slate-900">
          {appeal.workoutName} <span className="tabular-nums text-slate-600">{appeal.beforeText}</span>
        </p>
        <AppealStateBadge state={appeal.state} />
      </div>
      <p className="mt-1 break-words text-sm text-slate-700">
        {t('appeals.yourReason')}: {appeal.reason}
      </p>
      {appeal.state !== 'pending' && (
        <p className="mt-1 break-words text-sm text-slate-900" data-testid="decision-reason">
          {t('appeals.decision')}: {appeal.decisionReason}
        </p>
      )}
      {appeal.state === 'upheld' && appeal.afterText && (
        <p className="mt-1 text-sm text-slate-700">
          {appeal.changePending
            ? t('appeals.changes', { before: appeal.beforeText, after: appeal.afterText })
            : t('appeals.changed', { before: appeal.beforeText, after: appeal.afterText })}
        </p>
      )}
    </li>
  );
}

/** The team's appeals in one event; nothing when the athlete has no published result there. */
export function MyAppeals({ eventId }: { eventId: string }) {
  const { t } = useTranslation('site');
  const query = useMyAppeals(eventId);
  if (query.isPending) return null;
  if (query.isError)
    return (
      <p role="alert" className="mt-3 text-sm text-red-700">
        {t('appeals.loadFailed', { message: errorMessage(query.error) })}
      </p>
    );
  const { results, appeals, windowMinutes } = query.data;
  if (results.length === 0 && appeals.length === 0) return null;
  return (
    <section className="mt-3 border-t border-slate-100 pt-3" aria-label={t('appeals.title')}>
      <h3 className="text-sm font-semibold text-slate-800">{t('appeals.title')}</h3>
      <p className="text-xs text-slate-600">{t('appeals.intro', { count: windowMinutes })}</p>
      {results.length > 0 && (
        <ul className="divide-y divide-slate-100">
          {results.map((r) => (
            <ResultItem key={r.resultId} eventId={eventId} result={r} appealed={appeals.some((a) => a.resultId === r.resultId)} />
          ))}
        </ul>
      )}
      {appeals.length > 0 && (
        <>
          <h4 className="mt-2 text-sm font-semibold text-slate-800">{t('appeals.yours')}</h4>
          <ul className="divide-y divide-slate-100">
            {appeals.map((a) => (
              <AppealItem key={a.id} appeal={a} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
