package floor_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/internal/poll"
)

// Heats (docs/heats.md) through the gateway: generation, editing, a judge's lane
// result, heat publication and the public schedule, with who may do what.

// heatWorld is a published event with divisions of the given sizes (teams "<division> 01"…)
// and two TIME workouts.
type heatWorld struct {
	s                 *stacktest.Stack
	ev                *eventtest.Event
	event             string
	divisions         []string
	teams             map[string][]string // by division id, in creation order
	names             map[string]string   // team id → name
	first, second     string              // workouts
	scorer, organiser string              // tokens of the event's judge and organiser
}

func newHeatWorld(t *testing.T, s *stacktest.Stack, sizes map[string]int, order []string) *heatWorld {
	t.Helper()
	return newHeatWorldOn(t, s, "2026-06-01", "2026-06-02", sizes, order)
}

// newHeatWorldOn is newHeatWorld with the event's days.
func newHeatWorldOn(t *testing.T, s *stacktest.Stack, from, to string, sizes map[string]int, order []string) *heatWorld {
	t.Helper()
	w := &heatWorld{s: s, teams: map[string][]string{}, names: map[string]string{}}
	ev := s.Events(t).Event(eventtest.Fields{"name": "Heat Games", "dateFrom": from, "dateTo": to, "status": "PUBLISHED"})
	w.event = ev.ID
	for _, name := range order {
		names := make([]string, sizes[name])
		for i := range names {
			names[i] = fmt.Sprintf("%s %02d", name, i+1)
		}
		d := ev.Division(name, "", eventtest.Named(names...)...)
		w.divisions = append(w.divisions, d.GetId())
		w.teams[d.GetId()] = nil
	}
	for _, tm := range ev.Teams {
		w.teams[tm.GetDivisionId()] = append(w.teams[tm.GetDivisionId()], tm.GetId())
		w.names[tm.GetId()] = tm.GetName()
	}
	w.first = ev.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 0)).GetId()
	w.second = ev.Workout(eventtest.WorkoutFields("Grace", "TIME", 600, 0)).GetId()
	w.ev = ev
	w.scorer = w.user(t, "judge", "scorer")
	w.organiser = w.user(t, "boss", "organiser")
	return w
}

// user creates a user with a grant of role on the event and returns its token.
func (w *heatWorld) user(t *testing.T, name, role string) string {
	t.Helper()
	name += "-" + w.event[:8]
	var u struct{ ID string }
	w.s.Admin(http.MethodPost, "/api/users", apitest.Obj{"username": name, "password": name + "-passphrase", "role": role}).MustStatus(t, http.StatusOK).Decode(t, &u)
	w.s.Admin(http.MethodPut, "/api/events/"+w.event+"/access/"+u.ID, apitest.Obj{"role": role}).MustStatus(t, http.StatusOK)
	return w.s.Login(name, name+"-passphrase")
}

func (w *heatWorld) heatsPath(workout string) string {
	return "/api/events/" + w.event + "/workouts/" + workout + "/heats"
}

func (w *heatWorld) generate(t *testing.T, workout string, body apitest.Obj) []*competitionv1.Heat {
	t.Helper()
	r := w.s.Do(http.MethodPost, w.heatsPath(workout)+"/generate", body, w.organiser).MustStatus(t, http.StatusOK)
	return eventtest.DecodeList(t, r.Body, newHeat)
}

func (w *heatWorld) list(t *testing.T, workout string) []*competitionv1.Heat {
	t.Helper()
	r := w.s.Do(http.MethodGet, w.heatsPath(workout), nil, w.scorer).MustStatus(t, http.StatusOK)
	return eventtest.DecodeList(t, r.Body, newHeat)
}

func newHeat() *competitionv1.Heat { return &competitionv1.Heat{} }

// publishResults saves and publishes results of the first workout: seconds by team id.
func (w *heatWorld) publishResults(t *testing.T, seconds map[string]float64) {
	t.Helper()
	var rows []eventtest.Fields
	for team, sec := range seconds {
		rows = append(rows, eventtest.Fields{"teamId": team, "workoutId": w.first, "resultValue": sec})
	}
	w.ev.Publish(w.ev.Results(rows...)...)
}

func teamsOf(hs []*competitionv1.Heat) []string {
	var out []string
	for _, h := range hs {
		for _, l := range h.Lanes {
			out = append(out, l.TeamId)
		}
	}
	return out
}

// checkOnce fails unless every team of want races exactly once in hs.
func checkOnce(t *testing.T, hs []*competitionv1.Heat, want []string) {
	t.Helper()
	got := slices.Sorted(slices.Values(teamsOf(hs)))
	if !slices.Equal(got, slices.Sorted(slices.Values(want))) {
		t.Errorf("teams in heats = %v, want each of %v once", got, want)
	}
}

