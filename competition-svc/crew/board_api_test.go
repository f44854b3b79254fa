package crew_test

import (
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	"github.com/podium-dev/podium/internal/eventtest"
)

// The day-of board (docs/crew.md, "The day-of board") on a clock the test moves: the places of
// the heats starting within the window or running, the judges placed there and not checked in
// listed as late, the checked-in judges without a place as standby; a standby judge moves into
// a gap only when checked in and allowed by the rotation's rules; the organiser's alone.
func TestBoardShowsLateAndGapsAndMovesStandbyIn(t *testing.T) {
	t.Parallel()
	clock := stacktest.NewClock(time.Date(2026, 6, 1, 8, 45, 0, 0, time.UTC))
	s := stacktest.StartWith(t, stacktest.Options{Now: clock.Now})
	ev, org := crewEvent(t, s)
	scorer := apitest.Staff(t, s, ev.ID, "scorer", "scorer")
	ev.Division("Rx", "", eventtest.Named("Alpha", "Bravo", "Charlie", "Delta")...)
	fran := ev.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 0)).GetId()
	heat := func(start, a, b string) string {
		return apitest.Decode(t, s.Do(http.MethodPost, "/api/events/"+ev.ID+"/workouts/"+fran+"/heats", apitest.Obj{"startTime": "2026-06-01T" + start + ":00Z",
			"lanes": []apitest.Obj{{"lane": 1, "teamId": ev.TeamID(a)}, {"lane": 2, "teamId": ev.TeamID(b)}}}, org).MustStatus(t, http.StatusOK))["id"].(string)
	}
	h1 := heat("09:00", "Alpha", "Bravo")
	heat("10:00", "Charlie", "Delta")
	ids, names := map[string]string{}, map[string]string{}
	for _, j := range []struct{ name, role, team string }{
		{"Hana", "head_judge", ""}, {"Ivo", "judge", ""}, {"Kim", "judge", ""}, {"Noa", "judge", ""}, {"Lea", "judge", "Alpha"},
	} {
		body := apitest.Obj{"name": j.name, "email": j.name + "@example.com", "roles": []string{j.role}, "credential": judgeCred(1),
			"availability": []apitest.Obj{{"startsAt": "2026-06-01T08:00:00Z", "endsAt": "2026-06-01T09:30:00Z"}}}
		if j.team != "" {
			body["teamId"] = ev.TeamID(j.team)
		}
		ids[j.name] = signUp(t, s, ev.ID, body)["id"].(string)
		names[ids[j.name]] = j.name
	}
	rotation := "/api/events/" + ev.ID + "/crew/rotation"
	apitest.Decode(t, s.Do(http.MethodPost, rotation+"/generate", apitest.Obj{"heatMinutes": 10}, org).MustStatus(t, http.StatusOK))
	// Lane 1 of heat 1 left empty: a gap to fill on the day.
	s.Do(http.MethodPut, rotation+"/heats/"+h1+"/lanes/1", apitest.Obj{"volunteerId": ""}, org).MustStatus(t, http.StatusOK)

	board := "/api/events/" + ev.ID + "/crew/board"
	get := func(query string) apitest.Obj {
		return apitest.Decode(t, s.Do(http.MethodGet, board+query, nil, org).MustStatus(t, http.StatusOK))
	}
	// judges is name → "late", "standby" or "" (in the order the board lists them).
	judges := func(b apitest.Obj) map[string]string {
		out := map[string]string{}
		for _, x := range b["judges"].([]any) {
			j := x.(apitest.Obj)
			switch {
			case j["late"] == true:
				out[j["name"].(string)] = "late"
			case j["standby"] == true:
				out[j["name"].(string)] = "standby"
			default:
				out[j["name"].(string)] = ""
			}
		}
		return out
	}
	b := get("")
	if b["gaps"] != float64(1) || len(b["slots"].([]any)) != 3 || b["withinMinutes"] != float64(30) {
		t.Errorf("board at 08:45: gaps %v, %d places, within %v", b["gaps"], len(b["slots"].([]any)), b["withinMinutes"])
	}
	lane2 := ""
	for _, x := range b["slots"].([]any) {
		if sl := x.(apitest.Obj); sl["lane"] == float64(2) {
			lane2 = names[sl["volunteerId"].(string)]
		}
	}
	if j := judges(b); j["Hana"] != "late" || j[lane2] != "late" || j["Lea"] != "" {
		t.Errorf("judges at 08:45 (lane 2: %s): %v", lane2, j)
	}
	if b := get("?withinMinutes=10"); len(b["slots"].([]any)) != 0 {
		t.Errorf("heats within 10 minutes of 08:45: %v", b["slots"])
	}
	apitest.WantError(t, s.Do(http.MethodGet, board+"?withinMinutes=500", nil, org), http.StatusBadRequest, "withinMinutes",
		"Within minutes must be between 1 and 240")

	// Access: the organiser's board; a scorer of the event and no one signed in are refused.
	s.Do(http.MethodGet, board, nil, "").MustStatus(t, http.StatusUnauthorized)
	s.Do(http.MethodGet, board, nil, scorer).MustStatus(t, http.StatusForbidden)
	checkIn := func(name string, in bool, token string) *stacktest.Response {
		return s.Do(http.MethodPut, board+"/volunteers/"+ids[name]+"/check-in", apitest.Obj{"checkedIn": in}, token)
	}
	checkIn("Hana", true, scorer).MustStatus(t, http.StatusForbidden)
	move := func(name string) *stacktest.Response {
		return s.Do(http.MethodPut, board+"/heats/"+h1+"/lanes/1", apitest.Obj{"volunteerId": ids[name]}, org)
	}
	s.Do(http.MethodPut, board+"/heats/"+h1+"/lanes/1", apitest.Obj{"volunteerId": ids["Noa"]}, scorer).MustStatus(t, http.StatusForbidden)

	// Refusals name the volunteer and change nothing.
	apitest.WantError(t, move("Lea"), http.StatusConflict, "volunteerId", "Lea is not checked in")
	checkIn("Lea", true, org).MustStatus(t, http.StatusOK)
	apitest.WantError(t, move("Lea"), http.StatusBadRequest, "volunteerId", "Lea competes in Fran, heat 1")
	checkIn("Hana", true, org).MustStatus(t, http.StatusOK)
	apitest.WantError(t, move("Hana"), http.StatusBadRequest, "volunteerId", "Hana judges Fran, heat 1 at that time")
	if b := get(""); b["gaps"] != float64(1) {
		t.Errorf("refused moves filled the gap: %v", b["gaps"])
	}

	// A standby judge (checked in, free, credentialed) moves in; the gap is gone.
	standby := ""
	for _, n := range []string{"Ivo", "Kim", "Noa"} {
		if n != lane2 {
			checkIn(n, true, org).MustStatus(t, http.StatusOK)
			if standby == "" {
				standby = n
			}
		}
	}
	if j := judges(get("")); j[standby] != "standby" || j["Hana"] != "" || j[lane2] != "late" {
		t.Errorf("judges after check-in: %v", j)
	}
	b = apitest.Decode(t, move(standby).MustStatus(t, http.StatusOK))
	if j := judges(b); b["gaps"] != float64(0) || j[standby] != "" {
		t.Errorf("after %s moved in: gaps %v, judges %v", standby, b["gaps"], j)
	}
	if got := crewActivity(t, s, ev.ID, org); !slices.Contains(got, "org: place_set: "+standby+" moved in from the standby to Fran, heat 1, lane 1 (09:00)") ||
		!slices.Contains(got, "org: checked_in: Lea checked in") {
		t.Errorf("the move and the check-ins in the activity: %q", got)
	}

	// The heat runs until 09:10 (heat minutes); at 09:20 the next (10:00) is not within 30
	// minutes.
	clock.Set(time.Date(2026, 6, 1, 9, 5, 0, 0, time.UTC))
	if b := get(""); len(b["slots"].([]any)) != 3 {
		t.Errorf("a running heat left the board: %v", b["slots"])
	}
	clock.Set(time.Date(2026, 6, 1, 9, 20, 0, 0, time.UTC))
	if b := get(""); len(b["slots"].([]any)) != 0 {
		t.Errorf("board at 09:20: %v", b["slots"])
	}
}
