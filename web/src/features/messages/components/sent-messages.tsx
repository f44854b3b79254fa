import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/components/error-panel';
import { formatDateTime } from '@/lib/dates';
import { useEventMessages } from '../api/messages';

/** What was sent to whom: the event's messages, newest first, each with its recipients to open. */
export function SentMessages({ eventId }: { eventId: string }) {
  const { t } = useTranslation('console');
  const query = useEventMessages(eventId);
  if (query.isPending) return <p className="text-sm text-slate-500">{t('messages.loading')}</p>;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('messages.loadFailed', { message: errorMessage(query.error) })}
      </p>
    );
  if (query.data.length === 0) return <p className="text-sm text-slate-500">{t('messages.none')}</p>;
  return (
    <ul className="space-y-3">
      {query.data.map((m) => (
        <li key={m.id} className="rounded-md border border-slate-200 bg-white p-3">
          <p className="font-medium text-slate-900 break-words">{m.subject}</p>
          <p className="text-xs text-slate-500">
            {t('messages.meta', { when: formatDateTime(m.sentAt), by: m.sentBy, group: m.audienceLabel })}
          </p>
          <p className="mt-2 text-sm whitespace-pre-line text-slate-700 break-words">{m.body}</p>
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer text-slate-700">{t('messages.recipients', { count: m.recipientCount })}</summary>
            <ul className="mt-1 space-y-0.5 text-slate-600">
              {m.recipients.map((r, i) => (
                <li key={i} className="break-all">
                  {r.name} · {r.email || '—'}
                </li>
              ))}
            </ul>
          </details>
        </li>
      ))}
    </ul>
  );
}