func TestHeatGenerationByName(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	w := newHeatWorld(t, s, map[string]int{"Open": 10, "Scaled": 3}, []string{"Open", "Scaled"})
	open, scaled := w.divisions[0], w.divisions[1]
	hs := w.generate(t, w.second, apitest.Obj{"divisionIds": []string{scaled, open}, "lanesPerHeat": 4, "order": "name",
		"firstStart": "2026-06-01T09:00:00Z", "minutesBetween": 15})

	checkOnce(t, hs, append(slices.Clone(w.teams[open]), w.teams[scaled]...))
	var sizes, numbers []int
	var times []string
	for _, h := range hs {
		sizes, numbers, times = append(sizes, len(h.Lanes)), append(numbers, int(h.Number)), append(times, h.StartTime)
		for i, l := range h.Lanes {
			if int(l.Lane) != i+1 || l.TeamName != w.names[l.TeamId] || l.DivisionId == "" {
				t.Errorf("heat %d lane %d: %+v", h.Number, i+1, l)
			}
		}
	}
	// Scaled first (the order given): one heat of 3; then Open's 10 teams as 2, 4, 4.
	if !slices.Equal(sizes, []int{3, 2, 4, 4}) || !slices.Equal(numbers, []int{1, 2, 3, 4}) {
		t.Errorf("sizes %v numbers %v, want [3 2 4 4] [1 2 3 4]", sizes, numbers)
	}
	if want := []string{"2026-06-01T09:00:00Z", "2026-06-01T09:15:00Z", "2026-06-01T09:30:00Z", "2026-06-01T09:45:00Z"}; !slices.Equal(times, want) {
		t.Errorf("start times %v, want %v", times, want)
	}
	if hs[0].Lanes[0].DivisionId != scaled || hs[1].Lanes[0].TeamName != "Open 01" || hs[3].Lanes[3].TeamName != "Open 10" {
		t.Errorf("division order or name order wrong: %+v", hs)
	}

	// Generating again replaces the heats; a random order still seats every team once.
	again := w.generate(t, w.second, apitest.Obj{"divisionIds": []string{open}, "lanesPerHeat": 3, "order": "random",
		"firstStart": "2026-06-01T10:00:00+02:00", "minutesBetween": 0})
	checkOnce(t, again, w.teams[open])
	if got := w.list(t, w.second); len(got) != 4 || got[0].StartTime != "2026-06-01T08:00:00Z" || got[3].StartTime != "2026-06-01T08:00:00Z" {
		t.Errorf("after regenerating: %+v", got)
	}

	// Bad input names the field and changes nothing.
	for _, tc := range []struct {
		body       apitest.Obj
		status     int
		field, msg string
	}{
		{apitest.Obj{"lanesPerHeat": 4, "order": "name", "firstStart": "2026-06-01T09:00:00Z"}, 400, "divisionIds", "Choose at least one division"},
		{apitest.Obj{"divisionIds": []string{open, open}, "lanesPerHeat": 4, "order": "name", "firstStart": "2026-06-01T09:00:00Z"}, 400, "divisionIds[1]", "Each division can be chosen once"},
		{apitest.Obj{"divisionIds": []string{apitest.Missing}, "lanesPerHeat": 4, "order": "name", "firstStart": "2026-06-01T09:00:00Z"}, 404, "", "Division not found"},
		{apitest.Obj{"divisionIds": []string{open}, "lanesPerHeat": 0, "order": "name", "firstStart": "2026-06-01T09:00:00Z"}, 400, "lanesPerHeat", "Lanes per heat must be between 1 and 50"},
		{apitest.Obj{"divisionIds": []string{open}, "lanesPerHeat": 4, "order": "fastest", "firstStart": "2026-06-01T09:00:00Z"}, 400, "order", "Order must be standings, name or random"},
		{apitest.Obj{"divisionIds": []string{open}, "lanesPerHeat": 4, "order": "name", "firstStart": "9 am"}, 400, "firstStart", "Start time must be a date and time like 2026-06-01T09:00:00Z"},
		{apitest.Obj{"divisionIds": []string{open}, "lanesPerHeat": 4, "order": "name", "firstStart": "2026-06-01T09:00:00Z", "minutesBetween": -5}, 400, "minutesBetween", "Minutes between heats must be between 0 and 1440"},
	} {
		apitest.WantError(t, s.Do(http.MethodPost, w.heatsPath(w.second)+"/generate", tc.body, w.organiser), tc.status, tc.field, tc.msg)
	}
	if got := w.list(t, w.second); len(got) != 4 {
		t.Errorf("a refused generation changed the heats: %d heats", len(got))
	}
}

