package scoring

import (
	"cmp"
	"slices"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/nilorder"
)

// PlaceWith orders one workout of one division under the event's rules and gives places and
// points, one Placing per entry, in input order:
//  1. penalties on time or reps change the value that is placed;
//  2. every Rx result is above every Scaled one; within each, finishers above capped results
//     above dnfs (the scoring document, section 2);
//  3. equal results are tied as r.Ties says;
//  4. points come from the table (P-Score from the values), times the workout's weight, less
//     point penalties, never below 0;
//  5. a dq (disqualified from the workout) gets no place and 0 points; under ranksum, where
//     fewer points win, it gets the points of the place after every placed result, so a
//     disqualification never helps.
func PlaceWith(entries []Entry, w Workout, r Rules) []Placing {
	adjusted := make([]Entry, len(entries))
	out := make([]Placing, len(entries))
	var placed []int
	for i, e := range entries {
		adjusted[i] = applyBeforePlacing(e)
		out[i] = Placing{TeamID: e.TeamID}
		if placesStatus(e.Status) {
			placed = append(placed, i)
		}
	}
	compare := func(i, j int) int { return compareEntries(&adjusted[i], &adjusted[j], w.Dir) }
	slices.SortFunc(placed, compare)

	var pscores map[int]float64
	if r.Table.isPScore() {
		pscores = pScores(adjusted, placed, w.Dir)
	}
	// Groups of equal results, best first.
	for start, place := 0, 1; start < len(placed); {
		end := start + 1
		for end < len(placed) && compare(placed[start], placed[end]) == 0 {
			end++
		}
		group := placed[start:end]
		points := tiedPoints(r, place, len(group))
		for _, i := range group {
			pts := points
			if pscores != nil {
				pts = pscores[i]
			}
			if entries[i].Status == typesv1.ResultStatus_dnf && !r.Table.LowerTotalWins() {
				pts = 0 // a dnf scores nothing (except under ranksum, where points are places)
			}
			pts *= w.weight()
			if p := entries[i].Penalty; p.Kind == PenaltyPoints {
				pts = max(0, pts-p.Amount)
			}
			out[i] = Placing{TeamID: entries[i].TeamID, Place: place, Points: pts, Ranked: true}
		}
		if r.Ties == TiesStand {
			place++
		} else {
			place += len(group)
		}
		start = end
	}
	for i, e := range entries {
		if e.Status == typesv1.ResultStatus_dq {
			out[i] = Placing{TeamID: e.TeamID, Ranked: true}
			if r.Table.LowerTotalWins() {
				out[i].Points = r.Table.Points(len(placed)+1) * w.weight()
			}
		}
	}
	return out
}

// tiedPoints is what each of n results tied at place gets.
func tiedPoints(r Rules, place, n int) float64 {
	if r.Ties != TiesAveragePoints || n == 1 {
		return r.Table.Points(place)
	}
	var sum float64
	for p := place; p < place+n; p++ {
		sum += r.Table.Points(p)
	}
	return sum / float64(n)
}

func placesStatus(s typesv1.ResultStatus) bool {
	return s == typesv1.ResultStatus_completed || s == typesv1.ResultStatus_capped || s == typesv1.ResultStatus_dnf
}

// applyBeforePlacing applies a time or reps penalty to the value that is placed.
func applyBeforePlacing(e Entry) Entry {
	switch e.Penalty.Kind {
	case PenaltyTime:
		if e.Status == typesv1.ResultStatus_completed {
			e.Value += e.Penalty.Amount
		}
	case PenaltyReps:
		switch e.Status {
		case typesv1.ResultStatus_completed:
			e.Value = max(0, e.Value-e.Penalty.Amount)
		case typesv1.ResultStatus_capped:
			e.CappedReps = max(0, e.CappedReps-int(e.Penalty.Amount))
		}
	}
	return e
}

// class orders the placed results: Rx above Scaled, and within each every finisher above every
// capped result above every dnf.
func class(e *Entry) int {
	c := 2 // dnf
	switch e.Status {
	case typesv1.ResultStatus_completed:
		c = 0
	case typesv1.ResultStatus_capped:
		c = 1
	}
	if e.Scaled {
		c += 3
	}
	return c
}

// compareEntries returns <0 when a is the better of two placed results.
func compareEntries(a, b *Entry, dir Direction) int {
	if c := cmp.Compare(class(a), class(b)); c != 0 {
		return c
	}
	var c int
	switch a.Status {
	case typesv1.ResultStatus_completed:
		c = cmp.Compare(a.Value, b.Value)
		if dir == HigherIsBetter {
			c = -c
		}
	case typesv1.ResultStatus_capped:
		c = cmp.Compare(b.CappedReps, a.CappedReps) // more reps is better
	default:
		return 0 // every dnf is equal: nothing was entered to tell them apart
	}
	if c != 0 {
		return c
	}
	// A missing tiebreak ranks below any given one, as if it were never reached; two missing
	// tiebreaks leave the results tied.
	return nilorder.Compare(a.Tiebreak, b.Tiebreak)
}
