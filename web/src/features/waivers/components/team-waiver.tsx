import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/badge';
import { useWaiverStates } from '../api/waivers';

/** A team's waiver at the door: one badge per athlete of its registration; nothing when the
 * event has no waiver or the team was added by hand. */
export function TeamWaiver({ eventId, teamId }: { eventId: string; teamId: string }) {
  const { t } = useTranslation('console');
  const states = useWaiverStates(eventId);
  const athletes = states.data?.athletes.filter((a) => a.teamId === teamId && a.state !== 'not_required') ?? [];
  if (athletes.length === 0) return null;
  return (
    <ul className="mt-1 flex flex-wrap gap-1" aria-label={t('waivers.teamStates')}>
      {athletes.map((a) => (
        <li key={a.athleteId}>
          <Badge color={a.state === 'accepted' ? 'green' : 'red'}>
            {a.athleteName}: {a.state === 'accepted' ? t('waivers.stateAccepted') : t('waivers.stateMissing')}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
