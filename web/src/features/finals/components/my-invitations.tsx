import { useState } from "react";
import { Button } from "@/components/button";
import { Modal } from "@/components/modal";
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
  // Declining gives up the team's place at once: it is asked for in a dialog that says so.
  const [confirming, setConfirming] = useState(false);
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
            {formatDateTime(inv.deadline)}. Either of you may accept; only the
            team&apos;s captain{inv.captainName ? ` (${inv.captainName})` : ""}{" "}
            can decline.
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
            {inv.mayDecline && (
              <Button
                size="sm"
                variant="secondary"
                loading={decline.isPending}
                disabled={busy}
                onClick={() => setConfirming(true)}
              >
                Decline…
              </Button>
            )}
          </div>
          <Modal
            open={confirming}
            title="Decline the invitation?"
            onClose={() => setConfirming(false)}
          >
            <p className="text-sm text-slate-700">
              {inv.teamName} gives up its place in {inv.finalDivisionName} of{" "}
              {inv.finalEventName}. The place goes at once to the next team of
              the standings, and this invitation cannot be accepted afterwards.
            </p>
            <div className="mt-4 flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Keep the invitation
              </Button>
              <Button
                variant="danger"
                loading={decline.isPending}
                onClick={() =>
                  decline.mutate(inv.id, {
                    onSettled: () => setConfirming(false),
                  })
                }
              >
                Decline and give up the place
              </Button>
            </div>
          </Modal>
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
