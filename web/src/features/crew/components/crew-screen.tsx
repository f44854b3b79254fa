import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/components/error-panel';
import { useEvent } from '@/lib/queries/events';
import { useShifts, useVolunteers } from '../api/organiser';
import { RotationCard } from './rotation-card';
import { ShiftsCard } from './shifts-card';
import { SwapsCard } from './swaps-card';
import { NoReplyCard, VolunteersCard } from './volunteers-card';

/** The organiser's crew screen of one event (docs/crew.md): the no-reply list first (who to call),
 * then the rotation, the shifts and the volunteers. */
export function CrewScreen({ eventId }: { eventId: string }) {
  const { t } = useTranslation('console');
  const event = useEvent(eventId);
  const volunteers = useVolunteers(eventId);
  const shifts = useShifts(eventId);
  if (volunteers.isPending || shifts.isPending) return <p className="text-sm text-slate-500">{t('crew.loading')}</p>;
  const failed = volunteers.error ?? shifts.error;
  if (failed || !volunteers.data)
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('crew.loadFailed', { message: errorMessage(failed) })}
      </p>
    );
  const list = volunteers.data;
  return (
    <div className="space-y-6">
      <NoReplyCard list={list} />
      <SwapsCard eventId={eventId} />
      <RotationCard eventId={eventId} workouts={event.data?.workouts ?? []} list={list} />
      <ShiftsCard eventId={eventId} shifts={shifts.data ?? []} list={list} />
      <VolunteersCard list={list} />
    </div>
  );
}
