package resultssvc

import (
	"context"
	"fmt"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/results-svc/scoring"
	"github.com/podium-dev/podium/results-svc/store"
)

// Admin places and points: the stored results of a cell placed by the scoring package, over
// all of them (published or not), written in the transaction of the change.

// rescore recomputes the admin places and points of the given cells inside tx (whose cell
// locks the caller holds) and returns the new scores by result id.
// A combined workout's parts are placed together: a cell of one part rescores them all
// (docs/scoring.md, "Multi-part workouts").
func rescore(ctx context.Context, tx *store.Store, st *structure, cells []store.Cell) (map[string]store.Score, error) {
	out := map[string]store.Score{}
	seen := map[store.Cell]bool{}
	for _, c := range cells {
		w := st.scoringWorkout(c.WorkoutID)
		if w == nil {
			continue
		}
		group := store.Cell{WorkoutID: w.GetId(), DivisionID: c.DivisionID}
		if seen[group] {
			continue
		}
		seen[group] = true
		scores, _, err := groupScores(ctx, tx, st, c)
		if err != nil {
			return nil, err
		}
		if _, err := tx.SetScores(ctx, scores); err != nil {
			return nil, err
		}
		for _, sc := range scores {
			out[sc.ID] = sc
		}
	}
	return out, nil
}

// groupScores reads the results of c's cell (a combined workout's: of all its parts' cells)
// and places them; it returns the scores and the results they were computed from.
func groupScores(ctx context.Context, db *store.Store, st *structure, c store.Cell) ([]store.Score, []store.Result, error) {
	var results []store.Result
	for _, pc := range st.groupCells([]store.Cell{c}) {
		rs, err := db.ListCell(ctx, pc.WorkoutID, st.teamIDs(pc.DivisionID))
		if err != nil {
			return nil, nil, fmt.Errorf("rescore: %w", err)
		}
		results = append(results, rs...)
	}
	scores, err := scoreResults(st, results)
	return scores, results, err
}

func applyScore(r *store.Result, scores map[string]store.Score) {
	if sc, ok := scores[r.ID]; ok {
		r.Place, r.Points, r.DivisionID = sc.Place, sc.Points, sc.DivisionID
	}
}

// entryOf turns a stored result into the engine's input.
func entryOf(r *store.Result) scoring.Entry {
	e := scoring.Entry{TeamID: r.TeamID, Status: r.Status, Tiebreak: r.Tiebreak, Scaled: r.Scaled, Penalty: enginePenalty(r.Penalty)}
	if r.Value != nil {
		e.Value = *r.Value
	}
	if r.CappedReps != nil {
		e.CappedReps = int(*r.CappedReps)
	}
	return e
}

// placeCell places the results of one workout of one division (results must hold exactly
// that cell's results) by the division's rules and returns the placings in input order.
func placeCell(st *structure, w *competitionv1.Workout, divisionID string, results []*store.Result) ([]scoring.Placing, error) {
	dir, err := scoring.DirectionFor(w.GetScoreType())
	if err != nil {
		return nil, err
	}
	entries := make([]scoring.Entry, len(results))
	for i, r := range results {
		entries[i] = entryOf(r)
	}
	return scoring.PlaceWith(entries, scoring.Workout{Dir: dir, Weight: w.GetWeight()}, st.rulesFor(divisionID)), nil
}

// placeScored is placeCell, or for a combined workout (results: its parts') each result's
// team's combined placing, in input order.
func placeScored(st *structure, w *competitionv1.Workout, divisionID string, results []*store.Result) ([]scoring.Placing, error) {
	if !isCombined(w) {
		return placeCell(st, w, divisionID, results)
	}
	byTeam, _, err := placeCombined(st, w, divisionID, results)
	if err != nil {
		return nil, err
	}
	out := make([]scoring.Placing, len(results))
	for i, r := range results {
		out[i] = byTeam[r.TeamID]
	}
	return out, nil
}

// scoreResults computes the admin place and points of every given result, over all of them
// (published or not), grouped by workout and the team's current division. Results
// whose team or workout is no longer in the event get no place.
func scoreResults(st *structure, results []store.Result) ([]store.Score, error) {
	type cellKey struct{ workout, division string }
	groups := map[cellKey][]*store.Result{}
	var keys []cellKey
	scores := make([]store.Score, 0, len(results))
	for i := range results {
		r := &results[i]
		team, w := st.teams[r.TeamID], st.scoringWorkout(r.WorkoutID)
		if team == nil || w == nil {
			scores = append(scores, store.Score{ID: r.ID, DivisionID: r.DivisionID})
			continue
		}
		k := cellKey{w.GetId(), team.GetDivisionId()}
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], r)
	}
	for _, k := range keys {
		rs := groups[k]
		placings, err := placeScored(st, st.workouts[k.workout], k.division, rs)
		if err != nil {
			return nil, err
		}
		for i, p := range placings {
			s := store.Score{ID: rs[i].ID, DivisionID: k.division}
			if p.Ranked {
				points := p.Points
				s.Points = &points
			}
			if p.Place > 0 { // a dq has its points (0) and no place
				place := int32(p.Place)
				s.Place = &place
			}
			scores = append(scores, s)
		}
	}
	return scores, nil
}
