package resultssvc

import (
	"time"

	"google.golang.org/protobuf/types/known/wrapperspb"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/resulttext"
	"github.com/podium-dev/podium/results-svc/scoring"
	"github.com/podium-dev/podium/results-svc/store"
)

// The views: pure assembly of the result grid, the results matrix and the standings from the
// event's structure and stored rows, and the pb form of a result.

func instant(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

func doubleOrNil(v *float64) *wrapperspb.DoubleValue {
	if v == nil {
		return nil
	}
	return wrapperspb.Double(*v)
}

func int32OrNil(v *int32) *wrapperspb.Int32Value {
	if v == nil {
		return nil
	}
	return wrapperspb.Int32(*v)
}

// resultPB is a stored result as a grid row; team and w may be nil when they left the event.
func resultPB(r *store.Result, team *competitionv1.Team, w *competitionv1.Workout) *resultsv1.Result {
	out := &resultsv1.Result{
		Id:            wrapperspb.String(r.ID),
		TeamId:        r.TeamID,
		WorkoutId:     r.WorkoutID,
		DivisionId:    r.DivisionID,
		Status:        r.Status,
		ResultValue:   doubleOrNil(r.Value),
		CappedReps:    int32OrNil(r.CappedReps),
		TiebreakValue: doubleOrNil(r.Tiebreak),
		Score:         doubleOrNil(r.Points),
		Rank:          int32OrNil(r.Place),
		IsPublished:   r.IsPublished,
		UpdatedAt:     instant(r.UpdatedAt),
		Scaled:        r.Scaled,
		Penalty:       penaltyPB(r.Penalty),
		PenaltyText:   penaltyText(r.Penalty),
	}
	if team != nil {
		out.TeamName = team.GetName()
		out.DivisionId = team.GetDivisionId()
	}
	if w != nil {
		out.ScoreType = w.GetScoreType()
		out.TimeCapSeconds = w.GetTimeCapSeconds()
		out.TimeCapText = w.GetTimeCapText()
	}
	out.ResultText = resulttext.Stored(out.GetScoreType(), r.Status, r.Value, r.CappedReps)
	if p := r.Public; p != nil {
		out.PublicResultText = wrapperspb.String(resulttext.Stored(out.GetScoreType(), p.Status, p.Value, p.CappedReps))
		out.PublicScaled = p.Scaled
		out.PublicPenaltyText = penaltyText(p.Penalty)
		out.PublicTiebreakValue = doubleOrNil(p.Tiebreak)
	}
	return out
}

// gridRows is one row per team (in the given order) for one workout: the team's result, or an
// empty row (id null, status not_started).
func gridRows(teams []*competitionv1.Team, w *competitionv1.Workout, results []store.Result) []*resultsv1.Result {
	byTeam := make(map[string]*store.Result, len(results))
	for i := range results {
		if results[i].WorkoutID == w.GetId() {
			byTeam[results[i].TeamID] = &results[i]
		}
	}
	rows := make([]*resultsv1.Result, 0, len(teams))
	for _, t := range teams {
		if r, ok := byTeam[t.GetId()]; ok {
			rows = append(rows, resultPB(r, t, w))
			continue
		}
		rows = append(rows, &resultsv1.Result{
			TeamId:         t.GetId(),
			WorkoutId:      w.GetId(),
			DivisionId:     t.GetDivisionId(),
			TeamName:       t.GetName(),
			ScoreType:      w.GetScoreType(),
			TimeCapSeconds: w.GetTimeCapSeconds(),
			TimeCapText:    w.GetTimeCapText(),
			Status:         typesv1.ResultStatus_not_started,
		})
	}
	return rows
}

// matrixCells counts every division × workout that takes results (divisions by name, workouts
// by workoutOrder), by the teams' current divisions. A workout with parts has no cell: it holds
// no results (its parts do), and counting its teams would make a division's published count
// wait for results that can never be entered.
func matrixCells(st *structure, results []store.Brief) []*resultsv1.MatrixCell {
	type key struct{ workout, division string }
	cells := make(map[key]*resultsv1.MatrixCell, len(st.orderedDivisions)*len(st.orderedWorkouts))
	out := make([]*resultsv1.MatrixCell, 0, len(st.orderedDivisions)*len(st.orderedWorkouts))
	for _, d := range st.orderedDivisions {
		for _, w := range st.orderedWorkouts {
			if w.GetParts() != "" {
				continue
			}
			c := &resultsv1.MatrixCell{
				DivisionId: d.GetId(),
				WorkoutId:  w.GetId(),
				TotalTeams: int32(len(st.divisionTeams[d.GetId()])),
				ResultIds:  []string{},
			}
			cells[key{w.GetId(), d.GetId()}] = c
			out = append(out, c)
		}
	}
	for _, r := range results {
		team := st.teams[r.TeamID]
		if team == nil {
			continue
		}
		c := cells[key{r.WorkoutID, team.GetDivisionId()}]
		if c == nil {
			continue
		}
		c.Entered++
		if r.IsPublished {
			c.Published++
		}
		c.ResultIds = append(c.ResultIds, r.ID)
	}
	return out
}

// eventStandings ranks every division of the event over exactly the given results (the ones
// the view shows: published only, or all for the admin preview), recomputing places and
// points from the raw values. Teams are in name order within the groups
// Standings keeps in input order.
func eventStandings(st *structure, results []store.Result) (*resultsv1.EventStandings, error) {
	type key struct{ workout, division string }
	cells := map[key][]*store.Result{}
	var newest time.Time
	for i := range results {
		r := &results[i]
		team, w := st.teams[r.TeamID], st.workouts[r.WorkoutID]
		if team == nil || w == nil {
			continue
		}
		k := key{w.GetId(), team.GetDivisionId()}
		cells[k] = append(cells[k], r)
		if r.UpdatedAt.After(newest) {
			newest = r.UpdatedAt
		}
	}

	out := &resultsv1.EventStandings{EventId: st.eventID, LastUpdated: instant(newest)}
	scored := st.parts.scored // the workouts with points (parts.go)
	for _, d := range st.orderedDivisions {
		teams := st.teamIDs(d.GetId())
		workouts := make([]scoring.WorkoutPlacings, len(scored))
		// perWorkout[w.id][team] is the team's result and placing in workout w: a scored
		// workout's, or a combined workout's part's (placed only in its workout: no place).
		perWorkout := make(map[string]map[string]placed, len(st.orderedWorkouts))
		for wi, w := range scored {
			if isCombined(w) {
				var rs []*store.Result
				for _, p := range st.parts.of[w.GetId()] {
					part := cells[key{p.GetId(), d.GetId()}]
					rs = append(rs, part...)
					perWorkout[p.GetId()] = make(map[string]placed, len(part))
					for _, r := range part {
						perWorkout[p.GetId()][r.TeamID] = placed{r: r}
					}
				}
				byTeam, entries, err := placeCombined(st, w, d.GetId(), rs)
				if err != nil {
					return nil, err
				}
				workouts[wi] = byTeam
				perWorkout[w.GetId()] = combinedResults(w, rs, byTeam, entries)
				continue
			}
			rs := cells[key{w.GetId(), d.GetId()}]
			placings, err := placeCell(st, w, d.GetId(), rs)
			if err != nil {
				return nil, err
			}
			workouts[wi] = scoring.ByTeam(placings)
			perWorkout[w.GetId()] = make(map[string]placed, len(rs))
			for i, p := range placings {
				perWorkout[w.GetId()][p.TeamID] = placed{rs[i], p}
			}
		}
		ds := &resultsv1.DivisionStandings{DivisionId: d.GetId(), Standings: []*resultsv1.TeamStanding{}}
		latest := scoring.LatestWorkout(workouts)
		var before map[string]int
		if latest >= 0 {
			ds.LatestWorkoutId = scored[latest].GetId()
			before = scoring.RanksBefore(teams, workouts, st.rulesFor(d.GetId()), latest)
		}
		for _, s := range scoring.StandingsWith(teams, workouts, st.rulesFor(d.GetId())) {
			ts := &resultsv1.TeamStanding{TeamId: s.TeamID, Withdrawn: s.Withdrawn, Placings: []*resultsv1.WorkoutPlacing{}, Tie: standingTie(s.Tie)}
			if s.Rank > 0 {
				ts.Rank = wrapperspb.Int32(int32(s.Rank))
				ts.TotalPoints = wrapperspb.Double(s.Total)
				if prev, ok := before[s.TeamID]; ok {
					ts.PreviousRank = wrapperspb.Int32(int32(prev))
				}
			} else if !s.Withdrawn {
				// No result shown yet: total 0, no rank (scoring.Standings).
				ts.TotalPoints = wrapperspb.Double(0)
			}
			for _, w := range st.orderedWorkouts {
				pl, ok := perWorkout[w.GetId()][s.TeamID]
				if !ok {
					continue
				}
				wp := &resultsv1.WorkoutPlacing{WorkoutId: w.GetId(), Status: pl.r.Status, UpdatedAt: instant(pl.r.UpdatedAt),
					ResultText: resulttext.Stored(w.GetScoreType(), pl.r.Status, pl.r.Value, pl.r.CappedReps),
					Scaled:     pl.r.Scaled, PenaltyText: penaltyText(pl.r.Penalty), Draft: !pl.r.IsPublished,
					Unreviewed: pl.r.Unreviewed}
				switch pl.r.Status {
				case typesv1.ResultStatus_completed:
					wp.RawResult = doubleOrNil(pl.r.Value)
				case typesv1.ResultStatus_capped:
					if pl.r.CappedReps != nil {
						wp.RawResult = wrapperspb.Double(float64(*pl.r.CappedReps))
					}
				}
				if pl.p.Ranked {
					wp.Points = wrapperspb.Double(pl.p.Points)
				}
				if pl.p.Place > 0 { // a dq counts with its points but has no place
					wp.Rank = wrapperspb.Int32(int32(pl.p.Place))
				}
				ts.Placings = append(ts.Placings, wp)
			}
			ds.Standings = append(ds.Standings, ts)
		}
		out.Divisions = append(out.Divisions, ds)
	}
	return out, nil
}

// placed is a team's result in a workout and its placing there.
type placed struct {
	r *store.Result
	p scoring.Placing
}

// combinedResults are each team's combined result in a combined workout (its parts' results
// rs) as the boards show it: the combined status and value, Scaled when a part was, published
// when every part is, updated when the latest part was.
func combinedResults(w *competitionv1.Workout, rs []*store.Result, placings map[string]scoring.Placing, entries map[string]scoring.Entry) map[string]placed {
	out := make(map[string]placed, len(entries))
	for team, e := range entries {
		r := &store.Result{TeamID: team, WorkoutID: w.GetId(), Status: e.Status, Scaled: e.Scaled, IsPublished: true}
		if e.Status == typesv1.ResultStatus_completed {
			v := e.Value
			r.Value = &v
		}
		if e.Status == typesv1.ResultStatus_capped {
			reps := int32(e.CappedReps) //nolint:gosec // reps are small
			r.CappedReps = &reps
		}
		for _, part := range rs {
			if part.TeamID != team {
				continue
			}
			r.IsPublished = r.IsPublished && part.IsPublished
			if part.UpdatedAt.After(r.UpdatedAt) {
				r.UpdatedAt = part.UpdatedAt
			}
		}
		out[team] = placed{r, placings[team]}
	}
	return out
}

// standingTie is the contract's word for the scoring's tie decision.
func standingTie(t scoring.Tie) typesv1.StandingTie_Value {
	switch t {
	case scoring.TieBrokenAhead:
		return typesv1.StandingTie_ahead
	case scoring.TieBrokenBehind:
		return typesv1.StandingTie_behind
	case scoring.TieShared:
		return typesv1.StandingTie_shared
	}
	return typesv1.StandingTie_not_tied
}
