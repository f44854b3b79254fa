import { useTranslation } from 'react-i18next';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button } from '@/components/button';
import { cn } from '@/components/cn';
import { errorMessage } from '@/components/error-panel';
import { Input } from '@/components/form-field';
import { useCheckIn, useScanCheckIn, useSetCheckIn, type CheckInTeam } from '../api/check-in';
import { pageAllowsCamera, scanParam } from '../rules/camera';
import { AthleteMarks } from './athlete-marks';
import { matches } from '../rules/search';

// The camera's code (and jsQR) loads only when the organiser opens it.
const QrScanner = lazy(() => import('./qr-scanner').then((m) => ({ default: m.QrScanner })));

function TeamRow({ team, eventId, extra }: { team: CheckInTeam; eventId: string; extra?: ReactNode }) {
  const { t } = useTranslation('console');
  const set = useSetCheckIn(eventId);
  const state = !team.checked ? 'unknown' : team.present ? 'present' : 'absent';
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3" data-testid="check-in-team">
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0">
          {/* The whole name, wrapped: teams that differ only at the end must not look the same at the door. */}
          <p className="font-semibold break-words text-slate-900">{team.teamName}</p>
          <p className="text-xs break-words text-slate-500">
            {team.divisionName}
            {team.athlete1Name || team.athlete2Name ? ` · ${[team.athlete1Name, team.athlete2Name].filter(Boolean).join(' & ')}` : ''}
          </p>
          {extra}
        </div>
        <div className="flex shrink-0 gap-1.5">
          <button
            type="button"
            aria-pressed={state === 'present'}
            disabled={set.isPending}
            onClick={() => set.mutate({ teamId: team.teamId, present: true })}
            className={cn(
              'min-h-11 rounded-md border px-3 text-sm font-medium',
              state === 'present' ? 'border-green-600 bg-green-600 text-white' : 'border-slate-300 bg-white text-slate-700',
            )}
          >
            {t('checkIn.present')}
          </button>
          <button
            type="button"
            aria-pressed={state === 'absent'}
            disabled={set.isPending}
            onClick={() => set.mutate({ teamId: team.teamId, present: false })}
            className={cn(
              'min-h-11 rounded-md border px-3 text-sm font-medium',
              state === 'absent' ? 'border-slate-700 bg-slate-700 text-white' : 'border-slate-300 bg-white text-slate-700',
            )}
          >
            {t('checkIn.absent')}
          </button>
        </div>
      </div>
      {set.error && (
        <p role="alert" className="mt-1 text-xs text-red-700">
          {t('checkIn.notSaved', { message: errorMessage(set.error) })}
        </p>
      )}
      <AthleteMarks team={team} eventId={eventId} />
    </li>
  );
}

/** The door's phone screen: search, one tap present or absent, counts per division, QR scan.
 * teamExtra is what the app adds under a team (its athletes' waivers). */
export function CheckInScreen({ eventId, teamExtra }: { eventId: string; teamExtra?: (teamId: string) => ReactNode }) {
  const { t } = useTranslation('console');
  const list = useCheckIn(eventId);
  const scan = useScanCheckIn(eventId);
  const [query, setQuery] = useState('');
  // Opened with ?scan: the screen loaded itself again to get the camera (openCamera).
  const [reloaded] = useState(() => new URLSearchParams(window.location.search).has(scanParam));
  const [camera, setCamera] = useState(reloaded);
  // The browser keeps the permissions policy of the page the app was loaded on, and only the
  // check-in screen's own allows the camera (gateway/security.go): arrived here from another page
  // of the app, the screen loads itself again, and the scanner opens as it loads.
  const openCamera = () => {
    if (pageAllowsCamera(document) === false && !reloaded) {
      window.location.assign(`${window.location.pathname}?${scanParam}=1`);
      return;
    }
    setCamera(true);
  };
  if (list.isPending) return <p className="text-sm text-slate-500">{t('checkIn.loading')}</p>;
  if (list.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('checkIn.loadFailed', { message: errorMessage(list.error) })}
      </p>
    );
  const shown = list.data.teams.filter((team) => matches(team, query));
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label={t('checkIn.perDivision')}>
        {list.data.divisions.map((d) => (
          <li key={d.divisionId} className="rounded-lg border border-slate-200 bg-white p-2 text-center">
            <p className="truncate text-xs text-slate-500">{d.divisionName}</p>
            <p className="text-lg font-bold text-slate-900">
              {d.present}/{d.teams}
            </p>
            <p className="text-xs text-slate-500">{t('checkIn.absentCount', { count: d.absent })}</p>
          </li>
        ))}
      </ul>
      {camera ? (
        <Suspense fallback={<p className="text-sm text-slate-500">{t('checkIn.opening')}</p>}>
          <QrScanner onCode={(code) => scan.mutate(code)} onClose={() => setCamera(false)} reloaded={reloaded} />
        </Suspense>
      ) : (
        <Button className="min-h-11 w-full" onClick={openCamera}>
          {t('checkIn.scan')}
        </Button>
      )}
      {scan.data && !scan.isPending && !scan.error && (
        <p role="status" className="rounded-md bg-green-50 p-2 text-sm text-green-900">
          {t('checkIn.scanned', { team: scan.data.teamName, division: scan.data.divisionName })}
        </p>
      )}
      {scan.error && (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-700">
          {t('checkIn.scanRefused', { message: errorMessage(scan.error) })}
        </p>
      )}
      <Input
        type="search"
        aria-label={t('checkIn.search')}
        placeholder={t('checkIn.search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        className="min-h-11"
      />
      <ul className="space-y-2">
        {shown.map((team) => (
          <TeamRow key={team.teamId} team={team} eventId={eventId} extra={teamExtra?.(team.teamId)} />
        ))}
      </ul>
      {shown.length === 0 && <p className="text-sm text-slate-600">{t('checkIn.noMatch', { query })}</p>}
    </div>
  );
}