func TestHeatGenerationByStandings(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	w := newHeatWorld(t, s, map[string]int{"Open": 10}, []string{"Open"})
	open := w.divisions[0]
	teams := w.teams[open]
	// Teams 0..7 have published results: team 0 fastest … team 7 slowest; 8 and 9 none.
	times := map[string]float64{}
	for i := range 8 {
		times[teams[i]] = float64(200 + 10*i)
	}
	w.publishResults(t, times)
	// An unpublished result does not rank team 8.
	s.Admin(http.MethodPost, "/api/results", apitest.Obj{"teamId": teams[8], "workoutId": w.first, "resultValue": 100}).MustStatus(t, http.StatusOK)

	body := apitest.Obj{"divisionIds": []string{open}, "lanesPerHeat": 4, "order": "standings", "firstStart": "2026-06-01T12:00:00Z", "minutesBetween": 12}
	hs := w.generate(t, w.second, body)
	checkOnce(t, hs, teams)
	lanes := func(h *competitionv1.Heat) []string {
		var out []string
		for _, l := range h.Lanes {
			out = append(out, l.TeamId)
		}
		return out
	}
	if len(hs) != 3 {
		t.Fatalf("%d heats, want 3", len(hs))
	}
	// Unranked first (by name), then the 8th to the 1st: the leaders race last.
	if want := []string{teams[8], teams[9]}; !slices.Equal(lanes(hs[0]), want) {
		t.Errorf("first heat %v, want the unranked teams %v", lanes(hs[0]), want)
	}
	if want := []string{teams[7], teams[6], teams[5], teams[4]}; !slices.Equal(lanes(hs[1]), want) {
		t.Errorf("second heat %v, want %v", lanes(hs[1]), want)
	}
	if want := []string{teams[3], teams[2], teams[1], teams[0]}; !slices.Equal(lanes(hs[2]), want) {
		t.Errorf("last heat %v, want the leaders %v", lanes(hs[2]), want)
	}
	if hs[2].StartTime != "2026-06-01T12:24:00Z" {
		t.Errorf("last heat starts %s, want 12:24", hs[2].StartTime)
	}

	// The results change: team 9 wins the first workout, team 0 drops to last. Re-seeding is
	// one call and follows the new standings.
	w.publishResults(t, map[string]float64{teams[9]: 150, teams[0]: 400})
	hs = w.generate(t, w.second, body)
	checkOnce(t, hs, teams)
	// Team 8 (unranked) and team 0 (now last) race first; team 9 races with the leaders.
	for i, want := range [][]string{{teams[8], teams[0]}, {teams[7], teams[6], teams[5], teams[4]}, {teams[3], teams[2], teams[1], teams[9]}} {
		if !slices.Equal(lanes(hs[i]), want) {
			t.Errorf("heat %d after re-seeding %v, want %v", i+1, lanes(hs[i]), want)
		}
	}
}

