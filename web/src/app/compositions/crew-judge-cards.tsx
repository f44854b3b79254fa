// Judge cards from the rotation (docs/crew.md, "Judge cards"): the crew's rotation composed with
// the floor's judge links. Each place a judge holds in a lane becomes one card for that heat and
// lane, labelled with the judge's name, so a card opens only the lanes and heats its judge holds.
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { errorMessage } from '@/components/error-panel';
import { useRotation } from '@/features/crew/api/organiser';
import type { RotationSlot } from '@/features/crew/api/volunteer';
import { heatsQuery } from '@/features/heats/api/heats';
import { createJudgeLinks } from '@/features/heats/api/judge-links';
import { JudgeCards, type CardPacket } from '@/features/heats/components/judge-cards';
import type { JudgeLink } from '@/lib/api/types';

/** The packet of the judge the rotation puts on a card's place now (docs/crew.md, "Judge
 * cards"): a judge link names a heat and lanes, not a volunteer, so only a card for one lane of
 * one heat has one judge, the rotation's; a card for more lanes or every heat has none. The
 * organiser's packet page: the judge's own is behind their secret link, which Podium does not
 * keep. */
export function rotationPacket(eventId: string, slots: readonly RotationSlot[]): (link: JudgeLink) => CardPacket | undefined {
  return (link) => {
    if (!link.heatId || link.lanes.length !== 1) return undefined;
    const slot = slots.find((s) => s.heatId === link.heatId && s.lane === link.lanes[0] && s.volunteerId);
    return slot && { to: `/admin/events/${eventId}/crew/packet/${slot.volunteerId}`, judgeName: slot.judgeName };
  };
}

export function CrewJudgeCards({ eventId, eventName }: { eventId: string; eventName: string }) {
  const { t } = useTranslation('console');
  const rotation = useRotation(eventId);
  const [cards, setCards] = useState<JudgeLink[]>([]);
  const [making, setMaking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const workoutIds = [...new Set(cards.map((c) => c.workoutId))];
  const heats = useQueries({ queries: workoutIds.map((w) => heatsQuery(eventId, w)) }).flatMap((q) => q.data ?? []);
  // Lane places only: a head judge (lane 0) scores no lane of their own.
  const places = (rotation.data?.slots ?? []).filter((s) => s.lane > 0 && s.volunteerId);

  const make = async () => {
    setMaking(true);
    setFailure(null);
    const made: JudgeLink[] = [];
    try {
      const byHeat = new Map<string, typeof places>();
      for (const p of places) byHeat.set(p.heatId, [...(byHeat.get(p.heatId) ?? []), p]);
      for (const [heatId, ps] of byHeat) {
        const workoutId = ps[0]?.workoutId ?? '';
        made.push(...(await createJudgeLinks(eventId, { workoutId, heatId, stations: ps.map((p) => ({ lanes: [p.lane], label: p.judgeName })) })));
      }
    } catch (error) {
      // The cards made before the failure are real links: they are shown to print or revoke.
      setFailure(t('crew.cards.failed', { count: made.length, message: errorMessage(error) }));
    } finally {
      setCards([...made].sort((a, b) => a.label.localeCompare(b.label)));
      setMaking(false);
    }
  };

  return (
    <Card
      title={t('crew.cards.title')}
      actions={
        cards.length > 0 && (
          <Button variant="secondary" onClick={() => window.print()}>
            {t('crew.cards.print')}
          </Button>
        )
      }
    >
      <p className="mb-3 text-sm text-slate-600">{t('crew.cards.intro')}</p>
      <Button className="min-h-11" onClick={() => void make()} loading={making} disabled={places.length === 0}>
        {t('crew.cards.make', { count: places.length })}
      </Button>
      {failure && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {failure}
        </p>
      )}
      {cards.length > 0 && (
        <div className="mt-4">
          <JudgeCards eventName={eventName} links={cards} heats={heats} packetOf={rotationPacket(eventId, rotation.data?.slots ?? [])} />
        </div>
      )}
    </Card>
  );
}
