// The event's Appeals screen (docs/competition-day.md) for the head judge and the organisers:
// the window, then the appeals, pending first, each decided with a written reason; an upheld
// one carries the result's new value and becomes a pending change, published from here or the
// grid. Made for a phone: one column, the form under its appeal.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { errorMessage } from '@/components/error-panel';
import { FormField, Input, Textarea } from '@/components/form-field';
import { ApiError } from '@/lib/api/client';
import type { Workout } from '@/lib/api/types';
import { formatDateTime } from '@/lib/dates';
import { useEvent } from '@/lib/queries/events';
import { parseResultInput } from '@/lib/result-input';
import { useDecideAppeal, useEventAppeals, usePublishAppealChange, useSetAppealWindow, type Appeal } from '../api/appeals';
import { checkReason, checkWindow, DEFAULT_WINDOW } from '../rules/appeal-form';
import { orderAppeals } from '../rules/order';
import { AppealStateBadge } from './state-badge';

function WindowForm({ eventId, minutes }: { eventId: string; minutes: number }) {
  const { t } = useTranslation('console');
  const { t: ts } = useTranslation('site');
  const [value, setValue] = useState(String(minutes || DEFAULT_WINDOW));
  const [error, setError] = useState('');
  const [saved, setSaved] = useState(false);
  const save = useSetAppealWindow(eventId);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const check = checkWindow(value);
    if (!check.ok) {
      setError(ts(check.error));
      return;
    }
    setError('');
    save.mutate(check.value, {
      onSuccess: () => setSaved(true),
      onError: (err) => setError(t('appeals.windowFailed', { message: errorMessage(err) })),
    });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-3" aria-label={t('appeals.window')}>
      <div className="w-full sm:w-64">
        <FormField label={t('appeals.windowMinutes')} htmlFor="appeal-window" required error={error}>
          <Input
            id="appeal-window"
            inputMode="numeric"
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setSaved(false);
              setError('');
            }}
            invalid={!!error}
          />
        </FormField>
      </div>
      <Button type="submit" loading={save.isPending} className="mb-4">
        {t('appeals.saveWindow')}
      </Button>
      {saved && (
        <span role="status" className="mb-6 text-sm text-green-700">
          {t('appeals.windowSaved')}
        </span>
      )}
      <p className="basis-full text-xs text-slate-600">{t('appeals.windowHelp')}</p>
    </form>
  );
}

const DECISION_LABELS = { uphold: 'appeals.uphold', dismiss: 'appeals.dismiss' } as const;

type DecisionFields = { decision: 'uphold' | 'dismiss' | ''; reason: string; result: string };
type DecisionErrors = Partial<Record<keyof DecisionFields, string>>;

