package resultssvc_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/results-svc/scoring/fixture"
)

// API tests: the results routes through the gateway, and the real championship replayed end
// to end.

// requireWired skips while the stack still serves placeholders for results-svc or
// competition-svc (501), which only happens before the lead wires them into cmd/podium.
func requireWired(t *testing.T, s *stacktest.Stack) {
	t.Helper()
	probes := []*stacktest.Response{
		s.Admin(http.MethodGet, "/api/events", nil),
		s.Admin(http.MethodGet, "/api/results/publication/status", nil),
	}
	for _, r := range probes {
		if r.Status == http.StatusNotImplemented {
			t.Skipf("competition-svc or results-svc is not wired into the stack yet: %s", r.Body)
		}
	}
}

// setup is an event built through the admin API (eventtest) for the results routes.
type setup struct {
	*eventtest.Event
	s *stacktest.Stack
}

// newSetup creates the event name: Vancouver, 10–13 August 2023, details visible.
func newSetup(t *testing.T, s *stacktest.Stack, name string) *setup {
	t.Helper()
	ev := s.Events(t).Event(eventtest.Fields{
		"name": name, "dateFrom": "2023-08-10", "dateTo": "2023-08-13", "location": "Vancouver", "detailsVisible": true,
	})
	return &setup{Event: ev, s: s}
}

func (x *setup) grid(t *testing.T, workout, division string) *resultsv1.ResultGrid {
	t.Helper()
	q := url.Values{"workoutId": {x.WorkoutID(workout)}, "divisionId": {x.DivisionID(division)}}
	g := &resultsv1.ResultGrid{}
	x.s.Admin(http.MethodGet, "/api/events/"+x.ID+"/results?"+q.Encode(), nil).MustStatus(t, http.StatusOK).Decode(t, g)
	return g
}

func gridRanks(g *resultsv1.ResultGrid) string {
	var parts []string
	for _, r := range g.Rows {
		if r.Rank == nil {
			parts = append(parts, r.TeamName+":-")
			continue
		}
		parts = append(parts, fmt.Sprintf("%s:%d/%g", r.TeamName, r.Rank.GetValue(), r.Score.GetValue()))
	}
	return strings.Join(parts, " ")
}

