import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { cn } from '@/components/cn';
import { errorMessage } from '@/components/error-panel';
import { Select } from '@/components/form-field';
import { formatClock } from '@/lib/dates';
import { useRotation, useSetRotationLane, type VolunteerList } from '../api/organiser';
import type { RotationSlot } from '../api/volunteer';
import { rotationGrid } from '../rules/crew';
import { RotationSettings } from './rotation-settings';

/** Changes one place by hand: a judge (the standby first) or none. */
function PlaceEditor({ eventId, slot, list, standby, onDone }: { eventId: string; slot: RotationSlot; list: VolunteerList; standby: Set<string>; onDone: () => void }) {
  const { t } = useTranslation('console');
  const set = useSetRotationLane(eventId);
  const [pick, setPick] = useState(slot.volunteerId);
  const judges = list.volunteers
    .filter((v) => v.roles.includes('head_judge') || (slot.lane > 0 && v.roles.includes('judge')))
    .sort((a, b) => Number(standby.has(b.id)) - Number(standby.has(a.id)));
  const place = slot.lane === 0 ? t('crew.headJudge') : t('crew.lane', { lane: slot.lane });
  return (
    <div className="mb-3 rounded-md border border-blue-200 bg-blue-50 p-3 text-sm" role="group" aria-label={t('crew.rotation.editing')}>
      <p className="mb-2 font-medium text-slate-900">
        {slot.workoutName}, {t('crew.heat', { number: slot.heatNumber })} · {place}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Select aria-label={t('crew.rotation.judge')} value={pick} onChange={(e) => setPick(e.target.value)} className="min-h-11 w-auto">
          <option value="">{t('crew.rotation.noJudge')}</option>
          {judges.map((v) => (
            <option key={v.id} value={v.id}>
              {standby.has(v.id) ? t('crew.rotation.standbyName', { name: v.name }) : v.name}
            </option>
          ))}
        </Select>
        <Button className="min-h-11" loading={set.isPending} onClick={() => set.mutate({ heatId: slot.heatId, lane: slot.lane, volunteerId: pick }, { onSuccess: onDone })}>
          {t('crew.rotation.save')}
        </Button>
        <Button variant="secondary" className="min-h-11" onClick={onDone}>
          {t('crew.rotation.cancel')}
        </Button>
      </div>
      {set.error && (
        <p role="alert" className="mt-2 text-red-700">
          {t('crew.failed', { message: errorMessage(set.error) })}
        </p>
      )}
    </div>
  );
}

/** The judge rotation: its rules, the grid of heats × lanes with every gap in red and labelled,
 * a place changed by hand, and the standby judges. */
export function RotationCard({ eventId, workouts, list }: { eventId: string; workouts: { id: string; name: string }[]; list: VolunteerList }) {
  const { t } = useTranslation('console');
  const rotation = useRotation(eventId);
  const [editing, setEditing] = useState<RotationSlot | null>(null);
  const grid = rotationGrid(rotation.data?.slots ?? []);
  const standby = new Set((rotation.data?.standby ?? []).map((s) => s.volunteerId));
  return (
    <Card title={t('crew.rotation.title')}>
      <RotationSettings eventId={eventId} workouts={workouts} />
      {rotation.isError && (
        <p role="alert" className="pt-3 text-sm text-red-700">
          {t('crew.loadFailed', { message: errorMessage(rotation.error) })}
        </p>
      )}
      {rotation.data && grid.heats.length === 0 && <p className="pt-3 text-sm text-slate-600">{t('crew.rotation.none')}</p>}
      {rotation.data && grid.heats.length > 0 && (
        <div className="pt-3">
          <p className={cn('mb-2 text-sm font-medium', rotation.data.gaps > 0 ? 'text-red-700' : 'text-green-700')} role="status">
            {rotation.data.gaps > 0 ? t('crew.rotation.gaps', { count: rotation.data.gaps }) : t('crew.rotation.noGaps')}
          </p>
          {editing && <PlaceEditor key={`${editing.heatId}-${editing.lane}`} eventId={eventId} slot={editing} list={list} standby={standby} onDone={() => setEditing(null)} />}
          <div className="overflow-x-auto">
            <table className="min-w-full border-collapse text-sm">
              <thead>
                <tr>
                  <th scope="col" className="sticky left-0 bg-white px-2 py-1 text-left font-medium text-slate-600">
                    {t('crew.rotation.heat')}
                  </th>
                  {grid.lanes.map((lane) => (
                    <th key={lane} scope="col" className="px-2 py-1 text-left font-medium whitespace-nowrap text-slate-600">
                      {lane === 0 ? t('crew.headJudge') : t('crew.lane', { lane })}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {grid.heats.map((h) => (
                  <tr key={h.heatId} className="border-t border-slate-100">
                    <th scope="row" className="sticky left-0 bg-white px-2 py-1 text-left font-medium whitespace-nowrap text-slate-900">
                      {h.workoutName} {h.heatNumber}
                      <span className="block text-xs font-normal text-slate-500">{formatClock(h.startsAt)}</span>
                    </th>
                    {grid.lanes.map((lane) => {
                      const s = h.places.get(lane);
                      if (!s) return <td key={lane} className="px-2 py-1 text-slate-300" />;
                      const gap = !s.volunteerId;
                      return (
                        <td key={lane} className="p-1 align-top">
                          <button
                            type="button"
                            onClick={() => setEditing(s)}
                            data-testid={gap ? 'rotation-gap' : 'rotation-place'}
                            title={s.gap || undefined}
                            className={cn(
                              'min-h-11 w-full min-w-28 rounded border px-2 py-1 text-left',
                              gap ? 'border-red-400 bg-red-50 text-red-800' : 'border-slate-200 bg-white text-slate-900 hover:bg-slate-50',
                            )}
                          >
                            {gap ? (
                              <>
                                <span className="font-semibold">⚠ {t('crew.rotation.gap')}</span>
                                <span className="block text-xs">{s.gap}</span>
                              </>
                            ) : (
                              <span className="font-medium">{s.judgeName}</span>
                            )}
                            {s.teamName && <span className={cn('block text-xs', gap ? 'text-red-900' : 'text-slate-600')}>{s.teamName}</span>}
                          </button>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="mt-3 text-sm text-slate-700">
            <span className="font-medium">{t('crew.rotation.standby')}</span>{' '}
            {rotation.data.standby.length === 0 ? t('crew.rotation.noStandby') : rotation.data.standby.map((s) => s.name).join(', ')}
          </p>
        </div>
      )}
    </Card>
  );
}