function DecisionForm({ eventId, appeal, workout }: { eventId: string; appeal: Appeal; workout?: Workout }) {
  const { t } = useTranslation('console');
  const { t: ts } = useTranslation('site');
  const [fields, setFields] = useState<DecisionFields>({ decision: '', reason: '', result: appeal.beforeText });
  const [errors, setErrors] = useState<DecisionErrors>({});
  const [formError, setFormError] = useState('');
  const decide = useDecideAppeal(eventId);
  const id = (name: string) => `decision-${appeal.id}-${name}`;
  // A field's error goes once the field is changed: it spoke of what was typed before.
  const set = <K extends keyof DecisionFields>(name: K, value: DecisionFields[K]) => {
    setFields((f) => ({ ...f, [name]: value }));
    setErrors((errs) => ({ ...errs, [name]: undefined }));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setFormError('');
    const next: DecisionErrors = {};
    if (!fields.decision) next.decision = t('appeals.errors.decisionRequired');
    const reason = checkReason(fields.reason);
    if (!reason.ok)
      next.reason = reason.error === 'appeals.errors.reasonRequired' ? t('appeals.errors.decisionReasonRequired') : ts(reason.error);
    let parsed: ReturnType<typeof parseResultInput> | undefined;
    if (fields.decision === 'uphold') {
      if (!workout) next.result = t('appeals.errors.workoutUnknown');
      else {
        parsed = parseResultInput(fields.result, workout.scoreType, {
          timeCapSeconds: workout.timeCapSeconds ?? null,
          timeCapText: workout.timeCapText ?? null,
        });
        if (!parsed.ok) next.result = parsed.error;
      }
    }
    setErrors(next);
    if (Object.keys(next).length > 0 || !reason.ok || !fields.decision) return;
    const value = parsed?.ok ? parsed.result : undefined;
    decide.mutate(
      {
        appealId: appeal.id,
        decision: fields.decision,
        reason: reason.value,
        ...(value ? { status: value.status, resultValue: value.resultValue, cappedReps: value.cappedReps } : {}),
      },
      {
        onError: (err) => {
          const field = err instanceof ApiError ? err.field : null;
          if (field === 'reason' || field === 'decision') setErrors({ [field]: errorMessage(err) });
          else if (field === 'resultValue' || field === 'status' || field === 'cappedReps') setErrors({ result: errorMessage(err) });
          else setFormError(t('appeals.decideFailed', { message: errorMessage(err) }));
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 grid gap-3 border-t border-slate-100 pt-3" aria-label={t('appeals.decideLabel', { team: appeal.teamName })}>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700">{t('appeals.decision')}</legend>
        <div className="flex flex-wrap gap-2">
          {(['uphold', 'dismiss'] as const).map((d) => (
            <label key={d} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50">
              <input
                type="radio"
                name={id('decision')}
                value={d}
                checked={fields.decision === d}
                onChange={() => set('decision', d)}
              />
              {t(DECISION_LABELS[d])}
            </label>
          ))}
        </div>
        {errors.decision && (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {errors.decision}
          </p>
        )}
      </fieldset>
      {fields.decision === 'uphold' && (
        <FormField label={t('appeals.newResult')} htmlFor={id('result')} required error={errors.result} help={t('appeals.newResultHelp')}>
          <Input id={id('result')} value={fields.result} onChange={(e) => set('result', e.target.value)} invalid={!!errors.result} autoComplete="off" />
        </FormField>
      )}
      <FormField label={t('appeals.decisionReason')} htmlFor={id('reason')} required error={errors.reason} help={t('appeals.decisionReasonHelp')}>
        <Textarea id={id('reason')} rows={3} value={fields.reason} onChange={(e) => set('reason', e.target.value)} invalid={!!errors.reason} />
      </FormField>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={decide.isPending}>
          {t('appeals.decide')}
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

function PublishChange({ eventId, appeal }: { eventId: string; appeal: Appeal }) {
  const { t } = useTranslation('console');
  const publish = usePublishAppealChange(eventId);
  return (
    <div className="mt-2 flex flex-wrap items-center gap-3">
      <Button variant="secondary" loading={publish.isPending} onClick={() => publish.mutate(appeal.resultId)} disabled={publish.isSuccess}>
        {t('appeals.publishChange')}
      </Button>
      {publish.isSuccess && (
        <span role="status" className="text-sm text-green-700">
          {t('appeals.published')}
        </span>
      )}
      {publish.isError && (
        <span role="alert" className="text-sm text-red-700">
          {t('appeals.publishFailed', { message: errorMessage(publish.error) })}
        </span>
      )}
    </div>
  );
}

function AppealCard({ eventId, appeal, workout, manage }: { eventId: string; appeal: Appeal; workout?: Workout; manage: boolean }) {
  const { t } = useTranslation('console');
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4" data-testid="appeal">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-words font-semibold text-slate-900">
            {appeal.teamName} · {appeal.workoutName}
          </p>
          <p className="text-xs text-slate-600">{t('appeals.filed', { name: appeal.filedBy, time: formatDateTime(appeal.filedAt) })}</p>
        </div>
        <AppealStateBadge state={appeal.state} />
      </div>
      <p className="mt-2 text-sm text-slate-700">
        {t('appeals.result')}: <strong className="tabular-nums">{appeal.beforeText}</strong>
        {appeal.afterText && (
          <>
            {' → '}
            <strong className="tabular-nums">{appeal.afterText}</strong>
          </>
        )}
      </p>
      <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-900">{appeal.reason}</p>
      {appeal.videoUrl && (
        <p className="mt-1 text-sm">
          <a href={appeal.videoUrl} target="_blank" rel="noreferrer noopener" className="break-all text-blue-700 underline">
            {t('appeals.video')}
          </a>
        </p>
      )}
      {appeal.state === 'pending' ? (
        manage && <DecisionForm eventId={eventId} appeal={appeal} workout={workout} />
      ) : (
        <div className="mt-2 border-t border-slate-100 pt-2 text-sm">
          <p className="break-words text-slate-900" data-testid="decision-reason">
            {t('appeals.decisionReason')}: {appeal.decisionReason}
          </p>
          <p className="text-xs text-slate-600">{t('appeals.decided', { name: appeal.decidedBy, time: formatDateTime(appeal.decidedAt) })}</p>
          {appeal.state === 'upheld' &&
            (appeal.changePending ? (
              manage && <PublishChange eventId={eventId} appeal={appeal} />
            ) : (
              <p className="mt-1 text-sm text-green-700">{t('appeals.changePublic')}</p>
            ))}
        </div>
      )}
    </li>
  );
}

export function AppealsScreen({ eventId, manage }: { eventId: string; manage: boolean }) {
  const { t } = useTranslation('console');
  const query = useEventAppeals(eventId);
  const event = useEvent(eventId);
  if (query.isPending) return <p className="text-slate-600">{t('appeals.loading')}</p>;
  if (query.isError)
    return (
      <p role="alert" className="text-red-700">
        {t('appeals.loadFailed', { message: errorMessage(query.error) })}
      </p>
    );
  const workouts = new Map((event.data?.workouts ?? []).map((w) => [w.id, w]));
  const list = orderAppeals(query.data.appeals);
  const pending = list.filter((a) => a.state === 'pending').length;
  return (
    <div className="space-y-6">
      {manage && (
        <Card title={t('appeals.window')}>
          <WindowForm eventId={eventId} minutes={query.data.windowMinutes} />
        </Card>
      )}
      <section aria-label={t('appeals.title')}>
        <h2 className="mb-2 text-lg font-semibold text-slate-900">{t('appeals.pendingCount', { count: pending })}</h2>
        {list.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-slate-600">{t('appeals.none')}</p>
        ) : (
          <ul className="space-y-3">
            {list.map((a) => (
              <AppealCard key={a.id} eventId={eventId} appeal={a} workout={workouts.get(a.workoutId)} manage={manage} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