func TestResultsRoutes(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	requireWired(t, s)
	x := newSetup(t, s, "Spring Throwdown")
	x.Division("Rx", "", eventtest.Named("Charlie", "Alpha", "Bravo")...)
	x.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1))
	x.Workout(eventtest.WorkoutFields("Cindy", "REPS", 0, 2))
	team := func(n string) string { return x.TeamID("Rx/" + n) }

	// Anonymous callers are refused.
	s.Do(http.MethodPost, "/api/results/batch", map[string]any{"results": []any{}}, "").MustStatus(t, http.StatusUnauthorized)

	// The empty grid: one row per team by name, id null, not_started.
	raw := s.Admin(http.MethodGet, "/api/events/"+x.ID+"/results?workoutId="+x.WorkoutID("Fran")+"&divisionId="+x.DivisionID("Rx"), nil).
		MustStatus(t, http.StatusOK)
	if !strings.Contains(string(raw.Body), `"id":null`) {
		t.Errorf("a team without a result must have id null: %s", raw.Body)
	}
	g := x.grid(t, "Fran", "Rx")
	if gridRanks(g) != "Alpha:- Bravo:- Charlie:-" || g.Rows[0].Status != typesv1.ResultStatus_not_started || g.Rows[0].TimeCapSeconds.GetValue() != 600 || len(g.Cells) != 2 {
		t.Fatalf("empty grid %+v", g)
	}

	// A batch with one bad row: 400 naming the team, nothing saved.
	bad := s.Admin(http.MethodPost, "/api/results/batch", map[string]any{"results": []map[string]any{
		{"teamId": team("Alpha"), "workoutId": x.WorkoutID("Fran"), "resultValue": 300},
		{"teamId": team("Bravo"), "workoutId": x.WorkoutID("Fran"), "resultValue": 0},
	}}).MustStatus(t, http.StatusBadRequest)
	if bad.Message() != `Invalid time for team "Bravo": Time must be greater than 0 seconds` {
		t.Fatalf("bad batch message %q", bad.Message())
	}
	if gridRanks(x.grid(t, "Fran", "Rx")) != "Alpha:- Bravo:- Charlie:-" {
		t.Fatal("a failed batch saved rows")
	}

	saved := &resultsv1.BatchSaveResultsResponse{}
	s.Admin(http.MethodPost, "/api/results/batch", map[string]any{"results": []map[string]any{
		{"teamId": team("Alpha"), "workoutId": x.WorkoutID("Fran"), "resultValue": 300},
		{"teamId": team("Bravo"), "workoutId": x.WorkoutID("Fran"), "resultValue": 600, "cappedReps": 42},
		{"teamId": team("Charlie"), "workoutId": x.WorkoutID("Fran"), "status": "dnf"},
	}}).MustStatus(t, http.StatusOK).Decode(t, saved)
	if len(saved.Results) != 3 || saved.Results[1].Status != typesv1.ResultStatus_capped || saved.Results[1].CappedReps.GetValue() != 42 || saved.Results[1].ResultValue != nil {
		t.Fatalf("saved %+v", saved.Results)
	}
	if got := gridRanks(x.grid(t, "Fran", "Rx")); got != "Alpha:1/100 Bravo:2/95 Charlie:3/0" {
		t.Fatalf("grid after batch: %s", got)
	}

	// Create, a second create (409), update.
	created := &resultsv1.Result{}
	s.Admin(http.MethodPost, "/api/results", map[string]any{"teamId": team("Alpha"), "workoutId": x.WorkoutID("Cindy"), "resultValue": 0}).
		MustStatus(t, http.StatusOK).Decode(t, created)
	if created.Id == nil || created.Rank.GetValue() != 1 || created.ResultValue.GetValue() != 0 {
		t.Fatalf("created %+v", created)
	}
	s.Admin(http.MethodPost, "/api/results", map[string]any{"teamId": team("Alpha"), "workoutId": x.WorkoutID("Cindy"), "resultValue": 3}).
		MustStatus(t, http.StatusConflict)
	r := s.Admin(http.MethodPost, "/api/results", map[string]any{"teamId": team("Bravo"), "workoutId": x.WorkoutID("Cindy"), "resultValue": 2.5}).
		MustStatus(t, http.StatusBadRequest)
	if r.Message() != `Invalid result for team "Bravo": Enter a whole number` {
		t.Fatalf("message %q", r.Message())
	}
	updated := &resultsv1.Result{}
	s.Admin(http.MethodPut, "/api/results/"+created.Id.GetValue(), map[string]any{"resultValue": 55}).MustStatus(t, http.StatusOK).Decode(t, updated)
	if updated.ResultValue.GetValue() != 55 || updated.Id.GetValue() != created.Id.GetValue() {
		t.Fatalf("updated %+v", updated)
	}
	s.Admin(http.MethodPut, "/api/results/not-an-id", map[string]any{"resultValue": 55}).MustStatus(t, http.StatusBadRequest)

	// Publication: publish two, status, toggle, unpublish.
	ids := []string{saved.Results[0].Id.GetValue(), saved.Results[1].Id.GetValue()}
	n := &resultsv1.PublicationResponse{}
	s.Admin(http.MethodPost, "/api/results/publication/publish", map[string]any{"resultIds": ids}).MustStatus(t, http.StatusOK).Decode(t, n)
	if n.UpdatedCount != 2 {
		t.Fatalf("published %d", n.UpdatedCount)
	}
	st := &resultsv1.PublicationStatus{}
	s.Admin(http.MethodGet, "/api/results/publication/status?eventId="+x.ID+"&workoutId="+x.WorkoutID("Fran")+"&divisionId="+x.DivisionID("Rx"), nil).
		MustStatus(t, http.StatusOK).Decode(t, st)
	if st.PublishedCount != 2 || st.UnpublishedCount != 1 || st.Percentage != 66.66 {
		t.Fatalf("status %+v", st)
	}
	s.Admin(http.MethodPost, "/api/results/publication/toggle", map[string]any{"resultIds": ids[:1]}).MustStatus(t, http.StatusOK).Decode(t, n)
	s.Admin(http.MethodGet, "/api/results/publication/status?eventId="+x.ID, nil).MustStatus(t, http.StatusOK).Decode(t, st)
	if n.UpdatedCount != 1 || st.PublishedCount != 1 || st.UnpublishedCount != 3 || st.Percentage != 25 {
		t.Fatalf("after toggle %d %+v", n.UpdatedCount, st)
	}
	g = x.grid(t, "Fran", "Rx")
	for _, c := range g.Cells {
		if c.WorkoutId == x.WorkoutID("Fran") && (c.Entered != 3 || c.Published != 1 || c.TotalTeams != 3 || len(c.ResultIds) != 3) {
			t.Fatalf("matrix cell %+v", c)
		}
	}

	// competition-svc's finalResultsCount counts published results (the counts results-svc records there).
	tm := &competitionv1.Team{}
	s.Admin(http.MethodGet, "/api/teams/"+team("Bravo"), nil).MustStatus(t, http.StatusOK).Decode(t, tm)
	if tm.FinalResultsCount != 1 {
		t.Errorf("Bravo finalResultsCount %d, want 1", tm.FinalResultsCount)
	}

	// Recalculate, delete one, delete the cell.
	rc := &resultsv1.RecalculateEventResponse{}
	s.Admin(http.MethodPost, "/api/events/"+x.ID+"/results/recalculate", nil).MustStatus(t, http.StatusOK).Decode(t, rc)
	if rc.ResultsCount != 4 {
		t.Fatalf("recalculated %d", rc.ResultsCount)
	}
	s.Admin(http.MethodDelete, "/api/results/"+saved.Results[0].Id.GetValue(), nil).MustStatus(t, http.StatusOK)
	s.Admin(http.MethodDelete, "/api/results/"+saved.Results[0].Id.GetValue(), nil).MustStatus(t, http.StatusNotFound)
	if got := gridRanks(x.grid(t, "Fran", "Rx")); got != "Alpha:- Bravo:1/100 Charlie:2/0" {
		t.Fatalf("after delete: %s", got)
	}
	dc := &resultsv1.DeleteResultsResponse{}
	s.Admin(http.MethodDelete, "/api/events/"+x.ID+"/results?workoutId="+x.WorkoutID("Fran")+"&divisionId="+x.DivisionID("Rx"), nil).
		MustStatus(t, http.StatusOK).Decode(t, dc)
	if dc.DeletedCount != 2 {
		t.Fatalf("bulk deleted %d", dc.DeletedCount)
	}
	s.Admin(http.MethodGet, "/api/events/"+x.ID+"/results?workoutId="+x.WorkoutID("Fran")+"&divisionId=00000000-0000-4000-8000-000000000000", nil).
		MustStatus(t, http.StatusNotFound)
}

