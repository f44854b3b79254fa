package resultssvc

import (
	"context"
	"slices"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/resulttext"
	"github.com/podium-dev/podium/results-svc/store"
)

// Why "What do I need?" has no path (WhatItTakes.unavailable).
const (
	takesFrozen    = "frozen"
	takesPublished = "published"
	takesNoResults = "no_results"
	takesCombined  = "combined"
	takesWithdrawn = "withdrawn"
	takesTooLarge  = "too_large"
)

// whatItTakesMax is the largest division the answer is computed for: each candidate is the
// division's standings scored again, as the whole-board path does up to this size.
const whatItTakesMax = cellScoredInSaveMax

// whatItTakes answers "What do I need?" (docs/competition-day.md): the worst published result
// of the workout the team may match and still reach the target place overall, the other teams'
// results standing as published. Matching a result ties it, so the team takes its place in the
// workout under the event's own rules (tables, P-Score, Scaled, penalties, tie-breaks): each
// candidate is the division's public standings scored with the team's result added. Better
// results never rank a team lower, so the candidates are searched by halves.
func (s *service) whatItTakes(ctx context.Context, req *resultsv1.WhatItTakesRequest) (_ *resultsv1.WhatItTakes, err error) {
	defer apperr.Wrap(&err, "resultssvc.whatItTakes(%q)", req.GetTeamId())
	eventID, err := parseID("eventId", "event", req.GetEventId())
	if err != nil {
		return nil, err
	}
	if req.GetTargetRank() < 1 {
		return nil, apperr.Invalid("rank", "Rank must be at least 1")
	}
	given := req.GetStructure()
	if given.GetEvent().GetId() != eventID {
		return nil, apperr.Invalid("structure", "Structure must be the event's")
	}
	st, err := newStructure(given)
	if err != nil {
		return nil, err
	}
	team, w := st.teams[req.GetTeamId()], st.workouts[req.GetWorkoutId()]
	if team == nil {
		return nil, apperr.NotFound(msgTeamNotFound)
	}
	if w == nil {
		return nil, apperr.NotFound(msgWorkoutNotFound)
	}
	out := &resultsv1.WhatItTakes{TargetRank: req.GetTargetRank()}
	divisionID := team.GetDivisionId()
	switch {
	case isCombined(w) || st.scoringWorkout(w.GetId()) != w:
		out.Unavailable = takesCombined
	case len(st.divisionTeams[divisionID]) > whatItTakesMax:
		out.Unavailable = takesTooLarge
	}
	if out.Unavailable != "" {
		return out, nil
	}
	if _, frozen, err := s.frozenStandings(ctx, eventID); err != nil || frozen {
		out.Unavailable = takesFrozen
		return out, err
	}
	results, err := s.publicDivisionResults(ctx, st, divisionID)
	if err != nil {
		return nil, err
	}
	// The workout's published results, best first as the workout places them.
	var cell []*store.Result
	for i := range results {
		r := &results[i]
		if r.WorkoutID != w.GetId() {
			continue
		}
		if r.TeamID == team.GetId() {
			out.Unavailable = takesPublished
			return out, nil
		}
		cell = append(cell, r)
	}
	if len(cell) == 0 {
		out.Unavailable = takesNoResults
		return out, nil
	}
	placings, err := placeCell(st, w, divisionID, cell)
	if err != nil {
		return nil, err
	}
	order := make([]int, len(cell))
	for i := range order {
		order[i] = i
	}
	placeOf := func(i int) int32 {
		if p := placings[i].Place; p > 0 {
			return int32(p)
		}
		return int32(len(cell) + 1) // unplaced (dq): after every place
	}
	slices.SortStableFunc(order, func(a, b int) int { return int(placeOf(a) - placeOf(b)) })

	one := *st
	one.orderedDivisions = []*competitionv1.Division{st.divisions[divisionID]}
	try := func(i int) (*resultsv1.WhatItTakes, error) {
		matched := *cell[order[i]]
		matched.ID, matched.TeamID = "what-it-takes", team.GetId()
		es, err := eventStandings(&one, append(slices.Clip(results), matched))
		if err != nil {
			return nil, err
		}
		path := &resultsv1.WhatItTakes{TargetRank: req.GetTargetRank(), MatchedTeamName: st.teams[cell[order[i]].TeamID].GetName(),
			ResultText: resulttext.Stored(w.GetScoreType(), matched.Status, matched.Value, matched.CappedReps)}
		for _, ts := range es.GetDivisions()[0].GetStandings() {
			if ts.GetTeamId() != team.GetId() {
				continue
			}
			if ts.GetWithdrawn() {
				return &resultsv1.WhatItTakes{TargetRank: req.GetTargetRank(), Unavailable: takesWithdrawn}, nil
			}
			path.OverallRank, path.Total = ts.GetRank().GetValue(), ts.GetTotalPoints().GetValue()
			for _, p := range ts.GetPlacings() {
				if p.GetWorkoutId() == w.GetId() {
					path.WorkoutRank, path.Points = p.GetRank().GetValue(), p.GetPoints().GetValue()
				}
			}
		}
		path.Reached = path.OverallRank > 0 && path.OverallRank <= req.GetTargetRank()
		return path, nil
	}
	// The worst candidate that reaches the target: candidates from i on are worse.
	best, err := try(0)
	if err != nil || best.GetUnavailable() != "" || !best.GetReached() {
		return best, err
	}
	lo, hi := 0, len(order)-1 // try(lo) reaches; find the last that does
	found := best
	for lo < hi {
		mid := (lo + hi + 1) / 2
		p, err := try(mid)
		if err != nil {
			return nil, err
		}
		if p.GetReached() {
			lo, found = mid, p
		} else {
			hi = mid - 1
		}
	}
	found.AnyResult = lo == len(order)-1
	return found, nil
}

// publicDivisionResults are the division's results as its public board counts them: the
// published values, or the submitted ones too where the event shows unreviewed scores.
func (s *service) publicDivisionResults(ctx context.Context, st *structure, divisionID string) (_ []store.Result, err error) {
	defer apperr.Wrap(&err, "resultssvc.publicDivisionResults(%q)", divisionID)
	if !st.showsUnreviewed() {
		return s.store.ListDivisionPublic(ctx, st.eventID, divisionID)
	}
	all, err := s.store.ListEventPublicLive(ctx, st.eventID)
	if err != nil {
		return nil, err
	}
	var results []store.Result
	for _, r := range all {
		if r.DivisionID == divisionID {
			results = append(results, r)
		}
	}
	return results, nil
}