func TestHeatEditing(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	w := newHeatWorld(t, s, map[string]int{"Open": 6}, []string{"Open"})
	teams := w.teams[w.divisions[0]]
	h1, h2 := newHeat(), newHeat()
	s.Do(http.MethodPost, w.heatsPath(w.second), apitest.Obj{"startTime": "2026-06-01T09:00:00Z",
		"lanes": []apitest.Obj{{"lane": 1, "teamId": teams[0]}, {"lane": 2, "teamId": teams[1]}, {"lane": 3, "teamId": teams[2]}}}, w.organiser).
		MustStatus(t, http.StatusOK).Decode(t, h1)
	s.Do(http.MethodPost, w.heatsPath(w.second), apitest.Obj{"startTime": "2026-06-01T09:10:00Z",
		"lanes": []apitest.Obj{{"lane": 1, "teamId": teams[3]}}}, w.organiser).MustStatus(t, http.StatusOK).Decode(t, h2)
	if h1.Number != 1 || h2.Number != 2 || len(h1.Lanes) != 3 || h1.Lanes[2].TeamName != w.names[teams[2]] {
		t.Fatalf("created heats: %+v %+v", h1, h2)
	}

	// Move team 2 from heat 1 to heat 2, lane 4: one PUT; the team races once.
	moved := newHeat()
	s.Do(http.MethodPut, "/api/heats/"+h2.Id, apitest.Obj{"number": 2, "startTime": "2026-06-01T09:20:00Z",
		"lanes": []apitest.Obj{{"lane": 1, "teamId": teams[3]}, {"lane": 4, "teamId": teams[2]}}}, w.organiser).
		MustStatus(t, http.StatusOK).Decode(t, moved)
	if len(moved.Lanes) != 2 || moved.Lanes[1].Lane != 4 || moved.Lanes[1].TeamId != teams[2] || moved.StartTime != "2026-06-01T09:20:00Z" {
		t.Errorf("moved heat: %+v", moved)
	}
	hs := w.list(t, w.second)
	checkOnce(t, hs, teams[:4])
	if len(hs[0].Lanes) != 2 {
		t.Errorf("heat 1 still holds the moved team: %+v", hs[0])
	}
	// POST too takes a team from its other heat.
	h3 := newHeat()
	s.Do(http.MethodPost, w.heatsPath(w.second), apitest.Obj{"number": 7, "startTime": "2026-06-01T09:30:00Z",
		"lanes": []apitest.Obj{{"lane": 1, "teamId": teams[0]}}}, w.organiser).MustStatus(t, http.StatusOK).Decode(t, h3)
	checkOnce(t, w.list(t, w.second), teams[:4])

	// The database itself refuses a team twice in one workout.
	conn, err := pgx.Connect(context.Background(), s.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	_, err = conn.Exec(context.Background(), `INSERT INTO competition.heat_lanes (heat_id, workout_id, event_id, lane, team_id)
		VALUES ($1, $2, $3, 9, $4)`, h1.Id, w.second, w.event, teams[0])
	if err == nil {
		t.Error("the database accepted a team in two heats of one workout")
	}

	// Bad input names the field, with the right status, and changes nothing.
	before := w.list(t, w.second)
	for _, tc := range []struct {
		method, path string
		body         apitest.Obj
		status       int
		field, msg   string
	}{
		{"PUT", "/api/heats/" + h1.Id, apitest.Obj{"startTime": "soon"}, 400, "startTime", "Start time must be a date and time like 2026-06-01T09:00:00Z"},
		{"PUT", "/api/heats/" + h1.Id, apitest.Obj{"startTime": "2026-06-01T09:00:00Z", "lanes": []apitest.Obj{{"lane": 0, "teamId": teams[1]}}}, 400, "lanes[0].lane", "Lane must be between 1 and 50"},
		{"PUT", "/api/heats/" + h1.Id, apitest.Obj{"startTime": "2026-06-01T09:00:00Z", "lanes": []apitest.Obj{{"lane": 1, "teamId": teams[1]}, {"lane": 1, "teamId": teams[4]}}}, 400, "lanes[1].lane", "Each lane can hold one team"},
		{"PUT", "/api/heats/" + h1.Id, apitest.Obj{"startTime": "2026-06-01T09:00:00Z", "lanes": []apitest.Obj{{"lane": 1, "teamId": teams[1]}, {"lane": 2, "teamId": teams[1]}}}, 400, "lanes[1].teamId", "A team can race in one lane only"},
		{"PUT", "/api/heats/" + h1.Id, apitest.Obj{"startTime": "2026-06-01T09:00:00Z", "lanes": []apitest.Obj{{"lane": 1, "teamId": apitest.Missing}}}, 400, "lanes[0].teamId", "Team not found in this event"},
		{"PUT", "/api/heats/" + h1.Id, apitest.Obj{"number": 2, "startTime": "2026-06-01T09:00:00Z"}, 409, "", "Another heat of this workout has this number"},
		{"PUT", "/api/heats/" + apitest.Missing, apitest.Obj{"startTime": "2026-06-01T09:00:00Z"}, 404, "", "Heat not found"},
		{"POST", w.heatsPath(w.second), apitest.Obj{"number": 0, "startTime": "2026-06-01T09:00:00Z"}, 400, "number", "Heat number must be between 1 and 1000"},
		{"POST", w.heatsPath(apitest.Missing), apitest.Obj{"startTime": "2026-06-01T09:00:00Z"}, 404, "", "Workout not found"},
		{"DELETE", "/api/heats/" + apitest.Missing, nil, 404, "", "Heat not found"},
	} {
		apitest.WantError(t, s.Do(tc.method, tc.path, tc.body, w.organiser), tc.status, tc.field, tc.msg)
	}
	if after := w.list(t, w.second); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Errorf("refused edits changed the heats:\n%+v\n%+v", before, after)
	}

	s.Do(http.MethodDelete, "/api/heats/"+h3.Id, nil, w.organiser).MustStatus(t, http.StatusOK)
	if got := w.list(t, w.second); len(got) != 2 {
		t.Errorf("after delete: %d heats, want 2", len(got))
	}
}

