package scoring

import (
	"cmp"
	"math"
	"slices"
)

// A series adds up a season: each competitor (a team, or an athlete across partner changes)
// earns the series table's points for its final placing in each event of the series, and its
// best N events count.

// SeriesResult is a competitor's final placing in one event of a series. Event is the event's
// index in the season's order, oldest first.
type SeriesResult struct {
	Competitor string
	Event      int
	Place      int
}

// SeriesRules are a series' own: its points table and how many events count (0: all).
type SeriesRules struct {
	Table Table
	BestN int
}

// EventPoints is what one event gave a competitor.
type EventPoints struct {
	Event  int
	Place  int
	Points float64
}

// SeriesStanding is a competitor's line in a series division.
type SeriesStanding struct {
	Competitor string
	Rank       int
	Total      float64
	Counted    []EventPoints // the events that count, in season order
	Dropped    []EventPoints // the events best-N left out, in season order
	Tie        Tie
}

// SeriesStandings ranks a series division from its competitors' final placings: the total of
// the best N events' points (best: the most points; under ranksum the fewest), equal totals
// ordered by the best single placing, then by the placing in the most recent event either
// attended (the better one wins), else shared. Competitors come out best first; a competitor's
// results in events it did not place in (no result) simply do not exist. A competitor is
// whatever the caller keys it by: a team's name key, or an athlete's account, which then
// places once for each team it was on (docs/series.md, "Ranking"); placed twice in one event
// (two teams of one athlete), its better placing counts.
func SeriesStandings(results []SeriesResult, r SeriesRules) []SeriesStanding {
	byCompetitor := map[string][]EventPoints{}
	var order []string
	for _, res := range results {
		if res.Place < 1 {
			continue
		}
		events, seen := byCompetitor[res.Competitor]
		if !seen {
			order = append(order, res.Competitor)
		}
		if i := slices.IndexFunc(events, func(e EventPoints) bool { return e.Event == res.Event }); i >= 0 {
			events[i].Place = min(events[i].Place, res.Place)
			events[i].Points = r.Table.Points(events[i].Place)
			continue
		}
		byCompetitor[res.Competitor] = append(events,
			EventPoints{Event: res.Event, Place: res.Place, Points: r.Table.Points(res.Place)})
	}
	better := func(a, b EventPoints) int { // <0: a counts before b
		c := cmp.Compare(b.Points, a.Points)
		if r.Table.LowerTotalWins() {
			c = -c
		}
		if c != 0 {
			return c
		}
		return cmp.Compare(b.Event, a.Event) // equal points: the more recent counts first
	}
	out := make([]SeriesStanding, 0, len(order))
	for _, id := range order {
		events := byCompetitor[id]
		slices.SortFunc(events, better)
		n := len(events)
		if r.BestN > 0 && r.BestN < n {
			n = r.BestN
		}
		s := SeriesStanding{Competitor: id, Counted: slices.Clone(events[:n]), Dropped: slices.Clone(events[n:])}
		for _, e := range s.Counted {
			s.Total += e.Points
		}
		s.Total = math.Round(s.Total*1e9) / 1e9
		bySeason := func(a, b EventPoints) int { return cmp.Compare(a.Event, b.Event) }
		slices.SortFunc(s.Counted, bySeason)
		slices.SortFunc(s.Dropped, bySeason)
		out = append(out, s)
	}

	byTotal := func(a, b SeriesStanding) int {
		c := cmp.Compare(b.Total, a.Total)
		if r.Table.LowerTotalWins() {
			c = -c
		}
		return c
	}
	compare := func(a, b SeriesStanding) int {
		if c := byTotal(a, b); c != 0 {
			return c
		}
		if c := cmp.Compare(bestPlace(a), bestPlace(b)); c != 0 {
			return c
		}
		return mostRecent(a, b)
	}
	slices.SortStableFunc(out, compare)
	for i := range out {
		out[i].Rank = i + 1
		if i > 0 && compare(out[i-1], out[i]) == 0 {
			out[i].Rank = out[i-1].Rank
		}
	}
	markTies(out, byTotal, func(s SeriesStanding) int { return s.Rank }, func(s *SeriesStanding, t Tie) { s.Tie = t })
	return out
}

// bestPlace is a competitor's best placing over every event it placed in.
func bestPlace(s SeriesStanding) int {
	best := math.MaxInt
	for _, e := range slices.Concat(s.Counted, s.Dropped) {
		best = min(best, e.Place)
	}
	return best
}

// mostRecent compares the placings in the most recent event both placed in.
func mostRecent(a, b SeriesStanding) int {
	places := func(s SeriesStanding) map[int]int {
		m := map[int]int{}
		for _, e := range slices.Concat(s.Counted, s.Dropped) {
			m[e.Event] = e.Place
		}
		return m
	}
	pa, pb := places(a), places(b)
	latest, found := -1, false
	for ev := range pa {
		if _, ok := pb[ev]; ok && ev > latest {
			latest, found = ev, true
		}
	}
	if !found {
		return 0
	}
	return cmp.Compare(pa[latest], pb[latest])
}
