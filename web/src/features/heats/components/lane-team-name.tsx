// A lane's entrant as the judge's phone shows it (docs/rosters.md): an individual by the
// athlete's name, a pair by its team's name as before, a bigger team by its name with its
// starting athletes in roster order underneath, so the judge knows who is in the lane.
import { cn } from "@/components/cn";
import { laneNames, type LaneTeam } from "../rules/lane-names";

export function LaneTeamName({
  lane,
  rosterClassName,
}: {
  lane: LaneTeam;
  rosterClassName?: string;
}) {
  const names = laneNames(lane);
  return (
    <>
      {names.title}
      {names.athletes && (
        <span className={cn("block text-sm font-normal", rosterClassName)}>
          {names.athletes}
        </span>
      )}
    </>
  );
}
