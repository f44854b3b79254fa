import { Badge, type BadgeColor } from "@/components/badge";

const colors: Record<string, BadgeColor> = {
  invited: "blue",
  accepted: "green",
  declined: "gray",
  expired: "amber",
};
const labels: Record<string, string> = {
  invited: "Invited",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
};

/** An invitation's state to the final. */
export function InvitationBadge({ state }: { state: string }) {
  return (
    <Badge color={colors[state] ?? "gray"}>{labels[state] ?? state}</Badge>
  );
}
