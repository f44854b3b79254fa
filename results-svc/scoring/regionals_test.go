package scoring_test

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/results-svc/scoring"
)

// A second published championship, scored with another table than the first: the 2016 CrossFit
// California Regional, men (testdata/regionals2016/README.md: source, licence, what the data
// says). Every event is for time; points are games2012's.

type regionalAthlete struct {
	name   string
	place  int     // published final place
	total  float64 // published total
	events []regionalResult
}

type regionalResult struct {
	text   string  // as published: "10:24.17", "CAP+5", "WD"
	points float64 // published points; 0 for WD
	wd     bool
}

func loadRegional(t *testing.T) []regionalAthlete {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "regionals2016", "california-men.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var out []regionalAthlete
	for _, row := range rows[1:] {
		a := regionalAthlete{name: row[2], place: atoi(t, row[0]), total: float64(atoi(t, row[1]))}
		for i := 3; i+1 < len(row); i += 2 {
			r := regionalResult{text: row[i], wd: row[i] == "WD"}
			if !r.wd {
				r.points = float64(atoi(t, row[i+1]))
			}
			a.events = append(a.events, r)
		}
		out = append(out, a)
	}
	return out
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return n
}

var capShort = regexp.MustCompile(`^CAP\+(\d+)$`)

// entry turns a published result into the engine's input. The data gives a capped athlete's
// reps short of the workout, not the reps done; the engine is given 1000 − short as the reps
// done (every workout here has fewer than 1,000 reps), which keeps their order, and places
// depend only on the order.
func (r regionalResult) entry(t *testing.T, team string) scoring.Entry {
	t.Helper()
	if r.wd {
		return scoring.Entry{TeamID: team, Status: typesv1.ResultStatus_dns}
	}
	if m := capShort.FindStringSubmatch(r.text); m != nil {
		return scoring.Entry{TeamID: team, Status: typesv1.ResultStatus_capped, CappedReps: 1000 - atoi(t, m[1])}
	}
	mins, secs, ok := strings.Cut(r.text, ":")
	s, err := strconv.ParseFloat(secs, 64)
	if !ok || err != nil {
		t.Fatalf("result %q is neither a time, CAP+N nor WD", r.text)
	}
	return scoring.Entry{TeamID: team, Status: typesv1.ResultStatus_completed, Value: float64(atoi(t, mins)*60) + s}
}

// placeOf is the place games2012 gives these points (the table falls strictly down to 0, so
// each published number names one place).
func placeOf(t *testing.T, table scoring.Table, points float64) int {
	t.Helper()
	for p := 1; p <= 100; p++ {
		if table.Points(p) == points {
			return p
		}
	}
	t.Fatalf("no place has %v points", points)
	return 0
}

// TestReplayRegionals2016 replays every event of the region from its raw results. CrossFit
// separated some equal results (the same CAP+N) by a tie-break time the data does not hold, so
// for a group of equal results the test asserts what the data determines: the engine, without
// the tie-break, gives the whole group its best place and that place's points, and each
// published place of the group is that place plus the members published above it (shared where
// CrossFit's tie-break was equal too, where the published numbers must be the engine's). Every
// other result's place and points must be the published ones.
func TestReplayRegionals2016(t *testing.T) {
	t.Parallel()
	athletes := loadRegional(t)
	table, err := scoring.NewTable("games2012", nil)
	if err != nil {
		t.Fatal(err)
	}
	exact, grouped := 0, 0
	for w := range athletes[0].events {
		entries := make([]scoring.Entry, len(athletes))
		for i, a := range athletes {
			entries[i] = a.events[w].entry(t, a.name)
		}
		placings := scoring.PlaceWith(entries, scoring.Workout{Dir: scoring.LowerIsBetter}, scoring.Rules{Table: table})
		// Group the placed results by the place the engine gave them (equal results share it).
		groups := map[int][]int{}
		for i, p := range placings {
			if athletes[i].events[w].wd {
				if p.Ranked {
					t.Errorf("event %d, %s: WD got place %d", w+1, athletes[i].name, p.Place)
				}
				continue
			}
			groups[p.Place] = append(groups[p.Place], i)
		}
		for place, members := range groups {
			if len(members) == 1 {
				i := members[0]
				want := athletes[i].events[w].points
				if placings[i].Points != want || placings[i].Place != placeOf(t, table, want) {
					t.Errorf("event %d, %s (%s): place %d, %v points; published %v points",
						w+1, athletes[i].name, athletes[i].events[w].text, placings[i].Place, placings[i].Points, want)
				}
				exact++
				continue
			}
			// CrossFit's tie-break separated some of the group and left the rest sharing: each
			// published place is the group's best place plus the members published above it.
			var published []int
			for _, i := range members {
				if placings[i].Points != table.Points(place) {
					t.Errorf("event %d, %s: tied at %d with %v points, want %v", w+1, athletes[i].name, place, placings[i].Points, table.Points(place))
				}
				published = append(published, placeOf(t, table, athletes[i].events[w].points))
			}
			slices.Sort(published)
			for _, p := range published {
				above := slices.Index(published, p) // members published above this one
				if p != place+above {
					t.Errorf("event %d: %d equal results from place %d; published places %v are not the group's places",
						w+1, len(members), place, published)
					break
				}
			}
			if published[len(published)-1] == place {
				exact += len(members) // CrossFit had them share too: the published numbers exactly
				continue
			}
			grouped += len(members)
		}
	}
	t.Logf("%d results reproduced exactly, %d in tie groups CrossFit separated by a time the data does not hold", exact, grouped)
	if exact+grouped != 38*7-7 { // 38 athletes, 7 events, 7 WD
		t.Errorf("compared %d results, want %d", exact+grouped, 38*7-7)
	}
}

