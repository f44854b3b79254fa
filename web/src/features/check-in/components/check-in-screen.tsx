import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/button';
import { cn } from '@/components/cn';
import { errorMessage } from '@/components/error-panel';
import { Input } from '@/components/form-field';
import { useCheckIn, useScanCheckIn, useSetCheckIn, type CheckInTeam } from '../api/check-in';
import { pageAllowsCamera, scanParam } from '../rules/camera';
import { matches } from '../rules/search';

// The camera's code (and jsQR) loads only when the organiser opens it.
const QrScanner = lazy(() => import('./qr-scanner').then((m) => ({ default: m.QrScanner })));

function TeamRow({ team, eventId }: { team: CheckInTeam; eventId: string }) {
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
            Present
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
            Absent
          </button>
        </div>
      </div>
      {set.error && (
        <p role="alert" className="mt-1 text-xs text-red-700">
          Not saved: {errorMessage(set.error)}
        </p>
      )}
    </li>
  );
}

/** The door's phone screen: search, one tap present or absent, counts per division, QR scan. */
export function CheckInScreen({ eventId }: { eventId: string }) {
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
  if (list.isPending) return <p className="text-sm text-slate-500">Loading teams…</p>;
  if (list.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        Teams could not be loaded: {errorMessage(list.error)}
      </p>
    );
  const shown = list.data.teams.filter((t) => matches(t, query));
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Checked in per division">
        {list.data.divisions.map((d) => (
          <li key={d.divisionId} className="rounded-lg border border-slate-200 bg-white p-2 text-center">
            <p className="truncate text-xs text-slate-500">{d.divisionName}</p>
            <p className="text-lg font-bold text-slate-900">
              {d.present}/{d.teams}
            </p>
            <p className="text-xs text-slate-500">{d.absent} absent</p>
          </li>
        ))}
      </ul>
      {camera ? (
        <Suspense fallback={<p className="text-sm text-slate-500">Opening the camera…</p>}>
          <QrScanner onCode={(code) => scan.mutate(code)} onClose={() => setCamera(false)} reloaded={reloaded} />
        </Suspense>
      ) : (
        <Button className="min-h-11 w-full" onClick={openCamera}>
          Scan a QR code
        </Button>
      )}
      {scan.data && !scan.isPending && !scan.error && (
        <p role="status" className="rounded-md bg-green-50 p-2 text-sm text-green-900">
          {scan.data.teamName} ({scan.data.divisionName}) is checked in.
        </p>
      )}
      {scan.error && (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-700">
          Scan refused: {errorMessage(scan.error)}
        </p>
      )}
      <Input
        type="search"
        aria-label="Search team or athlete"
        placeholder="Search team or athlete"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        className="min-h-11"
      />
      <ul className="space-y-2">
        {shown.map((t) => (
          <TeamRow key={t.teamId} team={t} eventId={eventId} />
        ))}
      </ul>
      {shown.length === 0 && <p className="text-sm text-slate-600">No team matches “{query}”.</p>}
    </div>
  );
}
