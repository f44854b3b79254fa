package scoring

import (
	"cmp"
	"math"
	"slices"
)

// WorkoutPlacings holds one workout's placings by team id.
type WorkoutPlacings = map[string]Placing

// ByTeam indexes the output of PlaceWorkout for Standings.
func ByTeam(placings []Placing) WorkoutPlacings {
	m := make(WorkoutPlacings, len(placings))
	for _, p := range placings {
		m[p.TeamID] = p
	}
	return m
}

// Standing is one team's line in the overall standings of a division.
type Standing struct {
	TeamID    string
	Rank      int     // 0 = no rank (withdrawn, or no result yet)
	Total     float64 // 0 when Rank is 0
	Withdrawn bool
	Places    []int // the team's place in each workout, in workout order; 0 = none
}

// Standings ranks a division. teams is every team of the division;
// workouts holds the placings of each workout the view shows.
//
// The result lists ranked teams best first, then teams with no result in any
// shown workout, then withdrawn teams; the last two groups keep the order of
// teams.
//
// A team with no result at all is listed with total 0 but no rank. Ranking it
// would put it on equal terms with teams that competed: before the first
// result is published every team would be tied first, and under ranksum a
// total of 0 would even win. Its total of 0 matches what the public views
// show for a team with no published result. The published fixture has no
// such team, so nothing there decides otherwise.
func Standings(teams []string, workouts []WorkoutPlacings, t Table) []Standing {
	var ranked, unranked, withdrawn []Standing
	for _, id := range teams {
		s := Standing{TeamID: id, Places: make([]int, len(workouts))}
		var total float64
		hasResult := false
		for w, placings := range workouts {
			p, ok := placings[id]
			switch {
			case !ok:
			case !p.Ranked:
				s.Withdrawn = true // a dns in any workout withdraws the team
			default:
				s.Places[w] = p.Place
				total += p.Points
				hasResult = true
			}
		}
		switch {
		case s.Withdrawn:
			withdrawn = append(withdrawn, s)
		case !hasResult:
			unranked = append(unranked, s)
		default:
			// Rounded so that equal totals compare equal even when a custom
			// table's fractional points did not add up exactly.
			s.Total = math.Round(total*1e9) / 1e9
			ranked = append(ranked, s)
		}
	}

	compare := func(a, b Standing) int {
		c := cmp.Compare(b.Total, a.Total) // highest first
		if t.LowerTotalWins() {
			c = -c
		}
		if c != 0 {
			return c
		}
		return countback(a.Places, b.Places)
	}
	slices.SortStableFunc(ranked, compare)
	for i := range ranked {
		ranked[i].Rank = i + 1
		if i > 0 && compare(ranked[i-1], ranked[i]) == 0 {
			ranked[i].Rank = ranked[i-1].Rank // still tied after countback: share the place
		}
	}
	return slices.Concat(ranked, unranked, withdrawn)
}

// countback compares two teams' workout places sorted best first, element by
// element; the first difference decides. A team with fewer places (it has no
// result in some workout) loses to one that matches it place for place and
// has more.
func countback(a, b []int) int {
	pa, pb := bestFirst(a), bestFirst(b)
	for i := range min(len(pa), len(pb)) {
		if c := cmp.Compare(pa[i], pb[i]); c != 0 {
			return c
		}
	}
	return cmp.Compare(len(pb), len(pa))
}

// bestFirst returns the places a team has, sorted best first.
func bestFirst(places []int) []int {
	out := make([]int, 0, len(places))
	for _, p := range places {
		if p > 0 {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}