// --- the real-data replay ------------------------------------------------------------------

// placing is what a view says about a team in a workout, or overall (workout "").
type placing struct {
	rank   *int32
	points *float64
	seen   bool
}

type view map[[2]string]placing // (team id, workout id or "") → placing

// replayChampionship enters the real championship (scoring/testdata/if3-masters-2023) through the API: its
// workouts, teams and every result, all published, the event in progress.
func replayChampionship(t *testing.T, s *stacktest.Stack) (*setup, []fixture.Division, map[string]string) {
	t.Helper()
	divisions, err := fixture.Load()
	if err != nil {
		t.Fatal(err)
	}
	x := newSetup(t, s, "iF3 Masters World Championships 2023")

	// The female and male divisions have six workouts each (W1–W6 (F), W1–W6 (M)): twelve
	// workouts in the event, TIME workouts capped at 60:00.
	order := 0
	created := map[string]bool{}
	for _, d := range divisions {
		for _, w := range d.Workouts {
			if created[w.Name] {
				continue
			}
			created[w.Name] = true
			order++
			capSeconds := 0
			if w.ScoreType == "TIME" {
				capSeconds = 3600
			}
			x.Workout(eventtest.WorkoutFields(w.Name, w.ScoreType, capSeconds, order))
		}
	}

	// Teams, then every result of a division in one batch, then publish them.
	var saved []*resultsv1.Result
	teamOf := map[string]string{} // fixture team id → team id
	for _, d := range divisions {
		names := make([]string, len(d.Teams))
		for i, tm := range d.Teams {
			names[i] = tm.Name
		}
		// iF3's divisions are individuals (docs/rosters.md): each entry's roster is its athlete.
		div := x.DivisionOf(d.Meta.Division, "", eventtest.Fields{"teamSize": 1}, eventtest.Named(names...)...)
		if size := div.GetRoster().GetTeamSize(); size != 1 {
			t.Fatalf("%s: team size %d, want an individual division", d.Meta.Division, size)
		}
		for _, tm := range d.Teams {
			teamOf[tm.ID] = x.TeamID(d.Meta.Division + "/" + tm.Name)
		}
		workoutOf := map[string]string{}
		for _, w := range d.Workouts {
			workoutOf[w.ID] = x.WorkoutID(w.Name)
		}
		var batch []eventtest.Fields
		for _, r := range d.Results {
			row := eventtest.Fields{"teamId": teamOf[r.TeamID], "workoutId": workoutOf[r.WorkoutID], "status": r.Status}
			switch {
			case r.Status == "capped":
				row["cappedReps"] = int(*r.Reps)
			case r.Status != "completed":
			case r.TimeSeconds != nil:
				row["resultValue"] = *r.TimeSeconds
			case r.WeightLb != nil:
				row["resultValue"] = *r.WeightLb
			default:
				row["resultValue"] = *r.Reps
			}
			batch = append(batch, row)
		}
		saved = append(saved, x.Results(batch...)...)
	}
	if n := x.Publish(saved...); int(n) != len(saved) {
		t.Fatalf("published %d of %d", n, len(saved))
	}
	s.Admin(http.MethodPost, "/api/events/"+x.ID+"/start", nil).MustStatus(t, http.StatusOK) // public from now on
	return x, divisions, teamOf
}

