// A heat's start as every screen shows it (docs/competition-day.md, "The schedule as it runs"):
// the current start, with the planned one struck through before it once a schedule shift moved
// the heat. Screen readers hear "planned 09:10, now 09:22", since <s> itself is not announced.
import { useTranslation } from 'react-i18next';
import { heatClock, heatDay, heatMoved } from '@/lib/heat-time';

export function HeatTime({
  start,
  planned,
  timeZone,
  withDay = false,
  className,
}: {
  start: string;
  /** The planned start; '' or absent (an answer from before plans existed) is the start. */
  planned?: string;
  /** The event's zone; the viewer's when absent. */
  timeZone?: string;
  /** "Sat 13 Jun · 09:22" rather than "09:22". */
  withDay?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('public');
  const clock = heatClock(start, timeZone);
  const day = withDay ? heatDay(start, timeZone) : '';
  const dayPrefix = day ? `${day} · ` : '';
  if (!heatMoved(start, planned)) return <span className={className}>{dayPrefix + clock}</span>;
  return (
    <span className={className}>
      {dayPrefix}
      <span className="sr-only">{t('time.planned')} </span>
      <s className="opacity-70">{heatClock(planned ?? '', timeZone)}</s>
      <span className="sr-only">, {t('time.now')}</span> {clock}
    </span>
  );
}
