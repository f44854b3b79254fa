import { useParams } from "react-router";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { ButtonLink } from "@/components/button";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { useFinalInvitations } from "@/features/finals/api/finals";
import { DivisionInvitations } from "@/features/finals/components/division-invitations";
import { FinalLinkCard } from "@/features/finals/components/final-link-card";
import { useEvent } from "@/lib/queries/events";

/** The qualifier's Invitations page (docs/qualifiers.md, "Invitations to the final"). */
export default function EventFinalRoute() {
  const { eventId = "" } = useParams();
  const event = useEvent(eventId);
  const page = useFinalInvitations(eventId);
  return (
    <QueryState
      query={event}
      errorTitle="Failed to load the event"
      notFound="Event not found"
    >
      {(ev) => (
        <>
          <Breadcrumbs
            items={[
              { label: "Events", to: "/admin/events" },
              { label: `Event: ${ev.name}`, to: `/admin/events/${eventId}` },
              { label: "Invitations" },
            ]}
          />
          <PageHeader
            title="Invitations to the final"
            subtitle={ev.name}
            actions={
              <ButtonLink to={`/admin/events/${eventId}`}>Back</ButtonLink>
            }
          />
          <QueryState query={page} errorTitle="Failed to load the invitations">
            {(p) => (
              <div className="space-y-4">
                <FinalLinkCard
                  key={p.finalEventId}
                  eventId={eventId}
                  page={p}
                />
                {p.finalEventId &&
                  p.divisions.map((d) => (
                    <DivisionInvitations
                      key={d.qualifierDivisionId}
                      eventId={eventId}
                      division={d}
                    />
                  ))}
              </div>
            )}
          </QueryState>
        </>
      )}
    </QueryState>
  );
}
