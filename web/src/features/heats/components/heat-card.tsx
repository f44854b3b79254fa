// One heat on the organiser's page: its time, lanes with entry state, moving a team to another
// lane or heat (one PUT on the target heat; the server takes the team out of its old heat),
// entered / total, and Publish Heat.
import { useTranslation } from 'react-i18next';
import { i18n } from '@/lib/i18n/i18n';
import { useState } from 'react';
import { Badge } from '@/components/badge';
import { Button, ButtonLink } from '@/components/button';
import { Card } from '@/components/card';
import { Input, Select } from '@/components/form-field';
import { InlineAlert } from '@/components/inline-alert';
import type { Heat, HeatLane, Result } from '@/lib/api/types';
import { useDeleteHeat, usePublishHeat, useUpdateHeat } from '../api/heats';
import { heatProgress, laneState } from '../rules/heat-progress';
import { laneNames } from '../rules/lane-names';
import { HeatTime } from '@/components/heat-time';
import { isoToLocal, localToIso } from '@/lib/heat-time';

const lanesOf = (h: Heat) => h.lanes.map((l) => ({ lane: l.lane, teamId: l.teamId }));

/** Where a team can go: every free lane of every heat, up to one past the widest heat. */
function destinations(heats: Heat[], lanesPerHeat: number) {
  const out: { value: string; label: string }[] = [];
  for (const h of heats) {
    const taken = new Set(h.lanes.map((l) => l.lane));
    for (let lane = 1; lane <= lanesPerHeat; lane++) {
      if (!taken.has(lane)) out.push({ value: `${h.id}:${lane}`, label: i18n.t('console:heats.destination', { number: h.number, lane }) });
    }
  }
  return out;
}

function LaneRow({ lane, heats, results, lanesPerHeat, onMove, moving }: {
  lane: HeatLane;
  heats: Heat[];
  results: Map<string, Result>;
  lanesPerHeat: number;
  onMove: (teamId: string, target: string) => void;
  moving: boolean;
}) {
  const { t } = useTranslation('console');
  const s = laneState(results, lane.teamId);
  const names = laneNames(lane);
  return (
    <tr className="border-t border-slate-100">
      <td className="py-1.5 pr-2 font-semibold tabular-nums">{lane.lane}</td>
      <td className="py-1.5 pr-2">
        {names.title}
        {names.athletes && <div className="text-xs text-slate-500">{names.athletes}</div>}
      </td>
      <td className="py-1.5 pr-2 tabular-nums">
        {s.result ? s.result.resultText : <span className="text-slate-400">—</span>}
        {s.entered && !s.published && <span className="ml-1 text-xs text-amber-700">{t('heats.draft')}</span>}
      </td>
      <td className="w-48 py-1.5">
        <Select
          aria-label={t('heats.moveTeam', { team: lane.teamName })}
          value=""
          disabled={moving}
          onChange={(e) => e.target.value && onMove(lane.teamId, e.target.value)}
          className="py-1 text-xs"
        >
          <option value="">{t('heats.moveTo')}</option>
          {destinations(heats, lanesPerHeat).map((d) => (
            <option key={d.value} value={d.value}>
              {d.label}
            </option>
          ))}
        </Select>
      </td>
    </tr>
  );
}

export function HeatCard({ heat, heats, results, lanesPerHeat }: { heat: Heat; heats: Heat[]; results: Map<string, Result>; lanesPerHeat: number }) {
  const { t } = useTranslation('console');
  const update = useUpdateHeat();
  const publish = usePublishHeat();
  const remove = useDeleteHeat();
  const [time, setTime] = useState(isoToLocal(heat.startTime));
  const [notice, setNotice] = useState<string | null>(null);
  const progress = heatProgress(heat, results);
  const error = [update, publish, remove].find((m) => m.isError)?.error?.message ?? null;

  const move = (teamId: string, target: string) => {
    const [heatId, lane] = target.split(':');
    const to = heats.find((h) => h.id === heatId);
    if (!to) return;
    const lanes = lanesOf(to).filter((l) => l.teamId !== teamId);
    update.mutate({ id: to.id, input: { number: to.number, startTime: to.startTime, lanes: [...lanes, { lane: Number(lane), teamId }] } });
  };
  const saveTime = () =>
    update.mutate({ id: heat.id, input: { number: heat.number, startTime: localToIso(time), lanes: lanesOf(heat) } }, { onSuccess: () => setNotice(t('heats.timeSaved')) });
  const publishHeat = () => {
    if (progress.entered < progress.total && !window.confirm(t('heats.publishPartial', { entered: progress.entered, total: progress.total }))) return;
    publish.mutate(heat.id, { onSuccess: (r) => setNotice(t('heats.published', { count: r.updatedCount })) });
  };

  return (
    <Card
      title={
        <span className="flex items-center gap-2">
          <span className="whitespace-nowrap">
            {t('heats.heatTitle', { number: heat.number })} · <HeatTime start={heat.startTime} planned={heat.plannedStartTime} />
          </span>
          <Badge color={progress.entered === progress.total && progress.total > 0 ? 'green' : 'gray'}>
            {t('heats.entered', { entered: progress.entered, total: progress.total })}
          </Badge>
          {progress.published > 0 && <Badge color="blue">{t('heats.publishedBadge', { count: progress.published })}</Badge>}
        </span>
      }
      actions={
        <>
          <Button size="sm" variant="success" onClick={publishHeat} loading={publish.isPending} disabled={progress.entered === 0}>
            {t('heats.publish')}
          </Button>
          <ButtonLink size="sm" to={`/admin/events/${heat.eventId}/judge-links?workout=${heat.workoutId}&heat=${heat.id}`}>
            {t('heats.judgeCards')}
          </ButtonLink>
          {/* The heat's stream overlay for OBS (docs/venue.md): a new tab, its address to copy. */}
          <ButtonLink size="sm" to={`/overlay/heats/${heat.id}`} target="_blank">
            {t('heats.overlay')}
          </ButtonLink>
          <Button size="sm" variant="ghost" onClick={() => window.confirm(t('heats.deleteConfirm', { number: heat.number })) && remove.mutate(heat.id)}>
            {t('heats.delete')}
          </Button>
        </>
      }
    >
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <div className="w-60">
          <Input type="datetime-local" aria-label={t('heats.start', { number: heat.number })} value={time} onChange={(e) => setTime(e.target.value)} />
        </div>
        <Button size="sm" variant="secondary" onClick={saveTime} disabled={time === isoToLocal(heat.startTime)} loading={update.isPending}>
          {t('heats.saveTime')}
        </Button>
        <InlineAlert message={error} />
        {!error && notice && (
          <span role="status" className="text-sm text-green-700">
            {notice}
          </span>
        )}
      </div>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-xs uppercase text-slate-500">
            <th scope="col" className="pr-2 font-medium">{t('heats.lane')}</th>
            <th scope="col" className="pr-2 font-medium">{t('heats.team')}</th>
            <th scope="col" className="pr-2 font-medium">{t('heats.result')}</th>
            <th scope="col" className="font-medium">{t('heats.move')}</th>
          </tr>
        </thead>
        <tbody>
          {heat.lanes.map((l) => (
            <LaneRow key={l.lane} lane={l} heats={heats} results={results} lanesPerHeat={lanesPerHeat} onMove={move} moving={update.isPending} />
          ))}
        </tbody>
      </table>
      {heat.lanes.length === 0 && <p className="text-sm text-slate-500">{t('heats.noTeams')}</p>}
    </Card>
  );
}