func TestReplayChampionshipThroughAPI(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	requireWired(t, s)
	x, divisions, teamOf := replayChampionship(t, s)

	// 1. The admin grid of every workout and division (stored places and points).
	grids := view{}
	for _, d := range divisions {
		for _, w := range d.Workouts {
			for _, r := range x.grid(t, w.Name, d.Meta.Division).Rows {
				if r.Id != nil {
					grids[[2]string{r.TeamId, r.WorkoutId}] = placing{rank: optI(r.Rank), points: optF(r.Score), seen: true}
				}
			}
		}
	}
	// 2. results-svc's standings for public-svc (GetEventStandings, published results only).
	conn := s.DialService("public", "results-svc", s.Cfg.ResultsAddr)
	es, err := resultsv1.NewResultsServiceClient(conn).GetEventStandings(context.Background(), &resultsv1.EventStandingsRequest{EventId: x.ID})
	if err != nil {
		t.Fatal(err)
	}
	standings := view{}
	for _, d := range es.Divisions {
		for _, ts := range d.Standings {
			standings[[2]string{ts.TeamId, ""}] = placing{rank: optI(ts.Rank), points: optF(ts.TotalPoints), seen: true}
			for _, p := range ts.Placings {
				standings[[2]string{ts.TeamId, p.WorkoutId}] = placing{rank: optI(p.Rank), points: optF(p.Points), seen: true}
			}
		}
	}
	// 3. The public division leaderboards, when public-svc is there.
	var public view
	probe := s.Do(http.MethodGet, "/api/public/events/"+x.ID+"/divisions/"+x.DivisionID(divisions[0].Meta.Division)+"/leaderboard", nil, "")
	if probe.Status == http.StatusNotImplemented {
		t.Log("public-svc is not wired yet: the public leaderboards are not compared")
	} else {
		public = view{}
		for _, d := range divisions {
			lb := &publicv1.DivisionLeaderboard{}
			s.Do(http.MethodGet, "/api/public/events/"+x.ID+"/divisions/"+x.DivisionID(d.Meta.Division)+"/leaderboard", nil, "").
				MustStatus(t, http.StatusOK).Decode(t, lb)
			for _, st := range lb.Standings {
				public[[2]string{st.TeamId, ""}] = placing{rank: optI(st.Rank), points: optF(st.TotalPoints), seen: true}
				for _, wr := range st.WorkoutResults {
					if wr.Status != typesv1.ResultStatus_not_started {
						public[[2]string{st.TeamId, wr.WorkoutId}] = placing{rank: optI(wr.Rank), points: optF(wr.Points), seen: true}
					}
				}
			}
		}
	}

	for _, c := range []struct {
		name    string
		v       view
		overall bool
		want    int
	}{
		{"admin grid", grids, false, 3430 - 2*countRanked(divisions)},
		{"GetEventStandings", standings, true, 3430},
		{"public leaderboard", public, true, 3430},
	} {
		if c.v == nil {
			continue
		}
		compared := compareView(t, c.name, c.v, c.overall, divisions, teamOf, x)
		t.Logf("%s: %d of %d published numbers match", c.name, compared, c.want)
		if compared != c.want {
			t.Errorf("%s: %d numbers match, want %d", c.name, compared, c.want)
		}
	}
}

