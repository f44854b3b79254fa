import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/dates';
import { useMyMessages } from '../api/messages';

/** The banner on the athlete's registration: the latest messages the organisers sent them for
 * the event (docs/competition-day.md, "Messages"); nothing while there are none. */
export function MyMessagesBanner({ eventId, latest = 2 }: { eventId: string; latest?: number }) {
  const { t } = useTranslation('site');
  const query = useMyMessages(eventId);
  if (!query.data?.length) return null;
  return (
    <section className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3" aria-label={t('messages.title')}>
      <h3 className="text-sm font-semibold text-amber-900">{t('messages.title')}</h3>
      <ul className="mt-1 space-y-2">
        {query.data.slice(0, latest).map((m) => (
          <li key={m.id} className="text-sm text-slate-800">
            <p className="font-medium break-words">
              {m.subject} <span className="text-xs font-normal text-slate-500">· {formatDateTime(m.sentAt)}</span>
            </p>
            <p className="whitespace-pre-line break-words">{m.body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
