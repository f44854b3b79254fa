package floor

import (
	"math/rand/v2"
	"slices"
)

// Seeding of generated heats (docs/heats.md): pure, so the rules are tested without I/O.

// Heat orders of GenerateHeats.
const (
	OrderStandings = "standings"
	OrderName      = "name"
	OrderRandom    = "random"
)

// seedTeam is a team to seat: rank is its overall rank in the division's published standings
// (0: unranked — no published result, or withdrawn).
type seedTeam struct {
	ID, Name string
	Rank     int32
}

// runningOrder returns the teams in the order they race: the first team goes into the first
// heat. teams come by name (the store's order, store/order.go). By standings: unranked teams
// first (by name), then ranked teams from the last place to the leader, so the leaders race
// in the last heat; by name: as they come.
func runningOrder(teams []seedTeam, order string, rnd *rand.Rand) []seedTeam {
	out := slices.Clone(teams)
	switch order {
	case OrderStandings:
		slices.SortStableFunc(out, func(a, b seedTeam) int {
			switch {
			case a.Rank == 0 && b.Rank == 0:
				return 0
			case a.Rank == 0:
				return -1
			case b.Rank == 0:
				return 1
			}
			return int(b.Rank - a.Rank) // worse place first; equal places keep the name order
		})
	case OrderRandom:
		rnd.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	}
	return out
}

// splitHeats cuts a running order into heats of at most lanes teams. Every heat is full but
// the first, which takes the remainder: the leaders race in a full last heat.
func splitHeats(order []seedTeam, lanes int) [][]seedTeam {
	if len(order) == 0 {
		return nil
	}
	heats := (len(order) + lanes - 1) / lanes
	first := len(order) - (heats-1)*lanes
	out := [][]seedTeam{order[:first]}
	for i := first; i < len(order); i += lanes {
		out = append(out, order[i:i+lanes])
	}
	return out
}
