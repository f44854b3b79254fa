package publicsvc

import (
	"cmp"
	"slices"

	"google.golang.org/protobuf/types/known/wrapperspb"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
)

// The event, division and workout leaderboards (views.go has eventData).

// eventLeaderboardView is the event leaderboard: progress per division and workout, and every
// team with its overall rank, total and progress.
func eventLeaderboardView(d *eventData) *publicv1.EventLeaderboard {
	out := &publicv1.EventLeaderboard{
		Event:              d.leaderboardEvent(),
		Divisions:          make([]*publicv1.DivisionProgress, 0, len(d.divisions)),
		Teams:              make([]*publicv1.LeaderboardTeam, 0, d.totalTeams()),
		LastUpdated:        d.lastUpdated,
		IncludeUnpublished: d.unpublished,
	}
	for _, div := range d.divisions {
		n := d.teamCount(div.GetId())
		dp := &publicv1.DivisionProgress{
			Id:                          div.GetId(),
			Name:                        div.GetName(),
			Description:                 div.GetDescription(),
			TeamCount:                   int32(n),
			Status:                      d.divisionStatus(div.GetId()),
			OverallCompletionPercentage: percent(d.enteredByDivision[div.GetId()], n*d.withResults()),
			Workouts:                    make([]*publicv1.WorkoutProgress, 0, len(d.workouts)),
			TeamSize:                    teamSize(div),
		}
		for _, w := range d.workouts { // each links to its board: parts by their full names
			if !hasBoard(w) {
				continue
			}
			dp.Workouts = append(dp.Workouts, &publicv1.WorkoutProgress{
				Id:                   w.GetId(),
				Name:                 d.fullName(w),
				CompletionPercentage: percent(d.enteredByCell[divisionWorkout{div.GetId(), w.GetId()}], n),
			})
		}
		out.Divisions = append(out.Divisions, dp)
		for _, t := range d.ordered[div.GetId()] {
			rank, total := d.overall(t.GetId())
			out.Teams = append(out.Teams, &publicv1.LeaderboardTeam{
				Id:             t.GetId(),
				Name:           t.GetName(),
				DivisionId:     div.GetId(),
				DivisionName:   div.GetName(),
				OverallRank:    rank,
				TotalPoints:    total,
				ResultsEntered: int32(d.enteredByTeam[t.GetId()]),
				TotalWorkouts:  int32(d.withResults()),
			})
		}
	}
	return out
}

func leaderboardWorkout(w *competitionv1.Workout) *publicv1.LeaderboardWorkout {
	return &publicv1.LeaderboardWorkout{
		Id:         w.GetId(),
		Name:       w.GetName(),
		OrderIndex: cloneInt32(w.GetWorkoutOrder()),
		Type:       workoutType(w.GetScoreType()),
		ScoreType:  w.GetScoreType(),
		Weight:     weightOf(w),
		PartOf:     w.GetPartOf(),
		Parts:      w.GetParts(),
	}
}

// weightOf is a workout's points multiplier; a structure cached before weights existed has
// none, which is ×1.
func weightOf(w *competitionv1.Workout) float64 {
	if w.GetWeight() == 0 {
		return 1
	}
	return w.GetWeight()
}

func namedDivision(div *competitionv1.Division) *publicv1.NamedRef {
	return &publicv1.NamedRef{Id: div.GetId(), Name: div.GetName(), Description: div.GetDescription(), TeamSize: teamSize(div)}
}

// cell is a team's result in one workout as the views show it.
type cell struct {
	status typesv1.ResultStatus
	result string
	raw    *wrapperspb.DoubleValue
	points *wrapperspb.DoubleValue
	rank   *wrapperspb.Int32Value
	has    bool
	// scaled and penalty are the boards' marks (docs/scoring.md).
	scaled  bool
	penalty string
	draft   bool
	// unreviewed: a submitted score no judge has reviewed yet (docs/qualifiers.md).
	unreviewed bool
}

func (d *eventData) cell(teamID string, w *competitionv1.Workout) cell {
	p := d.placing[teamWorkout{teamID, w.GetId()}]
	if p == nil {
		return cell{status: typesv1.ResultStatus_not_started}
	}
	return cell{status: p.GetStatus(), result: p.GetResultText(), raw: cloneDouble(p.GetRawResult()),
		points: cloneDouble(p.GetPoints()), rank: cloneInt32(p.GetRank()), has: true,
		scaled: p.GetScaled(), penalty: p.GetPenaltyText(), draft: p.GetDraft(), unreviewed: p.GetUnreviewed()}
}

