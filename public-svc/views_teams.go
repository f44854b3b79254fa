package publicsvc

import (
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
)

// A team's page and its bookmark summary (views.go has eventData).

// teamDetailsView is the team page; false when the team is not the event's.
func teamDetailsView(d *eventData, teamID string) (*publicv1.TeamDetails, bool) {
	t := d.team[teamID]
	if t == nil {
		return nil, false
	}
	div := d.division[t.GetDivisionId()]
	rank, total := d.overall(teamID)
	entered := d.enteredByTeam[teamID]
	out := &publicv1.TeamDetails{
		Team: &publicv1.TeamRef{
			Id: t.GetId(), Name: t.GetName(), Athlete1Name: t.GetAthlete1Name(), Athlete2Name: t.GetAthlete2Name(),
			Athlete1Id: t.GetAthlete1Id(), Athlete2Id: t.GetAthlete2Id(), Athletes: publicRoster(t),
		},
		Division:           namedDivision(div),
		Event:              d.leaderboardEvent(),
		OverallRank:        rank,
		TotalPoints:        total,
		DivisionStats:      &publicv1.DivisionStats{TotalTeams: int32(d.teamCount(div.GetId()))},
		LastUpdated:        d.lastUpdated,
		Withdrawn:          d.standing[teamID].GetWithdrawn(),
		IncludeUnpublished: d.unpublished,
		CompletionStats: &publicv1.CompletionStats{
			WorkoutsCompleted:    int32(entered),
			TotalWorkouts:        int32(d.withResults()),
			CompletionPercentage: percent(entered, d.withResults()),
		},
		WorkoutResults: make([]*publicv1.TeamWorkoutResult, 0, len(d.workouts)),
	}
	for _, w := range d.workouts {
		if w.GetParts() != "" && !combinedParts(w.GetParts()) {
			continue // its parts hold its results (docs/scoring.md, "Multi-part workouts")
		}
		c := d.cell(teamID, w)
		out.WorkoutResults = append(out.WorkoutResults, &publicv1.TeamWorkoutResult{
			Workout: &publicv1.TeamWorkoutRef{
				Id: w.GetId(), Name: d.fullName(w), OrderIndex: cloneInt32(w.GetWorkoutOrder()), Type: workoutType(w.GetScoreType()),
			},
			Status: c.status, Result: c.result, RawResult: c.raw, Rank: c.rank, Points: c.points,
			Scaled: c.scaled, PenaltyText: c.penalty,
		})
	}
	return out, true
}

// bookmarkSummaryView is what a bookmark needs of a team; false when the team is not the
// event's.
func bookmarkSummaryView(d *eventData, teamID string) (*publicv1.TeamBookmarkSummary, bool) {
	t := d.team[teamID]
	if t == nil {
		return nil, false
	}
	div := d.division[t.GetDivisionId()]
	rank, total := d.overall(teamID)
	return &publicv1.TeamBookmarkSummary{
		Id:          t.GetId(),
		Name:        t.GetName(),
		Division:    &publicv1.NamedRef{Id: div.GetId(), Name: div.GetName(), TeamSize: teamSize(div)},
		Event:       &publicv1.NamedRef{Id: d.ev.GetId(), Name: d.ev.GetName()},
		OverallRank: rank,
		TotalPoints: total,
	}, true
}
