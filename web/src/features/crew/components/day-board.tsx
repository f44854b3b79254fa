import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { errorMessage } from '@/components/error-panel';
import { formatClock } from '@/lib/dates';
import { useCheckInCrew, useCrewBoard, useMoveStandby, type BoardJudge, type CrewBoard } from '../api/board';
import type { RotationSlot } from '../api/volunteer';

const WINDOWS = [15, 30, 60, 120] as const;

function JudgeRow({ eventId, judge }: { eventId: string; judge: BoardJudge }) {
  const { t } = useTranslation('console');
  const checkIn = useCheckInCrew(eventId);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="board-judge">
      <div className="min-w-0">
        <Link className="font-medium text-blue-700 underline" to={`/admin/events/${eventId}/crew/packet/${judge.volunteerId}`} aria-label={t('crew.board.packetOf', { name: judge.name })}>
          {judge.name}
        </Link>{' '}
        {judge.late && <Badge color="red">{t('crew.board.late')}</Badge>}
        {judge.standby && <Badge color="blue">{t('crew.board.standby')}</Badge>}
        {judge.checkedIn && !judge.standby && <Badge color="green">{t('crew.board.checkedIn')}</Badge>}
        {judge.nextPlace && (
          <p className="text-sm text-slate-600">
            {t('crew.board.next', { place: judge.nextPlace, time: formatClock(judge.nextStartsAt) })}
          </p>
        )}
        {checkIn.error && (
          <p role="alert" className="text-sm text-red-700">
            {t('crew.failed', { message: errorMessage(checkIn.error) })}
          </p>
        )}
      </div>
      <Button
        variant={judge.checkedIn ? 'secondary' : 'primary'}
        className="min-h-11"
        loading={checkIn.isPending}
        onClick={() => checkIn.mutate({ volunteerId: judge.volunteerId, checkedIn: !judge.checkedIn })}
      >
        {judge.checkedIn ? t('crew.board.undoCheckIn') : t('crew.board.checkIn')}
      </Button>
    </li>
  );
}

function GapRow({ eventId, slot, standby }: { eventId: string; slot: RotationSlot; standby: BoardJudge[] }) {
  const { t } = useTranslation('console');
  const move = useMoveStandby(eventId);
  const [pick, setPick] = useState('');
  const label = `${slot.workoutName}, ${t('crew.heat', { number: slot.heatNumber })} · ${slot.lane === 0 ? t('crew.headJudge') : t('crew.lane', { lane: slot.lane })}`;
  return (
    <li className="rounded-md border-2 border-red-500 bg-red-50 p-3" data-testid="board-gap">
      <p className="font-medium text-red-900">
        {t('crew.rotation.gap')}: {label} · {formatClock(slot.startsAt)}
        {slot.teamName && <span className="font-normal"> · {slot.teamName}</span>}
      </p>
      {standby.length === 0 ? (
        <p className="text-sm text-red-800">{t('crew.board.noStandby')}</p>
      ) : (
        <div className="mt-2 flex flex-wrap items-end gap-2">
          <label className="text-sm">
            <span className="block text-slate-700">{t('crew.board.moveIn')}</span>
            <select className="min-h-11 rounded-md border border-slate-300 bg-white px-2" value={pick} onChange={(e) => setPick(e.target.value)}>
              <option value="">{t('crew.shifts.pick')}</option>
              {standby.map((j) => (
                <option key={j.volunteerId} value={j.volunteerId}>
                  {j.name}
                </option>
              ))}
            </select>
          </label>
          <Button className="min-h-11" disabled={!pick} loading={move.isPending} onClick={() => move.mutate({ heatId: slot.heatId, lane: slot.lane, volunteerId: pick })}>
            {t('crew.board.move')}
          </Button>
        </div>
      )}
      {move.error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {t('crew.failed', { message: errorMessage(move.error) })}
        </p>
      )}
    </li>
  );
}

function BoardBody({ eventId, board }: { eventId: string; board: CrewBoard }) {
  const { t } = useTranslation('console');
  const standby = board.judges.filter((j) => j.standby);
  const gaps = board.slots.filter((s) => !s.volunteerId);
  const filled = board.slots.filter((s) => s.volunteerId);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title={t('crew.board.gaps', { count: gaps.length })}>
        {board.slots.length === 0 ? (
          <p className="text-sm text-slate-600">{t('crew.board.noHeats')}</p>
        ) : (
          <>
            {gaps.length === 0 && <p className="text-sm text-green-800">{t('crew.rotation.noGaps')}</p>}
            <ul className="space-y-2">
              {gaps.map((s) => (
                <GapRow key={`${s.heatId}-${s.lane}`} eventId={eventId} slot={s} standby={standby} />
              ))}
            </ul>
            {filled.length > 0 && (
              <ul className="mt-3 divide-y divide-slate-100 text-sm">
                {filled.map((s) => (
                  <li key={`${s.heatId}-${s.lane}`} className="py-1">
                    {s.workoutName}, {t('crew.heat', { number: s.heatNumber })} · {s.lane === 0 ? t('crew.headJudge') : t('crew.lane', { lane: s.lane })} ·{' '}
                    {formatClock(s.startsAt)} · <span className="font-medium">{s.judgeName}</span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </Card>
      <Card title={t('crew.board.judges', { count: board.judges.length })}>
        {board.judges.length === 0 ? (
          <p className="text-sm text-slate-600">{t('crew.volunteers.none')}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {board.judges.map((j) => (
              <JudgeRow key={j.volunteerId} eventId={eventId} judge={j} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

/** The day-of board (docs/crew.md, "The day-of board"): the places of the heats starting within
 * the chosen minutes (or running), every gap in red with the standby judges to move in, and the
 * judges, late ones first, each checked in with one tap. It asks again every few seconds. */
export function DayBoard({ eventId }: { eventId: string }) {
  const { t } = useTranslation('console');
  const [within, setWithin] = useState<number>(30);
  const board = useCrewBoard(eventId, within);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm">
          <span className="block text-slate-700">{t('crew.board.within')}</span>
          <select className="min-h-11 rounded-md border border-slate-300 bg-white px-2" value={within} onChange={(e) => setWithin(Number(e.target.value))}>
            {WINDOWS.map((m) => (
              <option key={m} value={m}>
                {t('crew.board.minutes', { count: m })}
              </option>
            ))}
          </select>
        </label>
        {board.data && <p className="text-sm text-slate-500">{t('crew.board.asOf', { time: formatClock(board.data.now) })}</p>}
      </div>
      {board.isPending ? (
        <p className="text-sm text-slate-500">{t('crew.loading')}</p>
      ) : board.isError && !board.data ? (
        <p role="alert" className="text-sm text-red-700">
          {t('crew.loadFailed', { message: errorMessage(board.error) })}
        </p>
      ) : (
        <>
          {board.isError && (
            <p role="alert" className="text-sm text-amber-800">
              {t('crew.board.stale', { message: errorMessage(board.error) })}
            </p>
          )}
          <BoardBody eventId={eventId} board={board.data} />
        </>
      )}
    </div>
  );
}
