package floor

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func seedNames(ts []seedTeam) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.Name
	}
	return out
}

func TestRunningOrderByStandings(t *testing.T) {
	t.Parallel()
	// By name, as the store lists them.
	teams := []seedTeam{
		{ID: "5", Name: "Alpha new"}, {ID: "1", Name: "Leader", Rank: 1}, {ID: "6", Name: "Second a", Rank: 2},
		{ID: "4", Name: "Second b", Rank: 2}, {ID: "3", Name: "Third", Rank: 3}, {ID: "2", Name: "zeta new"},
	}
	got := seedNames(runningOrder(teams, OrderStandings, nil))
	// Unranked first by name, then the last place to the leader; equal ranks by name.
	want := []string{"Alpha new", "zeta new", "Third", "Second a", "Second b", "Leader"}
	if !slices.Equal(got, want) {
		t.Errorf("standings order = %q, want %q", got, want)
	}
	if seedNames(teams)[0] != "Alpha new" {
		t.Error("runningOrder changed its input")
	}
}

func TestRunningOrderByNameAndRandom(t *testing.T) {
	t.Parallel()
	teams := []seedTeam{{ID: "3", Name: "alpha"}, {ID: "2", Name: "Bravo"}, {ID: "1", Name: "charlie"}} // by name, as listed
	if got := seedNames(runningOrder(teams, OrderName, nil)); !slices.Equal(got, []string{"alpha", "Bravo", "charlie"}) {
		t.Errorf("name order = %q", got)
	}
	// Random: the same teams, each once; different seeds give different orders sometimes.
	orders := map[string]bool{}
	for seed := range uint64(20) {
		got := runningOrder(teams, OrderRandom, rand.New(rand.NewPCG(seed, seed)))
		names := seedNames(got)
		sorted := slices.Sorted(slices.Values(names))
		if !slices.Equal(sorted, []string{"Bravo", "alpha", "charlie"}) {
			t.Fatalf("random order lost or repeated a team: %q", names)
		}
		orders[names[0]+names[1]+names[2]] = true
	}
	if len(orders) < 2 {
		t.Errorf("20 random orders were all the same: %v", orders)
	}
}

func TestSplitHeats(t *testing.T) {
	t.Parallel()
	mk := func(n int) []seedTeam {
		out := make([]seedTeam, n)
		for i := range out {
			out[i] = seedTeam{ID: string(rune('a' + i))}
		}
		return out
	}
	for _, tc := range []struct {
		teams, lanes int
		sizes        []int
	}{
		{10, 4, []int{2, 4, 4}}, {8, 4, []int{4, 4}}, {1, 4, []int{1}}, {3, 4, []int{3}}, {0, 4, nil}, {5, 1, []int{1, 1, 1, 1, 1}},
	} {
		heats := splitHeats(mk(tc.teams), tc.lanes)
		var sizes []int
		var all []seedTeam
		for _, h := range heats {
			sizes = append(sizes, len(h))
			all = append(all, h...)
		}
		if !slices.Equal(sizes, tc.sizes) {
			t.Errorf("%d teams in %d lanes: sizes %v, want %v", tc.teams, tc.lanes, sizes, tc.sizes)
		}
		if !slices.Equal(all, mk(tc.teams)) && tc.teams > 0 {
			t.Errorf("%d teams in %d lanes: order not kept", tc.teams, tc.lanes)
		}
	}
}
