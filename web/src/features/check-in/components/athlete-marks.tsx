import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/components/error-panel';
import { useSetAthleteCheckIn, type CheckInTeam } from '../api/check-in';

/** A team's athletes at the door, each ticked present or not (docs/registration.md, "Check-in").
 * Checkboxes, not buttons: the team's own Present and Absent stay the row's only buttons. */
export function AthleteMarks({ team, eventId }: { team: CheckInTeam; eventId: string }) {
  const { t } = useTranslation('console');
  const set = useSetAthleteCheckIn(eventId);
  const athletes = team.athletes ?? [];
  if (athletes.length === 0) return null;
  // The tick shows at once; it goes back if the server refuses (the message says why).
  const ticking = set.isPending ? set.variables : undefined;
  return (
    <div className="mt-2">
      <ul className="space-y-1" aria-label={t('checkIn.athletesOf', { team: team.teamName })}>
        {athletes.map((a) => (
          <li key={a.position}>
            <label className="flex min-h-11 items-center gap-3 rounded-md px-1 text-sm text-slate-800">
              <input
                type="checkbox"
                className="size-5 shrink-0 accent-green-600"
                checked={ticking?.position === a.position ? ticking.present : !!(a.checked && a.present)}
                disabled={set.isPending}
                onChange={(e) => set.mutate({ teamId: team.teamId, position: a.position, present: e.target.checked })}
              />
              <span className="min-w-0 break-words">
                {a.name}
                {a.substitute && <span className="ml-1 text-xs text-slate-500">({t('checkIn.substitute')})</span>}
              </span>
              {a.checked && !a.present && <span className="ml-auto shrink-0 text-xs text-slate-500">{t('checkIn.athleteAbsent')}</span>}
            </label>
          </li>
        ))}
      </ul>
      {set.error && (
        <p role="alert" className="mt-1 text-xs text-red-700">
          {t('checkIn.notSaved', { message: errorMessage(set.error) })}
        </p>
      )}
    </div>
  );
}
