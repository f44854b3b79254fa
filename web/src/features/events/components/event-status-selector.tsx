import { useTranslation } from 'react-i18next';
import { eventStatusWord } from '@/lib/i18n/words';
import { cn } from '@/components/cn';
import { failureText, InlineAlert } from '@/components/inline-alert';
import type { Event, EventStatus } from '@/lib/api/types';
import { useEventStatuses } from '../api/event-statuses';
import { eventToInput, useUpdateEvent } from '../api/events';

/** One button per status; any status may be set from any other. The pressed button is always the
 * stored status: a failed change leaves it pressed and says so until dismissed. */
export function EventStatusSelector({ event }: { event: Event }) {
  const { t } = useTranslation('console');
  const update = useUpdateEvent(event.id);
  const statuses = useEventStatuses();
  const setStatus = (status: EventStatus) => update.mutate({ ...eventToInput(event), status });
  return (
    <div className="flex flex-col items-end gap-1">
      <div role="group" aria-label={t('events.fields.statusGroup')} className="inline-flex flex-wrap overflow-hidden rounded-md border border-slate-300">
        {statuses.data?.map((status) => (
          <button
            key={status.value}
            type="button"
            disabled={update.isPending}
            aria-pressed={event.status === status.value}
            onClick={() => setStatus(status.value)}
            className={cn(
              'border-r border-slate-300 px-3 py-1.5 text-xs font-medium last:border-r-0 disabled:opacity-50',
              event.status === status.value ? 'bg-blue-600 text-white' : 'bg-white text-slate-700 hover:bg-slate-50',
            )}
          >
            {eventStatusWord(status.value)}
          </button>
        ))}
      </div>
      <InlineAlert message={update.isError ? failureText(t('events.statusChangeFailed'), update.error) : null} onDismiss={update.reset} />
      <InlineAlert message={statuses.isError ? failureText(t('events.statusesFailed'), statuses.error) : null} />
    </div>
  );
}
