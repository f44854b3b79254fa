import { Button } from "@/components/button";
import { failureText, InlineAlert } from "@/components/inline-alert";
import { formatDateTime } from "@/lib/dates";
import {
  useAnswerInvitation,
  useMyFinalInvitations,
  type FinalInvitation,
} from "../api/finals";
import { InvitationBadge } from "./invitation-badge";

function InvitationCard({ inv }: { inv: FinalInvitation }) {
  const accept = useAnswerInvitation("accept");
  const decline = useAnswerInvitation("decline");
  const busy = accept.isPending || decline.isPending;
  const failure = accept.error
    ? failureText("Accepting failed", accept.error)
    : decline.error
    ? failureText("Declining failed", decline.error)
    : null;
  return (
    <li
      className="rounded-xl border border-blue-200 bg-blue-50/40 p-4 shadow-sm"
      data-testid="final-invitation"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="text-base font-semibold text-slate-900">
            {inv.teamName} is invited to {inv.finalEventName}
          </p>
          <p className="text-sm text-slate-600">
            {inv.finalDivisionName} · from {inv.qualifierEventName}
            {inv.rank > 0 && `, rank ${inv.rank}`}
          </p>
        </div>
        <InvitationBadge state={inv.state} />
      </div>
      {inv.state === "invited" && (
        <>
          <p className="mt-2 text-sm text-slate-700">
            A place is reserved for your team until{" "}
            {formatDateTime(inv.deadline)}. Either of you may answer.
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <Button
              size="sm"
              loading={accept.isPending}
              disabled={busy}
              onClick={() => accept.mutate(inv.id)}
            >
              Accept
            </Button>
            <Button
              size="sm"
              variant="secondary"
              loading={decline.isPending}
              disabled={busy}
              onClick={() => decline.mutate(inv.id)}
            >
              Decline
            </Button>
          </div>
        </>
      )}
      {inv.state !== "invited" && inv.decidedBy && (
        <p className="mt-2 text-sm text-slate-600">
          {inv.state === "accepted"
            ? "Accepted"
            : inv.state === "declined"
            ? "Declined"
            : "Expired"}{" "}
          by {inv.decidedBy}, {formatDateTime(inv.decidedAt)}
        </p>
      )}
      <div className="mt-2">
        <InlineAlert
          message={failure}
          onDismiss={() => {
            accept.reset();
            decline.reset();
          }}
        />
      </div>
    </li>
  );
}

/** The invitations of the athlete's teams to a final, newest first; nothing when none. */
export function MyInvitations() {
  const invitations = useMyFinalInvitations();
  if (invitations.isError) {
    return (
      <p role="alert" className="mb-4 text-sm text-red-700">
        {failureText("Your invitations could not be loaded", invitations.error)}
      </p>
    );
  }
  const list = invitations.data?.invitations ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-label="Invitations to a final" className="mb-6">
      <h2 className="mb-2 text-lg font-semibold text-slate-900">Invitations</h2>
      <ul className="space-y-3">
        {list.map((inv) => (
          <InvitationCard key={inv.id} inv={inv} />
        ))}
      </ul>
    </section>
  );
}
