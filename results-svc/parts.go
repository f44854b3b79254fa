package resultssvc

import (
	"fmt"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/results-svc/scoring"
	"github.com/podium-dev/podium/results-svc/store"
)

// Multi-part workouts (docs/scoring.md, "Multi-part workouts"): a workout with parts (its
// header) has no results of its own; its parts are placed one by one (separate), or combined
// into one score placed once under the header (sum, best), each part's result carrying the
// team's combined place and points.

const msgResultOnHeader = "%s has parts: enter each part's result"

// parts indexes an event's multi-part workouts.
type parts struct {
	// of lists each header's parts in workout order; header is each part's header.
	of     map[string][]*competitionv1.Workout
	header map[string]*competitionv1.Workout
	// scored are the workouts with a points column, in workout order: every workout but a
	// separate header and the parts of a combined one.
	scored []*competitionv1.Workout
}

func newParts(ordered []*competitionv1.Workout) parts {
	p := parts{of: map[string][]*competitionv1.Workout{}, header: map[string]*competitionv1.Workout{}}
	byID := make(map[string]*competitionv1.Workout, len(ordered))
	for _, w := range ordered {
		byID[w.GetId()] = w
	}
	for _, w := range ordered {
		if h := byID[w.GetPartOf()]; h != nil && h.GetParts() != "" {
			p.of[h.GetId()] = append(p.of[h.GetId()], w)
			p.header[w.GetId()] = h
		}
	}
	for _, w := range ordered {
		switch {
		case w.GetParts() != "" && !isCombined(w):
		case p.header[w.GetId()] != nil && isCombined(p.header[w.GetId()]):
		default:
			p.scored = append(p.scored, w)
		}
	}
	return p
}

// isCombined says whether a workout's parts make one score.
func isCombined(w *competitionv1.Workout) bool {
	return w.GetParts() == typesv1.WorkoutParts_sum.String() || w.GetParts() == typesv1.WorkoutParts_best.String()
}

// scoringWorkout is the workout a result of workoutID is placed in: its combined header, or
// itself.
func (st *structure) scoringWorkout(workoutID string) *competitionv1.Workout {
	if h := st.parts.header[workoutID]; h != nil && isCombined(h) {
		return h
	}
	return st.workouts[workoutID]
}

// groupCells adds to cells the cells of the other parts of a combined workout: they are placed
// together, so they are locked, read and rescored together.
func (st *structure) groupCells(cells []store.Cell) []store.Cell {
	out := make([]store.Cell, 0, len(cells))
	seen := map[store.Cell]bool{}
	add := func(c store.Cell) {
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	for _, c := range cells {
		add(c)
		if h := st.scoringWorkout(c.WorkoutID); h != nil && h.GetId() != c.WorkoutID {
			for _, p := range st.parts.of[h.GetId()] {
				add(store.Cell{WorkoutID: p.GetId(), DivisionID: c.DivisionID})
			}
		}
	}
	return out
}

// refuseHeader refuses a result on a workout with parts.
func refuseHeader(w *competitionv1.Workout, field string) error {
	if w.GetParts() != "" {
		return apperr.Invalid(field+"workoutId", fmt.Sprintf(msgResultOnHeader, w.GetName()))
	}
	return nil
}

// placeCombined places a combined workout's parts' results of one division (results: every
// part's, of the division's teams) as one workout, and returns each team's placing and
// combined entry.
func placeCombined(st *structure, h *competitionv1.Workout, divisionID string, results []*store.Result) (map[string]scoring.Placing, map[string]scoring.Entry, error) {
	dir, err := scoring.DirectionFor(h.GetScoreType())
	if err != nil {
		return nil, nil, err
	}
	index := map[string]int{}
	for i, p := range st.parts.of[h.GetId()] {
		index[p.GetId()] = i
	}
	byPart := make([][]scoring.Entry, len(index))
	for _, r := range results {
		if i, ok := index[r.WorkoutID]; ok {
			byPart[i] = append(byPart[i], entryOf(r))
		}
	}
	how := scoring.CombineSum
	if h.GetParts() == typesv1.WorkoutParts_best.String() {
		how = scoring.CombineBest
	}
	entries := scoring.CombineParts(byPart, dir, how)
	placings := scoring.PlaceWith(entries, scoring.Workout{Dir: dir, Weight: h.GetWeight()}, st.rulesFor(divisionID))
	byTeam := make(map[string]scoring.Entry, len(entries))
	for _, e := range entries {
		byTeam[e.TeamID] = e
	}
	return scoring.ByTeam(placings), byTeam, nil
}
