// "Allow notifications" on My registrations (docs/competition-day.md, "Web Push"): heat
// reminders, schedule moves and organisers' messages as notifications on this device. Four
// states, each with its sentence: not supported, blocked (only the browser's settings undo
// it), on and off. A failed change says so and keeps the state it had.
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/components/error-panel';
import { useAllowPush, usePushState, useTurnOffPush } from '../api/push';

export function PushControl() {
  const { t } = useTranslation('site');
  const { state, pending, error, key } = usePushState();
  const allow = useAllowPush();
  const turnOff = useTurnOffPush();
  if (pending && state === undefined) return null;
  const busy = allow.isPending || turnOff.isPending;
  const text =
    state === 'unsupported'
      ? t('push.notSupported')
      : state === 'blocked'
        ? t('push.blocked')
        : state === 'on'
          ? t('push.on')
          : t('push.off');
  return (
    <section aria-labelledby="push-title" className="mb-6 rounded-lg border border-slate-200 bg-white p-4" data-push-state={state ?? 'unknown'}>
      <h2 id="push-title" className="mb-1 text-lg font-semibold text-slate-900">
        {t('push.title')}
      </h2>
      <p className="text-sm text-slate-700" role="status">
        {text}
      </p>
      {state === 'off' && key?.publicKey && (
        <button
          type="button"
          className="mt-3 rounded-md bg-slate-900 px-3 py-2 text-sm font-semibold text-white disabled:opacity-60"
          disabled={busy}
          onClick={() => allow.mutate(key.publicKey ?? '')}
        >
          {t('push.allow')}
        </button>
      )}
      {state === 'on' && (
        <button
          type="button"
          className="mt-3 rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 disabled:opacity-60"
          disabled={busy}
          onClick={() => turnOff.mutate()}
        >
          {t('push.turnOff')}
        </button>
      )}
      {(allow.error || turnOff.error) && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t('push.changeFailed', { message: errorMessage(allow.error ?? turnOff.error) })}
        </p>
      )}
      {error && !allow.error && !turnOff.error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t('push.failed')}
        </p>
      )}
    </section>
  );
}
