package scoring

import (
	"math"
	"slices"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
)

// P-Score ("pscore"), as WODsmith documents it in its scoring reference: points measure how far
// a result is from the workout's best, scaled so that the best result gets 100 and the median
// result 50:
//
//	time (lower is better):        100 − (X − best) × 50 / (median − best)
//	reps, load (higher is better): 100 − (best − X) × 50 / (best − median)
//
// Podium takes the median over the completed results of the same class (Rx, or Scaled) and
// never goes below 0 (WODsmith lets results far below the median go negative; here a capped
// result or a dnf, which has no value to measure, gets 0, and no finisher may score less than
// them). When every completed result equals the best, each gets 100.
//
// Scaled results are measured against the best and median of the Scaled results, and then fitted
// below the Rx ones: every Rx result places above every Scaled one (place.go), so a Scaled result
// never scores above an Rx finisher, as under the place tables. The Scaled scores are scaled
// into [0, the lowest Rx finisher's score] (the best Scaled result gets that score, the others
// in proportion); without an Rx finisher they keep their own 0–100.
func pScores(entries []Entry, placed []int, dir Direction) map[int]float64 {
	out := make(map[int]float64, len(placed))
	ceiling := 100.0 // the most a Scaled result may score: the lowest Rx finisher's score
	for _, scaled := range []bool{false, true} {
		var values []float64
		var which []int
		for _, i := range placed {
			if entries[i].Status == typesv1.ResultStatus_completed && entries[i].Scaled == scaled {
				values = append(values, entries[i].Value)
				which = append(which, i)
			}
		}
		if len(values) == 0 {
			continue
		}
		scores := classScores(values, dir)
		if !scaled {
			ceiling = slices.Min(scores)
		}
		for k, i := range which {
			if scaled {
				scores[k] = scores[k] * ceiling / 100
			}
			out[i] = scores[k]
		}
	}
	return out
}

// classScores is the P-Score of each of one class's completed values, in their order.
func classScores(values []float64, dir Direction) []float64 {
	best := slices.Min(values)
	if dir == HigherIsBetter {
		best = slices.Max(values)
	}
	median := medianOf(values)
	spread := math.Abs(median - best)
	out := make([]float64, len(values))
	for k, v := range values {
		if spread == 0 {
			out[k] = 100
			continue
		}
		out[k] = max(0, 100-math.Abs(v-best)*50/spread)
	}
	return out
}

func medianOf(values []float64) float64 {
	s := slices.Clone(values)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
