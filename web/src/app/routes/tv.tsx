// The TV (docs/venue.md): /tv/events/{eventId}, for a screen over the floor. Rotates through the
// chosen divisions' overall boards (and the heat on the floor when there is one), `rows` lines
// a page, `seconds` a page: the event's settings from the console, or ?rows=&seconds=&divisions=.
// Published data only (the public API), live through the event's stream; after the first load
// it never shows a spinner: a dropped stream leaves the last data with a "Reconnecting" mark.
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useDocumentClass } from '@/components/use-document-class';
import { isNotFound, publicQueries } from '@/features/public/api/public';
import { venueQueries } from '@/features/public/api/venue';
import { DarkLaneRow } from '@/features/public/components/venue/heat-lanes';
import { TVFrame, TVRows } from '@/features/public/components/venue/tv-frame';
import { TVStandingRow } from '@/features/public/components/venue/tv-standings';
import { useCurrentHeats } from '@/features/public/hooks/use-current-heat';
import { useDivisionBoards } from '@/features/public/hooks/use-division-boards';
import { useOnline } from '@/features/public/hooks/use-online';
import { usePageTitle } from '@/features/public/hooks/use-page-title';
import { useRotation } from '@/features/public/hooks/use-rotation';
import { heatDivisions, heatResults } from '@/features/public/rules/heat-results';
import { rotationPages, tvSettings } from '@/features/public/rules/rotation';
import { heatClockText } from '@/lib/heat-time';

const HEAT = 'heat';
const DEFAULTS = { rows: 10, seconds: 12, divisionIds: [] as string[] };
/** A change in the console reaches the TV at once through the event's stream (a venue change);
 * the settings are also read again this often, for a stream that lost it. */
const SETTINGS_REFRESH_MS = 60_000;

function Message({ text }: { text: string }) {
  return <div className="fixed inset-0 flex items-center justify-center bg-slate-950 text-[4vh] font-semibold text-slate-300">{text}</div>;
}

export default function TVRoute() {
  useDocumentClass('venue-tv');
  const { t } = useTranslation('site');
  const { eventId = '' } = useParams();
  const [search] = useSearchParams();
  const venue = useQuery({ ...venueQueries.venue(eventId), enabled: !!eventId, refetchInterval: SETTINGS_REFRESH_MS });
  const overview = useQuery({ ...publicQueries.eventLeaderboard(eventId), enabled: !!eventId });
  const { current } = useCurrentHeats(eventId, 15_000);
  const heat = current.now;

  const stored = venue.data ? { rows: venue.data.tvRows, seconds: venue.data.tvSeconds, divisionIds: venue.data.tvDivisionIds } : DEFAULTS;
  const settings = tvSettings(stored, search);
  const divisions = overview.data?.divisions;
  // The chosen divisions in their order (unknown ids left out); none chosen: every division.
  const chosen = useMemo(() => {
    const all = divisions ?? [];
    if (settings.divisionIds.length === 0) return all;
    return settings.divisionIds.flatMap((id) => all.filter((d) => d.id === id));
  }, [divisions, settings.divisionIds]);
  const heatDivs = heat ? heatDivisions(heat.lanes) : [];
  const wanted = [...new Set([...chosen.map((d) => d.id), ...heatDivs])];
  const { boards, live } = useDivisionBoards(eventId, wanted);
  const boardOf = (id: string) => boards[wanted.indexOf(id)]?.data;

  const pages = rotationPages(
    [...(heat ? [{ id: HEAT, lines: heat.lanes.length }] : []), ...chosen.map((d) => ({ id: d.id, lines: boardOf(d.id)?.standings.length ?? 0 }))],
    settings.rows,
  );
  const page = useRotation(pages, settings.seconds);

  // The mark shows while the browser is offline, once the stream was open and dropped, or when a
  // refresh failed: the data on screen stays.
  const online = useOnline();
  const [everLive, setEverLive] = useState(false);
  if (live && !everLive) setEverLive(true);
  const reconnecting =
    !online || (everLive && !live) || boards.some((b) => b.isError && b.data !== undefined) || (overview.isError && !!overview.data);

  const eventName = overview.data?.event.name ?? '';
  usePageTitle(eventName ? t('venue.pageTitle', { event: eventName }) : undefined);

  if (overview.isPending) return <Message text={t('venue.loading')} />;
  if (!overview.data) return <Message text={isNotFound(overview.error) ? t('venue.eventNotFound') : t('board.loadFailed')} />;
  if (!page) return <Message text={t('board.soon')} />;

  if (page.boardId === HEAT && heat) {
    const results = heatResults(heatDivs.map(boardOf), heat.workoutId);
    return (
      <TVFrame
        eventName={eventName}
        title={t('schedule.workoutHeat', { workout: heat.workoutName, number: heat.number })}
        subtitle={t('schedule.onFloor')}
        pageLabel={heatClockText(heat.startTime, heat.plannedStartTime)}
        reconnecting={reconnecting}
        pageKey={page.key}
      >
        <TVRows rows={settings.rows} label={t('venue.heatLanes', { number: heat.number })}>
          {heat.lanes.slice(page.from, page.to).map((l, i) => (
            <DarkLaneRow key={l.lane} lane={l} result={results.get(l.teamId)} even={i % 2 === 0} />
          ))}
        </TVRows>
      </TVFrame>
    );
  }
  const division = chosen.find((d) => d.id === page.boardId);
  const board = boardOf(page.boardId);
  const lines = board?.standings.slice(page.from, page.to) ?? [];
  return (
    <TVFrame
      eventName={eventName}
      title={division?.name ?? ''}
      subtitle={t('venue.overall')}
      pageLabel={page.pages > 1 ? `${page.page} / ${page.pages}` : undefined}
      reconnecting={reconnecting}
      pageKey={page.key}
    >
      {board && lines.length === 0 ? (
        <p className="flex h-full items-center justify-center text-[5vh] font-semibold text-slate-400">{t('board.soon')}</p>
      ) : (
        <TVRows rows={settings.rows} label={t('board.standings', { name: division?.name ?? '' })}>
          {lines.map((s, i) => (
            <TVStandingRow key={s.teamId} standing={s} even={i % 2 === 0} />
          ))}
        </TVRows>
      )}
    </TVFrame>
  );
}
