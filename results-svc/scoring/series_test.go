package scoring_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/podium-dev/podium/results-svc/scoring"
)

func TestSeriesStandings(t *testing.T) {
	t.Parallel()
	podium := mustTable(t, "podium100")
	// Three events, oldest first. a: 1st, 3rd, 2nd; b: 2nd, 1st, -; c: 3rd, 2nd, 1st.
	results := []scoring.SeriesResult{
		{"a", 0, 1}, {"b", 0, 2}, {"c", 0, 3},
		{"a", 1, 3}, {"b", 1, 1}, {"c", 1, 2},
		{"a", 2, 2}, {"c", 2, 1},
	}
	rank := func(st []scoring.SeriesStanding) map[string]scoring.SeriesStanding {
		m := map[string]scoring.SeriesStanding{}
		for _, s := range st {
			m[s.Competitor] = s
		}
		return m
	}

	all := rank(scoring.SeriesStandings(results, scoring.SeriesRules{Table: podium}))
	// a 100+90+95 = 285, c 90+95+100 = 285, b 95+100 = 195.
	if all["a"].Total != 285 || all["c"].Total != 285 || all["b"].Total != 195 {
		t.Fatalf("totals: %+v", all)
	}
	// a and c both have a 1st: the most recent event both attended (event 2) decides: c won it.
	if all["c"].Rank != 1 || all["a"].Rank != 2 || all["c"].Tie != scoring.TieBrokenAhead || all["a"].Tie != scoring.TieBrokenBehind {
		t.Errorf("tie by the most recent event: %+v", all)
	}

	best2 := rank(scoring.SeriesStandings(results, scoring.SeriesRules{Table: podium, BestN: 2}))
	// a: 100 + 95 (3rd dropped) = 195; c: 100 + 95 = 195; b: 100 + 95 = 195: three-way tie on
	// total, each has a 1st; the most recent event both attended separates pairs.
	for _, id := range []string{"a", "b", "c"} {
		if s := best2[id]; s.Total != 195 || len(s.Counted) != 2 {
			t.Errorf("best 2 of %s: %+v", id, s)
		}
	}
	if d := best2["a"].Dropped; len(d) != 1 || d[0].Event != 1 || d[0].Place != 3 {
		t.Errorf("a's dropped event: %+v", d)
	}

	// An event removed from the series: its placings are simply not given.
	var without []scoring.SeriesResult
	for _, r := range results {
		if r.Event != 2 {
			without = append(without, r)
		}
	}
	removed := rank(scoring.SeriesStandings(without, scoring.SeriesRules{Table: podium}))
	// a 190, b 195, c 185.
	if removed["b"].Rank != 1 || removed["a"].Rank != 2 || removed["c"].Rank != 3 {
		t.Errorf("after removing event 2: %+v", removed)
	}

	// Ranksum: the fewest points win, the lowest places count.
	ranksum := rank(scoring.SeriesStandings(results, scoring.SeriesRules{Table: mustTable(t, "ranksum"), BestN: 2}))
	if ranksum["a"].Total != 3 || ranksum["b"].Total != 3 || ranksum["c"].Total != 3 {
		t.Errorf("ranksum best 2: %+v", ranksum)
	}

	// Still equal after both tie-breaks: shared.
	shared := rank(scoring.SeriesStandings([]scoring.SeriesResult{{"x", 0, 1}, {"y", 1, 1}}, scoring.SeriesRules{Table: podium}))
	if shared["x"].Rank != 1 || shared["y"].Rank != 1 || shared["x"].Tie != scoring.TieShared {
		t.Errorf("no common event: %+v", shared)
	}
}

// TestSeriesStandingsByAthlete: ranked by athlete account, each athlete of a team earns the
// team's placing, so an athlete who changes partners carries their points across events.
func TestSeriesStandingsByAthlete(t *testing.T) {
	t.Parallel()
	podium := mustTable(t, "podium100")
	type team struct {
		athletes []string
		event    int
		place    int
	}
	teams := []team{
		// Spring: anna+ben win, cleo+dan 2nd.
		{[]string{"anna", "ben"}, 0, 1}, {[]string{"cleo", "dan"}, 0, 2},
		// Summer: the partners change. ben+dan win, anna+cleo 2nd.
		{[]string{"ben", "dan"}, 1, 1}, {[]string{"anna", "cleo"}, 1, 2},
		// Autumn: anna with eve (new) wins; ben alone in a team typed by hand without a
		// partner's account; cleo and dan stay home.
		{[]string{"anna", "eve"}, 2, 1}, {[]string{"ben"}, 2, 3},
	}
	var results []scoring.SeriesResult
	for _, tm := range teams {
		for _, a := range tm.athletes {
			results = append(results, scoring.SeriesResult{Competitor: a, Event: tm.event, Place: tm.place})
		}
	}
	lines := func(st []scoring.SeriesStanding) string {
		var out []string
		for _, s := range st {
			out = append(out, fmt.Sprintf("%d %s %g", s.Rank, s.Competitor, s.Total))
		}
		return strings.Join(out, ", ")
	}
	// anna 100+95+100 = 295, ben 100+100+90 = 290, dan 95+100 = 195, cleo 95+95 = 190, eve 100.
	if got, want := lines(scoring.SeriesStandings(results, scoring.SeriesRules{Table: podium})),
		"1 anna 295, 2 ben 290, 3 dan 195, 4 cleo 190, 5 eve 100"; got != want {
		t.Errorf("by athlete:\n got %s\nwant %s", got, want)
	}
	// Best 2: anna 200, ben 200 (each two wins; the most recent event both attended, the
	// autumn, anna won), dan 195, cleo 190, eve 100.
	best2 := scoring.SeriesStandings(results, scoring.SeriesRules{Table: podium, BestN: 2})
	if got, want := lines(best2), "1 anna 200, 2 ben 200, 3 dan 195, 4 cleo 190, 5 eve 100"; got != want {
		t.Errorf("best 2 by athlete:\n got %s\nwant %s", got, want)
	}
	if best2[0].Tie != scoring.TieBrokenAhead || best2[1].Tie != scoring.TieBrokenBehind {
		t.Errorf("anna and ben: tie broken by the most recent event: %+v", best2[:2])
	}
	if d := best2[1].Dropped; len(d) != 1 || d[0].Event != 2 || d[0].Place != 3 {
		t.Errorf("ben's dropped event: %+v", d)
	}

	// An athlete on two teams of one event (two divisions mapped to one series division is
	// refused, but the placings may still name them twice): the better placing counts, once.
	twice := scoring.SeriesStandings([]scoring.SeriesResult{{"fay", 0, 4}, {"fay", 0, 2}, {"gus", 0, 3}}, scoring.SeriesRules{Table: podium})
	if got, want := lines(twice), "1 fay 95, 2 gus 90"; got != want || len(twice[0].Counted) != 1 || twice[0].Counted[0].Place != 2 {
		t.Errorf("placed twice in one event: %s %+v", got, twice)
	}
}