func TestHeatAccess(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	w := newHeatWorld(t, s, map[string]int{"Open": 2}, []string{"Open"})
	other := newHeatWorld(t, s, map[string]int{"Open": 1}, []string{"Open"})
	hs := w.generate(t, w.second, apitest.Obj{"divisionIds": w.divisions, "lanesPerHeat": 4, "order": "name", "firstStart": "2026-06-01T09:00:00Z"})
	h := hs[0]
	gen := apitest.Obj{"divisionIds": w.divisions, "lanesPerHeat": 4, "order": "name", "firstStart": "2026-06-01T09:00:00Z"}
	put := apitest.Obj{"number": 1, "startTime": "2026-06-01T09:00:00Z"}
	lane := apitest.Obj{"resultValue": 300}
	for _, tc := range []struct {
		who, token, method, path string
		body                     any
		want                     int
	}{
		{"scorer", w.scorer, "GET", w.heatsPath(w.second), nil, 200},
		{"scorer", w.scorer, "POST", w.heatsPath(w.second) + "/generate", gen, 403},
		{"scorer", w.scorer, "POST", w.heatsPath(w.second), put, 403},
		{"scorer", w.scorer, "PUT", "/api/heats/" + h.Id, put, 403},
		{"scorer", w.scorer, "DELETE", "/api/heats/" + h.Id, nil, 403},
		{"scorer", w.scorer, "POST", "/api/heats/" + h.Id + "/publish", nil, 403},
		{"scorer", w.scorer, "POST", "/api/heats/" + h.Id + "/lanes/1/result", lane, 200},
		{"organiser", w.organiser, "POST", "/api/heats/" + h.Id + "/lanes/2/result", lane, 200},
		{"organiser", w.organiser, "POST", "/api/heats/" + h.Id + "/publish", nil, 200},
		// Another event's organiser and judge: the heat does not exist for them.
		{"other organiser", other.organiser, "GET", w.heatsPath(w.second), nil, 404},
		{"other organiser", other.organiser, "PUT", "/api/heats/" + h.Id, put, 404},
		{"other organiser", other.organiser, "POST", "/api/heats/" + h.Id + "/publish", nil, 404},
		{"other scorer", other.scorer, "POST", "/api/heats/" + h.Id + "/lanes/1/result", lane, 404},
		{"nobody", "", "GET", w.heatsPath(w.second), nil, 401},
		{"nobody", "", "POST", "/api/heats/" + h.Id + "/lanes/1/result", lane, 401},
	} {
		if r := s.Do(tc.method, tc.path, tc.body, tc.token); r.Status != tc.want {
			t.Errorf("%s %s %s: %d, want %d: %s", tc.who, tc.method, tc.path, r.Status, tc.want, r.Body)
		}
	}
	// A heat hidden from the caller answers exactly like a missing one.
	hidden := s.Do(http.MethodPut, "/api/heats/"+h.Id, put, other.organiser)
	gone := s.Do(http.MethodPut, "/api/heats/"+apitest.Missing, put, other.organiser)
	if hidden.Status != gone.Status || string(hidden.Body) != string(gone.Body) {
		t.Errorf("hidden heat %d %s, missing heat %d %s", hidden.Status, hidden.Body, gone.Status, gone.Body)
	}
}

type gridRow struct {
	ID          *string
	TeamID      string
	Status      string
	CappedReps  *int
	IsPublished bool
}

