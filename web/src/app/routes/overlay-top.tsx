// A division's top teams as a stream overlay (docs/venue.md):
// /overlay/events/{eventId}/divisions/{divisionId}/top?n=10 for OBS, transparent, live.
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useDocumentClass } from '@/components/use-document-class';
import { OverlaySafeArea, OverlayTitle, TopLine } from '@/features/public/components/venue/overlay-parts';
import { useDivisionBoards } from '@/features/public/hooks/use-division-boards';

/** How many teams: ?n=, 1 to 20 lines fit the safe area; 10 without one. */
const topCount = (v: string | null): number => {
  const n = Math.floor(Number(v));
  return v && Number.isFinite(n) ? Math.min(20, Math.max(1, n)) : 10;
};

export default function OverlayTopRoute() {
  useDocumentClass('venue-overlay');
  const { t } = useTranslation('site');
  const { eventId = '', divisionId = '' } = useParams();
  const [search] = useSearchParams();
  const n = topCount(search.get('n'));
  const { boards } = useDivisionBoards(eventId, divisionId ? [divisionId] : []);
  const board = boards[0]?.data;
  if (!board) return null;
  return (
    <OverlaySafeArea align="top-right">
      <OverlayTitle>{board.division.name}</OverlayTitle>
      <ol className="flex flex-col gap-1.5" aria-label={t('venue.top', { division: board.division.name, number: n })}>
        {board.standings.slice(0, n).map((s) => (
          <TopLine key={s.teamId} standing={s} />
        ))}
      </ol>
    </OverlaySafeArea>
  );
}
