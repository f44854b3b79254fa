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
// them). When every completed result equals the best, each gets 100. Scaled results are measured
// against the best and median of the Scaled results.
func pScores(entries []Entry, placed []int, dir Direction) map[int]float64 {
	out := make(map[int]float64, len(placed))
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
		best := slices.Min(values)
		if dir == HigherIsBetter {
			best = slices.Max(values)
		}
		median := medianOf(values)
		spread := math.Abs(median - best)
		for k, i := range which {
			if spread == 0 {
				out[i] = 100
				continue
			}
			out[i] = max(0, 100-math.Abs(values[k]-best)*50/spread)
		}
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
