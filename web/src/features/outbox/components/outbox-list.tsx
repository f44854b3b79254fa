import { Badge } from '@/components/badge';
import { formatClock, formatDateTime } from '@/lib/dates';
import { mailState, type ServiceMail } from '../rules/mail-state';
import { MailText } from './mail-text';

/** Every queued mail, newest first: state, recipient, subject; the text opens on demand. */
export function OutboxList({ mails }: { mails: readonly ServiceMail[] }) {
  return (
    <ul className="space-y-3">
      {mails.map((mail) => {
        const state = mailState(mail);
        return (
          <li key={`${mail.service}:${mail.id}`} className="rounded-lg border border-slate-200 bg-white shadow-sm">
            <details>
              <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3">
                <Badge color={state.color}>{state.label}</Badge>
                <span className="font-medium text-slate-900">{mail.subject}</span>
                <span className="text-sm text-slate-600">to {mail.to}</span>
                {mail.readings.map((r) => (
                  <span key={r.reader} className="text-xs text-amber-800">
                    Link read by {r.reader} ({r.times}×, last {formatClock(r.lastReadAt)})
                  </span>
                ))}
                <span className="ml-auto text-xs text-slate-500">
                  {mail.service} · {formatDateTime(mail.createdAt)}
                </span>
              </summary>
              <div className="space-y-2 border-t border-slate-100 px-4 py-3">
                {mail.lastError && !mail.sentAt && (
                  <p className="text-sm text-red-700">
                    Last attempt failed: {mail.lastError}. Next attempt {formatDateTime(mail.nextAttemptAt)}.
                  </p>
                )}
                {mail.sentAt && <p className="text-sm text-slate-600">Sent {formatDateTime(mail.sentAt)}.</p>}
                <MailText text={mail.text} />
              </div>
            </details>
          </li>
        );
      })}
    </ul>
  );
}