func TestLaneResultAndHeatPublication(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	w := newHeatWorld(t, s, map[string]int{"Open": 3}, []string{"Open"})
	open := w.divisions[0]
	hs := w.generate(t, w.second, apitest.Obj{"divisionIds": []string{open}, "lanesPerHeat": 2, "order": "name", "firstStart": "2026-06-01T09:00:00Z"})
	last := hs[1] // Open 02 (lane 1), Open 03 (lane 2)
	judge := func(lane int, body apitest.Obj) *stacktest.Response {
		return s.Do(http.MethodPost, fmt.Sprintf("/api/heats/%s/lanes/%d/result", last.Id, lane), body, w.scorer)
	}
	grid := func() map[string]gridRow {
		var g struct{ Rows []gridRow }
		s.Do(http.MethodGet, "/api/events/"+w.event+"/results?workoutId="+w.second+"&divisionId="+open, nil, w.scorer).MustStatus(t, http.StatusOK).Decode(t, &g)
		out := map[string]gridRow{}
		for _, r := range g.Rows {
			out[r.TeamID] = r
		}
		return out
	}
	board := func() []apitest.Obj {
		var b struct{ Results []apitest.Obj }
		s.Do(http.MethodGet, "/api/public/events/"+w.event+"/divisions/"+open+"/workouts/"+w.second+"/leaderboard", nil, "").
			MustStatus(t, http.StatusOK).Decode(t, &b)
		return b.Results
	}

	// A capped result: saved as a draft, in the grid, not public.
	var saved struct {
		ID          string
		TeamID      string
		Status      string
		CappedReps  int
		IsPublished bool
	}
	judge(1, apitest.Obj{"status": "capped", "cappedReps": 15}).MustStatus(t, http.StatusOK).Decode(t, &saved)
	team := last.Lanes[0].TeamId
	if saved.TeamID != team || saved.Status != "capped" || saved.CappedReps != 15 || saved.IsPublished {
		t.Errorf("saved lane result: %+v", saved)
	}
	if row := grid()[team]; row.ID == nil || *row.ID != saved.ID || row.Status != "capped" || row.IsPublished {
		t.Errorf("grid row: %+v", row)
	}
	for _, r := range board() {
		if r["teamId"] == team && r["result"] != "" {
			t.Errorf("a draft lane result is public: %v", r)
		}
	}
	// The same save again (a retry after a lost answer) keeps one result.
	var again struct{ ID string }
	judge(1, apitest.Obj{"status": "capped", "cappedReps": 15}).MustStatus(t, http.StatusOK).Decode(t, &again)
	if again.ID != saved.ID {
		t.Errorf("a retried save made result %s beside %s", again.ID, saved.ID)
	}

	// The grid's validation, field names without the batch prefix.
	batch := s.Do(http.MethodPost, "/api/results/batch", apitest.Obj{"results": []apitest.Obj{{"teamId": team, "workoutId": w.second, "status": "capped"}}}, w.scorer)
	lane := judge(1, apitest.Obj{"status": "capped"})
	var be, le struct{ Field, Message string }
	batch.Decode(t, &be)
	lane.Decode(t, &le)
	if lane.Status != http.StatusBadRequest || batch.Status != lane.Status || be.Field != "results[0]."+le.Field || le.Message == "" {
		t.Errorf("lane validation %d %+v, batch %d %+v", lane.Status, le, batch.Status, be)
	}
	apitest.WantError(t, judge(1, apitest.Obj{"status": "late"}), 400, "status", be2(t, s, team, w.second, "late"))
	apitest.WantError(t, judge(3, apitest.Obj{"resultValue": 300}), 404, "", "Lane 3 of heat 2 has no team")
	// The judge names the team they see: a lane that holds another team by now saves nothing.
	apitest.WantError(t, judge(2, apitest.Obj{"resultValue": 300, "teamId": team}), 409, "",
		"Lane 2 of heat 2 is Open 03's now: the heat changed. Check the lane and save again.")
	if _, entered := grid()[last.Lanes[1].TeamId]; entered && grid()[last.Lanes[1].TeamId].ID != nil {
		t.Error("a save for a moved lane wrote a result")
	}
	apitest.WantError(t, s.Do(http.MethodPost, "/api/heats/"+apitest.Missing+"/lanes/1/result", apitest.Obj{"resultValue": 300}, w.scorer), 404, "", "Heat not found")
	// The judge's confirmation: checked by the save's rules, nothing saved.
	apitest.WantError(t, judge(1, apitest.Obj{"resultValue": 601, "checkOnly": true}), 400, "resultValue",
		`Invalid time for team "Open 02": Time must not exceed the time cap of 10:00; enter a capped result (CAP +reps) instead`)
	apitest.WantError(t, judge(2, apitest.Obj{"resultValue": 300, "teamId": team, "checkOnly": true}), 409, "",
		"Lane 2 of heat 2 is Open 03's now: the heat changed. Check the lane and save again.")
	var checked struct{ ID, TeamID, Status string }
	judge(1, apitest.Obj{"resultValue": 290, "checkOnly": true}).MustStatus(t, http.StatusOK).Decode(t, &checked)
	if checked.ID != "" || checked.TeamID != team || checked.Status != "completed" {
		t.Errorf("checked entry: %+v", checked)
	}
	if row := grid()[team]; row.Status != "capped" || *row.CappedReps != 15 {
		t.Errorf("a refused save changed the result: %+v", row)
	}

	// Publishing the heat publishes its results, and only its results.
	judge(2, apitest.Obj{"resultValue": 431, "teamId": last.Lanes[1].TeamId}).MustStatus(t, http.StatusOK)
	s.Do(http.MethodPost, fmt.Sprintf("/api/heats/%s/lanes/1/result", hs[0].Id), apitest.Obj{"resultValue": 299}, w.scorer).MustStatus(t, http.StatusOK)
	var pub struct{ UpdatedCount, Entered, Total int }
	s.Do(http.MethodPost, "/api/heats/"+last.Id+"/publish", nil, w.organiser).MustStatus(t, http.StatusOK).Decode(t, &pub)
	if pub.UpdatedCount != 2 || pub.Entered != 2 || pub.Total != 2 {
		t.Errorf("publish heat: %+v", pub)
	}
	g := grid()
	if !g[team].IsPublished || !g[last.Lanes[1].TeamId].IsPublished || g[hs[0].Lanes[0].TeamId].IsPublished {
		t.Errorf("after publishing heat 2: %+v", g)
	}
	shown := map[string]string{}
	for _, r := range board() {
		shown[r["teamId"].(string)], _ = r["result"].(string)
	}
	if shown[team] != "CAP +15" || shown[last.Lanes[1].TeamId] != "7:11" || shown[hs[0].Lanes[0].TeamId] != "" {
		t.Errorf("public workout leaderboard: %v", shown)
	}
	// Publishing again changes nothing.
	s.Do(http.MethodPost, "/api/heats/"+last.Id+"/publish", nil, w.organiser).MustStatus(t, http.StatusOK).Decode(t, &pub)
	if pub.UpdatedCount != 0 || pub.Entered != 2 {
		t.Errorf("publish again: %+v", pub)
	}
}

// be2 is the grid's message for a bad status, so the lane result is checked against it.
func be2(t *testing.T, s *stacktest.Stack, team, workout, status string) string {
	t.Helper()
	return s.Admin(http.MethodPost, "/api/results/batch", apitest.Obj{"results": []apitest.Obj{{"teamId": team, "workoutId": workout, "status": status}}}).Message()
}