// TestReplayRegionals2016Standings gives the engine the published places of every event and
// asserts the published totals and final places, its countback tie-breaks included (14th and
// 15th on 371, 24th and 25th on 297). The two athletes who withdrew are withdrawn for the engine
// (no total, no rank: the scoring document, section 4) and listed last in their published order.
func TestReplayRegionals2016Standings(t *testing.T) {
	t.Parallel()
	athletes := loadRegional(t)
	table, err := scoring.NewTable("games2012", nil)
	if err != nil {
		t.Fatal(err)
	}
	teams := make([]string, len(athletes))
	for i, a := range athletes {
		teams[i] = a.name
	}
	var workouts []scoring.WorkoutPlacings
	for w := range athletes[0].events {
		var placings []scoring.Placing
		for _, a := range athletes {
			r := a.events[w]
			if r.wd {
				placings = append(placings, scoring.Placing{TeamID: a.name})
				continue
			}
			placings = append(placings, scoring.Placing{TeamID: a.name, Place: placeOf(t, table, r.points), Points: r.points, Ranked: true})
		}
		workouts = append(workouts, scoring.ByTeam(placings))
	}
	standings := scoring.StandingsWith(teams, workouts, scoring.Rules{Table: table})
	if len(standings) != len(athletes) {
		t.Fatalf("%d standings for %d athletes", len(standings), len(athletes))
	}
	byName := map[string]regionalAthlete{}
	for _, a := range athletes {
		byName[a.name] = a
	}
	compared := 0
	for i, s := range standings {
		a := byName[s.TeamID]
		if a.place != i+1 {
			t.Errorf("line %d is %s, published %d", i+1, s.TeamID, a.place)
		}
		withdrew := a.events[len(a.events)-1].wd
		if withdrew != s.Withdrawn {
			t.Errorf("%s: withdrawn %v, published WD %v", s.TeamID, s.Withdrawn, withdrew)
			continue
		}
		if withdrew {
			continue
		}
		if s.Rank != a.place || s.Total != a.total {
			t.Errorf("%s: rank %d total %v; published %d, %v", s.TeamID, s.Rank, s.Total, a.place, a.total)
		}
		compared += 2
	}
	for _, pair := range [][2]string{{"Kenneth Leverich", "Ryan Fischer"}, {"Jordan Jiunta", "Troy Stinson"}} {
		ahead, behind := findStanding(standings, pair[0]), findStanding(standings, pair[1])
		if ahead.Tie != scoring.TieBrokenAhead || behind.Tie != scoring.TieBrokenBehind {
			t.Errorf("%s and %s: ties %v and %v, want ahead and behind on countback", pair[0], pair[1], ahead.Tie, behind.Tie)
		}
	}
	if compared != 36*2 {
		t.Errorf("compared %d published numbers, want %d", compared, 36*2)
	}
}

func findStanding(standings []scoring.Standing, team string) scoring.Standing {
	for _, s := range standings {
		if s.TeamID == team {
			return s
		}
	}
	return scoring.Standing{}
}
