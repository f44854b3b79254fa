import { useQuery } from '@tanstack/react-query';
import { publicQueries } from '../api/public';

/**
 * A team's published placing in its division, for the athlete's own page: "Rank 2 of 8 ·
 * 195 points" once results are published, else nothing (the public team page's figures: the
 * rank and total of the division's published board, never a draft).
 */
export function TeamStanding({ teamId }: { teamId: string }) {
  const team = useQuery(publicQueries.team(teamId));
  const t = team.data;
  if (!t || t.overallRank === null || t.totalPoints === null) return null;
  return (
    <p className="mt-3 rounded-md bg-green-50 px-3 py-2 text-sm text-green-900" data-testid="team-standing">
      {t.division.name}: rank {t.overallRank} of {t.divisionStats.totalTeams} · {t.totalPoints} points
    </p>
  );
}