func TestPublicSchedule(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	w := newHeatWorld(t, s, map[string]int{"Open": 3, "Masters": 2}, []string{"Open", "Masters"})
	w.generate(t, w.second, apitest.Obj{"divisionIds": w.divisions, "lanesPerHeat": 3, "order": "name", "firstStart": "2026-06-01T09:00:00Z", "minutesBetween": 10})
	w.generate(t, w.first, apitest.Obj{"divisionIds": []string{w.divisions[1]}, "lanesPerHeat": 3, "order": "name", "firstStart": "2026-06-01T08:00:00Z"})
	// A published result must not show in the schedule.
	w.publishResults(t, map[string]float64{w.teams[w.divisions[0]][0]: 250})

	type schedule struct {
		EventName string
		TimeZone  string
		Workouts  []struct {
			WorkoutID, Name string
			Heats           []struct {
				Number    int
				StartTime string
				Lanes     []map[string]any
			}
		}
	}
	var sc schedule
	r := s.Do(http.MethodGet, "/api/public/events/"+w.event+"/schedule", nil, "").MustStatus(t, http.StatusOK)
	r.Decode(t, &sc)
	if sc.EventName != "Heat Games" || sc.TimeZone != "UTC" || len(sc.Workouts) != 2 || sc.Workouts[0].Name != "Fran" || sc.Workouts[1].Name != "Grace" {
		t.Fatalf("schedule: %s", r.Body)
	}
	grace := sc.Workouts[1]
	if len(grace.Heats) != 2 || grace.Heats[1].StartTime != "2026-06-01T09:10:00Z" || len(grace.Heats[0].Lanes) != 3 {
		t.Errorf("Grace heats: %+v", grace.Heats)
	}
	l := grace.Heats[0].Lanes[0]
	if l["teamName"] != "Open 01" || l["divisionName"] != "Open" || l["lane"] != float64(1) {
		t.Errorf("lane: %v", l)
	}
	for _, k := range []string{"result", "rawResult", "points", "rank", "status"} {
		if _, ok := l[k]; ok {
			t.Errorf("the schedule shows %q", k)
		}
	}

	// Moving a team shows on the next read (the schedule is keyed by the event's version).
	hs := eventtest.DecodeList(t, s.Admin(http.MethodGet, w.heatsPath(w.second), nil).MustStatus(t, http.StatusOK).Body, newHeat)
	s.Do(http.MethodPut, "/api/heats/"+hs[0].Id, apitest.Obj{"number": 1, "startTime": "2026-06-01T07:30:00Z",
		"lanes": []apitest.Obj{{"lane": 1, "teamId": hs[0].Lanes[0].TeamId}}}, w.organiser).MustStatus(t, http.StatusOK)
	// The change signal drops the gateway's copy at once; without it the copy lives a second.
	readSchedule := func() {
		sc = schedule{}
		s.Do(http.MethodGet, "/api/public/events/"+w.event+"/schedule", nil, "").MustStatus(t, http.StatusOK).Decode(t, &sc)
	}
	if !poll.Within(5*time.Second, func() bool {
		readSchedule()
		h := sc.Workouts[1].Heats[0]
		return h.StartTime == "2026-06-01T07:30:00Z" && len(h.Lanes) == 1
	}) {
		t.Errorf("schedule after the move: %+v", sc.Workouts[1].Heats[0])
	}

	// Heat times are shown in the event's time zone: the schedule names it.
	s.Do(http.MethodPut, "/api/events/"+w.event+"/online", apitest.Obj{"format": "in_person", "timeZone": "Europe/Paris"}, w.organiser).MustStatus(t, http.StatusOK)
	if !poll.Within(5*time.Second, func() bool { readSchedule(); return sc.TimeZone == "Europe/Paris" }) {
		t.Errorf("schedule's time zone after the organiser set it: %q", sc.TimeZone)
	}

	// Only listed events: draft and unlisted ones have no public schedule.
	for _, status := range []string{"UNLISTED", "DRAFT"} {
		s.Admin(http.MethodPut, "/api/events/"+w.event, apitest.Obj{"name": "Heat Games", "dateFrom": "2026-06-01", "dateTo": "2026-06-02", "status": status}).MustStatus(t, http.StatusOK)
		apitest.WantError(t, s.Do(http.MethodGet, "/api/public/events/"+w.event+"/schedule", nil, ""), 404, "", "Schedule not found")
	}
	apitest.WantError(t, s.Do(http.MethodGet, "/api/public/events/"+apitest.Missing+"/schedule", nil, ""), 404, "", "Schedule not found")
}

// summary is heats by workout name as "number time lane:team …", for comparing two events.
func (w *heatWorld) summary(t *testing.T, eventID string) map[string]string {
	t.Helper()
	var workouts []struct{ ID, Name string }
	w.s.Admin(http.MethodGet, "/api/events/"+eventID+"/workouts", nil).MustStatus(t, http.StatusOK).Decode(t, &workouts)
	out := map[string]string{}
	for _, wo := range workouts {
		r := w.s.Admin(http.MethodGet, "/api/events/"+eventID+"/workouts/"+wo.ID+"/heats", nil).MustStatus(t, http.StatusOK)
		hs := eventtest.DecodeList(t, r.Body, newHeat)
		for _, h := range hs {
			out[wo.Name] += fmt.Sprintf("%d %s", h.Number, h.StartTime)
			for _, l := range h.Lanes {
				out[wo.Name] += fmt.Sprintf(" %d:%s", l.Lane, l.TeamName)
			}
			out[wo.Name] += "; "
		}
	}
	return out
}