// divisionLeaderboardView is a division's standings with every team's result in every
// workout; false when the division is not the event's.
func divisionLeaderboardView(d *eventData, divisionID string) (*publicv1.DivisionLeaderboard, bool) {
	div := d.division[divisionID]
	if div == nil {
		return nil, false
	}
	out := &publicv1.DivisionLeaderboard{
		Event:              d.leaderboardEvent(),
		Division:           namedDivision(div),
		Workouts:           make([]*publicv1.LeaderboardWorkout, len(d.workouts)),
		Standings:          make([]*publicv1.Standing, 0, d.teamCount(divisionID)),
		LastUpdated:        d.lastUpdated,
		IncludeUnpublished: d.unpublished,
		LatestWorkoutId:    d.latestWorkout[divisionID],
	}
	out.TieBreak, out.TieBreakWorkoutId = d.tieBreak()
	for i, w := range d.workouts {
		out.Workouts[i] = leaderboardWorkout(w)
	}
	for _, t := range d.ordered[divisionID] {
		rank, total := d.overall(t.GetId())
		tie, previous := d.movement(t.GetId())
		s := &publicv1.Standing{
			TeamId:         t.GetId(),
			TeamName:       t.GetName(),
			Athlete1Name:   t.GetAthlete1Name(),
			Athlete2Name:   t.GetAthlete2Name(),
			AthleteNames:   startingNames(t),
			Rank:           rank,
			TotalPoints:    total,
			WorkoutResults: make([]*publicv1.StandingWorkoutResult, len(d.workouts)),
			Withdrawn:      d.standing[t.GetId()].GetWithdrawn(),
			Tie:            tie,
			PreviousRank:   previous,
		}
		for i, w := range d.workouts {
			c := d.cell(t.GetId(), w)
			s.WorkoutResults[i] = &publicv1.StandingWorkoutResult{
				WorkoutId: w.GetId(), Result: c.result, RawResult: c.raw, Status: c.status, Points: c.points, Rank: c.rank,
				Scaled: c.scaled, PenaltyText: c.penalty, Draft: c.draft && d.unpublished, Unreviewed: c.unreviewed,
			}
		}
		out.Standings = append(out.Standings, s)
	}
	return out, true
}

// workoutLeaderboardView is one workout's results in one division: ranked rows best first,
// then results without a place (dns), then the division's teams without a result,
// alphabetically, as placeholders. False when the division or workout is not the event's.
func workoutLeaderboardView(d *eventData, divisionID, workoutID string) (*publicv1.WorkoutLeaderboard, bool) {
	div := d.division[divisionID]
	var w *competitionv1.Workout
	for _, x := range d.workouts {
		if x.GetId() == workoutID {
			w = x
		}
	}
	if div == nil || w == nil {
		return nil, false
	}
	release, due := windowTexts(w.GetReleaseAt(), w.GetSubmissionDeadline(), d.ev.GetTimeZone())
	out := &publicv1.WorkoutLeaderboard{
		Event:    d.leaderboardEvent(),
		Division: namedDivision(div),
		Workout: &publicv1.LeaderboardWorkoutDetail{
			Id:           w.GetId(),
			Name:         d.fullName(w),
			ScoringType:  workoutType(w.GetScoreType()),
			TimeCap:      cloneInt32(w.GetTimeCapSeconds()),
			TimeCapText:  cloneString(w.GetTimeCapText()),
			OrderIndex:   cloneInt32(w.GetWorkoutOrder()),
			Description:  w.GetDescription(),
			ReleaseText:  release,
			DeadlineText: due,
		},
		Results:            make([]*publicv1.WorkoutLeaderboardRow, 0, d.teamCount(divisionID)),
		Workouts:           make([]*publicv1.LeaderboardWorkout, len(d.workouts)),
		LastUpdated:        d.lastUpdated,
		IncludeUnpublished: d.unpublished,
	}
	for i, x := range d.workouts {
		out.Workouts[i] = leaderboardWorkout(x)
	}
	type row struct {
		t *competitionv1.Team
		c cell
	}
	var ranked, unranked, placeholders []row
	for _, t := range d.ordered[divisionID] {
		c := d.cell(t.GetId(), w)
		switch {
		case c.rank != nil:
			ranked = append(ranked, row{t, c})
		case c.has:
			unranked = append(unranked, row{t, c})
		default:
			placeholders = append(placeholders, row{t, c})
		}
	}
	slices.SortStableFunc(ranked, func(a, b row) int {
		if c := cmp.Compare(a.c.rank.GetValue(), b.c.rank.GetValue()); c != 0 {
			return c
		}
		return d.byName(a.t, b.t)
	})
	byName := func(a, b row) int { return d.byName(a.t, b.t) }
	slices.SortStableFunc(unranked, byName)
	slices.SortStableFunc(placeholders, byName)
	for _, group := range [][]row{ranked, unranked, placeholders} {
		for _, r := range group {
			out.Results = append(out.Results, &publicv1.WorkoutLeaderboardRow{
				Rank:          r.c.rank,
				DisplayRank:   cloneInt32(r.c.rank),
				TeamId:        r.t.GetId(),
				TeamName:      r.t.GetName(),
				Athlete1Name:  r.t.GetAthlete1Name(),
				Athlete2Name:  r.t.GetAthlete2Name(),
				AthleteNames:  startingNames(r.t),
				Result:        r.c.result,
				RawResult:     r.c.raw,
				Points:        r.c.points,
				Status:        r.c.status,
				Scaled:        r.c.scaled,
				PenaltyText:   r.c.penalty,
				IsPlaceholder: !r.c.has,
			})
		}
	}
	return out, true
}
