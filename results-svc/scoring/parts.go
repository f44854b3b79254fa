package scoring

import (
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
)

// Combine says how a multi-part workout's parts make one score (a workout whose parts are
// placed one by one needs nothing here: each part is placed like a workout).
type Combine int

const (
	// CombineSum adds the parts' values (e.g. total time over three sprints, total load).
	CombineSum Combine = iota
	// CombineBest keeps the best part's value.
	CombineBest
)

// CombineParts turns each team's results of a workout's parts (parts[k] holds part k's
// entries) into one entry per team, to be placed as one workout:
//   - a team needs a completed result in every part for a combined completed value; a part
//     capped, dnf or missing leaves it with the worst of its statuses (capped keeps the capped
//     reps of that part; dns wins over everything: the team did not start);
//   - under CombineBest, a team's best completed part counts, whatever its other parts;
//   - a part's time or reps penalty counts in its value, points penalties add up and are
//     deducted after placing the combined score.
//
// Teams come out in the order they first appear.
func CombineParts(parts [][]Entry, dir Direction, how Combine) []Entry {
	var order []string
	byTeam := map[string][]Entry{}
	for _, part := range parts {
		for _, e := range part {
			if _, seen := byTeam[e.TeamID]; !seen {
				order = append(order, e.TeamID)
			}
			byTeam[e.TeamID] = append(byTeam[e.TeamID], e)
		}
	}
	out := make([]Entry, 0, len(order))
	for _, id := range order {
		out = append(out, combineTeam(id, byTeam[id], len(parts), dir, how))
	}
	return out
}

func combineTeam(id string, results []Entry, parts int, dir Direction, how Combine) Entry {
	e := Entry{TeamID: id, Status: typesv1.ResultStatus_completed}
	var done []float64
	worst := typesv1.ResultStatus_completed
	disqualified := false
	for _, r := range results {
		r = applyBeforePlacing(r)
		if r.Penalty.Kind == PenaltyPoints {
			e.Penalty.Kind, e.Penalty.Amount = PenaltyPoints, e.Penalty.Amount+r.Penalty.Amount
		}
		if r.Scaled {
			e.Scaled = true
		}
		switch r.Status {
		case typesv1.ResultStatus_dq:
			disqualified = true
		case typesv1.ResultStatus_completed:
			done = append(done, r.Value)
		case typesv1.ResultStatus_dns:
			worst = typesv1.ResultStatus_dns
		case typesv1.ResultStatus_dnf:
			if worst != typesv1.ResultStatus_dns {
				worst = typesv1.ResultStatus_dnf
			}
		case typesv1.ResultStatus_capped:
			if worst == typesv1.ResultStatus_completed {
				worst, e.CappedReps = typesv1.ResultStatus_capped, r.CappedReps
			}
		}
	}
	if disqualified {
		e.Status, e.CappedReps = typesv1.ResultStatus_dq, 0
		return e
	}
	if how == CombineBest && len(done) > 0 {
		best := done[0]
		for _, v := range done[1:] {
			if (dir == LowerIsBetter && v < best) || (dir == HigherIsBetter && v > best) {
				best = v
			}
		}
		e.Value = best
		return e
	}
	if worst == typesv1.ResultStatus_completed && len(done) < parts {
		worst = typesv1.ResultStatus_dnf // a part with no result: the workout was not done whole
	}
	if worst != typesv1.ResultStatus_completed {
		e.Status = worst
		return e
	}
	for _, v := range done {
		e.Value += v
	}
	return e
}
