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
	// Tie says how the team stands to others with the same total: the board's "tied on 285;
	// ahead on countback" comes from it, never from a second computation.
	Tie Tie
}

// Tie is a ranked team's relation to the teams with its total.
type Tie int

const (
	// NotTied: no other team has this total.
	NotTied Tie = iota
	// TieBrokenAhead: the tie-break put the team above some team with the same total (and
	// below none).
	TieBrokenAhead
	// TieBrokenBehind: the tie-break put the team below some team with the same total.
	TieBrokenBehind
	// TieShared: the team shares its rank with a team of the same total (the tie-break could
	// not, or was not to, separate them).
	TieShared
)

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
	return StandingsWith(teams, workouts, Rules{Table: t})
}

// StandingsWith is Standings under an event's rules: equal totals are ordered by r.Overall.
func StandingsWith(teams []string, workouts []WorkoutPlacings, r Rules) []Standing {
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

	byTotal := func(a, b Standing) int {
		c := cmp.Compare(b.Total, a.Total) // highest first
		if r.Table.LowerTotalWins() {
			c = -c
		}
		return c
	}
	compare := func(a, b Standing) int {
		if c := byTotal(a, b); c != 0 {
			return c
		}
		return tieBreak(r, a, b)
	}
	slices.SortStableFunc(ranked, compare)
	for i := range ranked {
		ranked[i].Rank = i + 1
		if i > 0 && compare(ranked[i-1], ranked[i]) == 0 {
			ranked[i].Rank = ranked[i-1].Rank // still tied after the tie-break: share the place
		}
	}
	markTies(ranked, byTotal, func(s Standing) int { return s.Rank }, func(s *Standing, t Tie) { s.Tie = t })
	return slices.Concat(ranked, unranked, withdrawn)
}

// tieBreak orders two teams with equal totals as the rules say.
func tieBreak(r Rules, a, b Standing) int {
	switch r.Overall {
	case TieBreakNone:
		return 0
	case TieBreakByWorkout:
		w := r.OverallWorkout
		if w < 0 || w >= len(a.Places) {
			return 0
		}
		// A place beats no place (0); the better place wins.
		pa, pb := a.Places[w], b.Places[w]
		switch {
		case pa == pb:
			return 0
		case pa == 0:
			return 1
		case pb == 0:
			return -1
		}
		return cmp.Compare(pa, pb)
	}
	return countback(a.Places, b.Places)
}

// markTies sets the Tie of each of items (sorted best first, so equal totals are neighbours)
// from the ranks the tie-break gave the items of its total: standings and series alike.
func markTies[T any](items []T, byTotal func(a, b T) int, rank func(T) int, set func(*T, Tie)) {
	for start := 0; start < len(items); {
		end := start + 1
		for end < len(items) && byTotal(items[start], items[end]) == 0 {
			end++
		}
		group := items[start:end]
		for i := range group {
			if len(group) == 1 {
				break
			}
			shares := (i > 0 && rank(group[i-1]) == rank(group[i])) || (i+1 < len(group) && rank(group[i+1]) == rank(group[i]))
			switch {
			case shares:
				set(&group[i], TieShared)
			case rank(group[i]) > rank(group[0]):
				set(&group[i], TieBrokenBehind)
			default:
				set(&group[i], TieBrokenAhead)
			}
		}
		start = end
	}
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
