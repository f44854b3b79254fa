import { useState } from "react";
import { Button } from "@/components/button";
import { Card } from "@/components/card";
import { Input } from "@/components/form-field";
import { failureText, InlineAlert } from "@/components/inline-alert";
import { Table, Td, Th, Tr } from "@/components/table";
import { formatDateTime } from "@/lib/dates";
import {
  useInviteToFinal,
  type FinalDivision,
  type FinalStandingRow,
} from "../api/finals";
import { InvitationBadge } from "./invitation-badge";

function InvitationCell({ row }: { row: FinalStandingRow }) {
  const inv = row.invitation;
  if (!inv)
    return (
      <span className="text-slate-500">
        {row.notInvitable || "Not invited"}
      </span>
    );
  return (
    <span className="flex flex-wrap items-center gap-2">
      <InvitationBadge state={inv.state} />
      <span className="text-xs text-slate-600">
        {inv.state === "invited"
          ? `until ${formatDateTime(inv.deadline)}`
          : inv.decidedBy
          ? `${inv.decidedBy}, ${formatDateTime(inv.decidedAt)}`
          : ""}
      </span>
    </span>
  );
}

/** One qualifier division: its published standings, who is invited, the top N and picks by hand. */
export function DivisionInvitations({
  eventId,
  division,
}: {
  eventId: string;
  division: FinalDivision;
}) {
  const invite = useInviteToFinal(eventId);
  const [top, setTop] = useState("3");
  const linked = division.finalDivisionId !== "";
  const title = linked
    ? `${division.qualifierDivisionName} → ${division.finalDivisionName}`
    : division.qualifierDivisionName;
  return (
    <div data-testid="final-division">
      <Card title={title}>
        {!linked ? (
          <p className="text-sm text-slate-500">
            No division of the final has this name.
          </p>
        ) : (
          <>
            <div className="mb-3 flex flex-wrap items-center gap-2">
              <span className="text-sm text-slate-700" data-testid="places">
                {division.capacity > 0
                  ? `${division.placesTaken} of ${division.capacity} places taken`
                  : "The final division takes no registrations yet"}
              </span>
              <span className="flex items-center gap-2 sm:ml-auto">
                <label
                  htmlFor={`top-${division.qualifierDivisionId}`}
                  className="text-sm text-slate-700"
                >
                  Invite the top
                </label>
                <Input
                  id={`top-${division.qualifierDivisionId}`}
                  type="number"
                  min={1}
                  className="w-20"
                  value={top}
                  onChange={(e) => setTop(e.target.value)}
                />
                <Button
                  size="sm"
                  loading={invite.isPending}
                  onClick={() =>
                    invite.mutate({
                      divisionId: division.qualifierDivisionId,
                      top: Number(top),
                    })
                  }
                >
                  Invite
                </Button>
              </span>
            </div>
            <InlineAlert
              message={
                invite.error
                  ? failureText("Invitation failed", invite.error)
                  : null
              }
              onDismiss={() => invite.reset()}
            />
          </>
        )}
        {division.standings.length === 0 ? (
          <p className="text-sm text-slate-500">No published results yet.</p>
        ) : (
          <Table>
            <thead>
              <tr>
                <Th>Rank</Th>
                <Th>Team</Th>
                <Th className="hidden sm:table-cell">Athletes</Th>
                <Th>Invitation</Th>
                <Th />
              </tr>
            </thead>
            <tbody>
              {division.standings.map((row) => (
                <Tr key={row.teamId}>
                  <Td>{row.rank || "–"}</Td>
                  <Td>{row.teamName}</Td>
                  <Td className="hidden sm:table-cell">{row.athletes}</Td>
                  <Td>
                    <InvitationCell row={row} />
                  </Td>
                  <Td>
                    {linked && !row.invitation && !row.notInvitable && (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={`Invite ${row.teamName}`}
                        disabled={invite.isPending}
                        onClick={() =>
                          invite.mutate({
                            divisionId: division.qualifierDivisionId,
                            teamIds: [row.teamId],
                          })
                        }
                      >
                        Invite
                      </Button>
                    )}
                  </Td>
                </Tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
    </div>
  );
}
