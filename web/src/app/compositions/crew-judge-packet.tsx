import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/components/error-panel';
import { useMyVolunteer } from '@/features/crew/api/volunteer';
import { JudgePacket } from '@/features/crew/components/judge-packet';
import { publicQueries } from '@/features/public/api/public';

/** The judge's own packet by their link (docs/crew.md, "A judge's packet"): their places from the
 * crew, the workouts' standards from the event's public page. Composed here: the crew and the
 * public site stay two features. */
export function MyJudgePacket({ volunteerKey }: { volunteerKey: string }) {
  const { t } = useTranslation('site');
  const mine = useMyVolunteer(volunteerKey);
  const eventId = mine.data?.volunteer.eventId ?? '';
  const event = useQuery({ ...publicQueries.event(eventId), enabled: !!eventId });
  if (mine.isPending || (eventId && event.isPending)) return <p className="text-sm text-slate-500">{t('crew.mine.loading')}</p>;
  const failed = mine.error ?? event.error;
  if (failed || !mine.data)
    return (
      <p role="alert" className="rounded-md bg-red-50 p-4 text-sm text-red-700">
        {t('crew.mine.loadFailed', { message: errorMessage(failed) })}
      </p>
    );
  const workouts = (event.data?.workouts ?? []).map((w) => ({ id: w.id, name: w.name, description: w.description ?? '' }));
  return <JudgePacket judgeName={mine.data.volunteer.name} eventName={mine.data.eventName} slots={mine.data.judging} workouts={workouts} />;
}