// An event's heats go out with its document and come back with the imported copy; a document
// whose heats break a rule creates nothing.
func TestHeatsTravelWithTheEvent(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	w := newHeatWorld(t, s, map[string]int{"Open": 5}, []string{"Open"})
	w.generate(t, w.second, apitest.Obj{"divisionIds": w.divisions, "lanesPerHeat": 3, "order": "name", "firstStart": "2026-06-01T09:00:00Z", "minutesBetween": 20})
	exported := s.Admin(http.MethodGet, "/api/events/"+w.event+"/export", nil).MustStatus(t, http.StatusOK)
	var imported struct{ ID string }
	s.Admin(http.MethodPost, "/api/events/import", json.RawMessage(exported.Body)).MustStatus(t, http.StatusOK).Decode(t, &imported)
	original, copied := w.summary(t, w.event), w.summary(t, imported.ID)
	if original["Grace"] == "" || fmt.Sprint(original) != fmt.Sprint(copied) {
		t.Errorf("heats after the round trip:\n%v\n%v", original, copied)
	}

	var doc map[string]any
	exported.Decode(t, &doc)
	heats := doc["heats"].([]any)
	lanes := heats[1].(map[string]any)["lanes"].([]any)
	var events []apitest.Obj
	s.Admin(http.MethodGet, "/api/events", nil).MustStatus(t, http.StatusOK).Decode(t, &events)
	for _, tc := range []struct {
		name       string
		change     func()
		field, msg string
	}{
		{"unknown team", func() { lanes[0].(map[string]any)["teamId"] = "nobody" }, "heats[1].lanes[0].teamId", `"nobody" is not a team of this document`},
		{"team twice", func() {
			lanes[0].(map[string]any)["teamId"] = heats[0].(map[string]any)["lanes"].([]any)[0].(map[string]any)["teamId"]
		}, "heats[1].lanes[0].teamId", "A team races in one heat of a workout"},
		{"number twice", func() { heats[1].(map[string]any)["number"] = 1 }, "heats[1].number", "Another heat of this workout has this number"},
	} {
		// Each case starts from the exported document.
		exported.Decode(t, &doc)
		heats = doc["heats"].([]any)
		lanes = heats[1].(map[string]any)["lanes"].([]any)
		tc.change()
		apitest.WantError(t, s.Admin(http.MethodPost, "/api/events/import", doc), http.StatusBadRequest, tc.field, tc.msg)
	}
	var after []apitest.Obj
	s.Admin(http.MethodGet, "/api/events", nil).MustStatus(t, http.StatusOK).Decode(t, &after)
	if len(after) != len(events) {
		t.Errorf("%d events after refused imports, %d before", len(after), len(events))
	}
}

// A workout with parts takes no heats: its parts do (docs/scoring.md, "Multi-part workouts").
func TestHeatsBelongToParts(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	w := newHeatWorld(t, s, map[string]int{"Open": 2}, []string{"Open"})
	header := eventtest.WorkoutFields("Workout 3", "TIME", 0, 3)
	header["parts"] = "separate"
	headerID := w.ev.Workout(header).GetId()
	part := eventtest.WorkoutFields("3a", "TIME", 0, 4)
	part["partOf"] = headerID
	partID := w.ev.Workout(part).GetId()
	teams := w.teams[w.divisions[0]]
	lanes := []apitest.Obj{{"lane": 1, "teamId": teams[0]}}

	r := s.Do(http.MethodPost, w.heatsPath(headerID), apitest.Obj{"startTime": "2026-06-01T09:00:00Z", "lanes": lanes}, w.organiser).
		MustStatus(t, http.StatusBadRequest)
	if !strings.Contains(string(r.Body), `"field":"workoutId"`) || !strings.Contains(string(r.Body), "Workout 3 has parts: its parts take the heats") {
		t.Errorf("a heat of the workout with parts: %s", r.Body)
	}
	s.Do(http.MethodPost, w.heatsPath(headerID)+"/generate", apitest.Obj{"divisionIds": w.divisions, "lanesPerHeat": 4, "order": "name",
		"firstStart": "2026-06-01T09:00:00Z", "minutesBetween": 10}, w.organiser).MustStatus(t, http.StatusBadRequest)
	if hs := w.list(t, headerID); len(hs) != 0 {
		t.Errorf("heats stored on the workout with parts: %+v", hs)
	}
	s.Do(http.MethodPost, w.heatsPath(partID), apitest.Obj{"startTime": "2026-06-01T09:00:00Z", "lanes": lanes}, w.organiser).MustStatus(t, http.StatusOK)
}
