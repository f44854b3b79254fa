import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { Button, ButtonLink } from '@/components/button';
import { Card } from '@/components/card';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import type { JudgeLink } from '@/lib/api/types';
import { useEvent } from '@/lib/queries/events';
import { useHeats } from '@/features/heats/api/heats';
import { JudgeCards } from '@/features/heats/components/judge-cards';
import { JudgeLinksForm } from '@/features/heats/components/judge-links-form';
import { JudgeLinksList } from '@/features/heats/components/judge-links-list';
import { useRotation } from '@/features/crew/api/organiser';
import { rotationPacket } from '@/app/compositions/crew-judge-cards';

/** The organiser's judge cards (docs/judging.md): make them, print them, revoke them. */
export default function EventJudgeLinksRoute() {
  const { eventId = '' } = useParams();
  const [params] = useSearchParams();
  const event = useEvent(eventId);
  // The cards with a token: just made, or shown again from the list.
  const [cards, setCards] = useState<JudgeLink[]>([]);
  // The cards shown come from one workout (one request, or one card): its heats name the teams.
  const heats = useHeats(eventId, cards[0]?.workoutId ?? '', cards.length > 0);
  // A card for one lane of one heat links to the packet of the judge the rotation puts there.
  const rotation = useRotation(eventId);

  return (
    <QueryState query={event} errorTitle="Failed to load the event" notFound="Event not found">
      {(ev) => (
        <>
          <Breadcrumbs
            items={[
              { label: 'Events', to: '/admin/events' },
              { label: `Event: ${ev.name}`, to: `/admin/events/${eventId}` },
              { label: 'Judge Cards' },
            ]}
          />
          <PageHeader
            title="Judge Cards"
            actions={
              <>
                <ButtonLink to={`/admin/events/${eventId}`}>Back</ButtonLink>
                <Button variant="secondary" onClick={() => window.print()} disabled={cards.length === 0}>
                  Print Cards
                </Button>
              </>
            }
          />
          <div className="grid gap-4 lg:grid-cols-[22rem_1fr]">
            <Card title="Make cards">
              {ev.workouts.length === 0 ? (
                <p className="text-sm text-slate-500">Add a workout first.</p>
              ) : (
                <JudgeLinksForm eventId={eventId} workouts={ev.workouts} workoutId={params.get('workout') ?? ''} heatId={params.get('heat') ?? ''} onMade={setCards} />
              )}
            </Card>
            <Card title="Links in use">
              <JudgeLinksList eventId={eventId} onCard={(l) => setCards([l])} />
            </Card>
          </div>
          {cards.length > 0 && (
            <section aria-label="Cards to print" className="mt-6">
              <h2 className="mb-3 text-lg font-semibold">Cards to print</h2>
              <JudgeCards eventName={ev.name} links={cards} heats={heats.data ?? []} packetOf={rotationPacket(eventId, rotation.data?.slots ?? [])} />
            </section>
          )}
        </>
      )}
    </QueryState>
  );
}