// optI and optF are a number the JSON may leave null, comparable across the views.
func optI(w *wrapperspb.Int32Value) *int32 {
	if w == nil {
		return nil
	}
	v := w.GetValue()
	return &v
}

func optF(w *wrapperspb.DoubleValue) *float64 {
	if w == nil {
		return nil
	}
	v := w.GetValue()
	return &v
}

func countRanked(divisions []fixture.Division) int {
	n := 0
	for _, d := range divisions {
		for _, tm := range d.Teams {
			if tm.Published.Place != nil {
				n++
			}
		}
	}
	return n
}

// compareView checks every published number against a view and returns how many matched:
// place and points of each placed result, place and total of each ranked team. Results and
// teams that were published without a place must have none in the view either.
func compareView(t *testing.T, name string, v view, overall bool, divisions []fixture.Division, teamOf map[string]string, x *setup) int {
	t.Helper()
	matched, errs := 0, 0
	report := func(format string, args ...any) {
		if errs++; errs <= 20 {
			t.Errorf(name+": "+format, args...)
		}
	}
	for _, d := range divisions {
		workoutOf := map[string]string{}
		for _, w := range d.Workouts {
			workoutOf[w.ID] = x.WorkoutID(w.Name)
		}
		for _, r := range d.Results {
			got := v[[2]string{teamOf[r.TeamID], workoutOf[r.WorkoutID]}]
			where := fmt.Sprintf("%s %s %s", d.Meta.Division, r.TeamID, r.WorkoutID)
			if !got.seen {
				report("%s: result missing", where)
				continue
			}
			if r.Published.Rank == nil {
				if got.rank != nil || got.points != nil {
					report("%s (%s): place %v, published none", where, r.Status, *got.rank)
				}
				continue
			}
			if got.rank != nil && int(*got.rank) == *r.Published.Rank {
				matched++
			} else {
				report("%s: place %v, published %d", where, deref(got.rank), *r.Published.Rank)
			}
			if got.points != nil && *got.points == *r.Published.Points {
				matched++
			} else {
				report("%s: points %v, published %v", where, deref(got.points), *r.Published.Points)
			}
		}
		if !overall {
			continue
		}
		for _, tm := range d.Teams {
			got := v[[2]string{teamOf[tm.ID], ""}]
			where := d.Meta.Division + " " + tm.ID
			if !got.seen {
				report("%s: team missing from the standings", where)
				continue
			}
			if tm.Published.Place == nil {
				if got.rank != nil || got.points != nil {
					report("%s (withdrawn): rank %v total %v", where, deref(got.rank), deref(got.points))
				}
				continue
			}
			if got.rank != nil && int(*got.rank) == *tm.Published.Place {
				matched++
			} else {
				report("%s: rank %v, published %d", where, deref(got.rank), *tm.Published.Place)
			}
			if got.points != nil && *got.points == *tm.Published.TotalPoints {
				matched++
			} else {
				report("%s: total %v, published %v", where, deref(got.points), *tm.Published.TotalPoints)
			}
		}
	}
	return matched
}

func deref[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}
