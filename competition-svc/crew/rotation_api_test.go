package crew_test

import (
	"fmt"
	"maps"
	"net/http"
	"slices"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	"github.com/podium-dev/podium/internal/eventtest"
)

// The organiser generates the judge rotation over two heats in a row: the head judge rests,
// a judge never judges their own team's heat nor outside their availability, a standby judge
// is listed, gaps say why; changes by hand are checked by the same rules; a workout's level
// leaves lanes to credentialed judges only; the judge sees their own places.
func TestRotationFillsLanesReportsGapsAndChecksChanges(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	ev, org := crewEvent(t, s)
	ev.Division("Rx", "", eventtest.Named("Alpha", "Bravo", "Charlie", "Delta")...)
	fran := ev.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 0)).GetId()
	heat := func(start string, a, b string) string {
		return apitest.Decode(t, s.Do(http.MethodPost, "/api/events/"+ev.ID+"/workouts/"+fran+"/heats", apitest.Obj{"startTime": "2026-06-01T" + start + ":00Z",
			"lanes": []apitest.Obj{{"lane": 1, "teamId": ev.TeamID(a)}, {"lane": 2, "teamId": ev.TeamID(b)}}}, org).MustStatus(t, http.StatusOK))["id"].(string)
	}
	h1, h2 := heat("09:00", "Alpha", "Bravo"), heat("09:15", "Charlie", "Delta")

	ids := map[string]string{}
	judge := func(name string, roles []string, level int, team string, availability ...apitest.Obj) {
		body := apitest.Obj{"name": name, "email": name + "@example.com", "roles": roles, "credential": judgeCred(level), "availability": availability}
		if team != "" {
			body["teamId"] = ev.TeamID(team)
		}
		ids[name] = signUp(t, s, ev.ID, body)["id"].(string)
	}
	judge("Hana", []string{"head_judge"}, 2, "")
	judge("Ivo", []string{"judge"}, 1, "")
	judge("Kim", []string{"judge"}, 1, "")
	judge("Lea", []string{"judge"}, 1, "Alpha")
	judge("Max", []string{"judge"}, 1, "", apitest.Obj{"startsAt": "2026-06-01T09:10:00Z", "endsAt": "2026-06-01T10:00:00Z"})
	judge("Noa", []string{"judge"}, 1, "", apitest.Obj{"startsAt": "2026-06-01T12:00:00Z", "endsAt": "2026-06-01T13:00:00Z"})
	names := map[string]string{}
	for n, id := range ids {
		names[id] = n
	}

	rotation := "/api/events/" + ev.ID + "/crew/rotation"
	s.Do(http.MethodGet, rotation, nil, "").MustStatus(t, http.StatusUnauthorized)
	apitest.WantError(t, s.Do(http.MethodPost, rotation+"/generate", apitest.Obj{"heatMinutes": 0}, org), http.StatusBadRequest, "heatMinutes",
		"Heat minutes must be between 1 and 240")
	generate := func(body apitest.Obj) apitest.Obj {
		return apitest.Decode(t, s.Do(http.MethodPost, rotation+"/generate", body, org).MustStatus(t, http.StatusOK))
	}
	// grid is "heat/lane" → the judge's name or "gap: why".
	grid := func(r apitest.Obj) map[string]string {
		out := map[string]string{}
		for _, x := range r["slots"].([]any) {
			sl := x.(apitest.Obj)
			key := fmt.Sprintf("%v/%v", map[any]string{h1: "1", h2: "2"}[sl["heatId"]], sl["lane"])
			if sl["volunteerId"] != nil && sl["volunteerId"] != "" {
				out[key] = names[sl["volunteerId"].(string)]
			} else {
				out[key] = "gap: " + sl["gap"].(string)
			}
		}
		return out
	}

	r := generate(apitest.Obj{"heatMinutes": 10, "restAfter": 1})
	g := grid(r)
	lanes1 := []string{g["1/1"], g["1/2"]}
	slices.Sort(lanes1)
	lanes2 := []string{g["2/1"], g["2/2"]}
	slices.Sort(lanes2)
	if g["1/0"] != "Hana" || g["2/0"] != "gap: No head judge available" || !slices.Equal(lanes1, []string{"Ivo", "Kim"}) ||
		!slices.Equal(lanes2, []string{"Lea", "Max"}) || r["gaps"] != float64(1) {
		t.Errorf("rotation (rest after 1): %v, gaps %v", g, r["gaps"])
	}
	if sb := r["standby"].([]any); len(sb) != 1 || sb[0].(apitest.Obj)["name"] != "Noa" {
		t.Errorf("standby: %v", sb)
	}

	// By hand: each move checked by the rules; nothing changes on a refusal.
	set := func(heatID string, lane int, name string) *stacktest.Response {
		return s.Do(http.MethodPut, fmt.Sprintf("%s/heats/%s/lanes/%d", rotation, heatID, lane), apitest.Obj{"volunteerId": ids[name]}, org)
	}
	ivoLane := map[bool]int{true: 1, false: 2}[g["1/1"] == "Ivo"]
	for _, c := range []struct {
		heat          string
		lane          int
		name, message string
	}{
		{h2, 0, "Noa", "Noa is not a head judge"},
		{h1, ivoLane, "Noa", "Noa is not available at 09:00"},
		{h1, ivoLane, "Lea", "Lea competes in Fran, heat 1"},
		{h2, 1, "Ivo", "Ivo needs a rest after 1 heat in a row"},
		{h2, 3, "Noa", "Fran, heat 2 has no lane 3"},
	} {
		apitest.WantError(t, set(c.heat, c.lane, c.name), http.StatusBadRequest, "volunteerId", c.message)
	}
	if after := grid(apitest.Decode(t, s.Do(http.MethodGet, rotation, nil, org).MustStatus(t, http.StatusOK))); !maps.Equal(after, g) {
		t.Errorf("refused moves changed the rotation: %v", after)
	}
	r = apitest.Decode(t, s.Do(http.MethodPut, rotation+"/heats/"+h2+"/lanes/1", apitest.Obj{"volunteerId": ""}, org).MustStatus(t, http.StatusOK))
	if r["gaps"] != float64(2) || grid(r)["2/1"] != "gap: No judge available" {
		t.Errorf("a place emptied by hand: %v", grid(r))
	}

	// Rest after two heats: the head judge takes both; a standby judge moves in by hand where
	// the rules allow.
	r = generate(apitest.Obj{"heatMinutes": 10, "restAfter": 2})
	if g := grid(r); g["2/0"] != "Hana" || r["gaps"] != float64(0) {
		t.Errorf("rotation (rest after 2): %v", g)
	}
	r = apitest.Decode(t, set(h2, 1, "Ivo").MustStatus(t, http.StatusOK))
	if grid(r)["2/1"] != "Ivo" {
		t.Errorf("Ivo moved in: %v", grid(r))
	}

	// Fran needs level 2: only Hana holds it, and she cannot be in two places at once.
	r = generate(apitest.Obj{"heatMinutes": 10, "restAfter": 2, "levels": []apitest.Obj{{"workoutId": fran, "level": 2}}})
	if g := grid(r); g["1/0"] != "Hana" || g["1/1"] != "gap: No judge available (level 2 required)" || r["gaps"] != float64(4) {
		t.Errorf("rotation (level 2): %v, gaps %v", g, r["gaps"])
	}
	apitest.WantError(t, set(h1, 1, "Hana"), http.StatusBadRequest, "volunteerId", "Hana judges Fran, heat 1 at that time")
	apitest.WantError(t, set(h1, 1, "Kim"), http.StatusBadRequest, "volunteerId",
		"Kim's credential level (1) is below the level 2 this workout requires")

	// The judge's own page lists only their places.
	mine := apitest.Decode(t, s.Do(http.MethodGet, "/api/crew/volunteers/"+keyMailedTo(t, s, "Hana@example.com"), nil, "").MustStatus(t, http.StatusOK))
	if j := mine["judging"].([]any); len(j) != 2 || j[0].(apitest.Obj)["lane"] != nil && j[0].(apitest.Obj)["lane"] != float64(0) {
		t.Errorf("Hana's places: %v", j)
	}
}
