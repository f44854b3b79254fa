package setup_test

import (
	"net/http"
	"slices"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
)

// The API tests run the whole stack in-process and speak HTTP to the gateway, through
// competition-svc's test fixture (internal/apitest): here every competition route of the admin
// call table, with and without a token. The use-case tests (events_test.go, …) call the RPCs
// on the Server beside the real results-svc (apitest.NewServices).

func names(items []apitest.Obj, key string) []string {
	var out []string
	for _, it := range items {
		out = append(out, it[key].(string))
	}
	return out
}

func TestAPIRoutesNeedAToken(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	id := apitest.Missing
	for _, rt := range []struct{ method, path string }{
		{"GET", "/api/events"}, {"GET", "/api/events/" + id}, {"GET", "/api/events/statuses"}, {"GET", "/api/events/" + id + "/teams"},
		{"POST", "/api/events"}, {"PUT", "/api/events/" + id}, {"DELETE", "/api/events/" + id},
		{"POST", "/api/events/" + id + "/publish"}, {"POST", "/api/events/" + id + "/start"}, {"POST", "/api/events/" + id + "/archive"},
		{"GET", "/api/divisions"}, {"GET", "/api/divisions/" + id}, {"GET", "/api/divisions/events/" + id + "/divisions"},
		{"POST", "/api/divisions"}, {"POST", "/api/divisions/events/" + id + "/divisions"}, {"PUT", "/api/divisions/" + id}, {"DELETE", "/api/divisions/" + id},
		{"GET", "/api/teams"}, {"GET", "/api/teams/" + id}, {"GET", "/api/teams/by-event/" + id}, {"GET", "/api/teams/by-division/" + id},
		{"POST", "/api/teams"}, {"POST", "/api/teams/bulk"}, {"PUT", "/api/teams/" + id}, {"DELETE", "/api/teams/" + id},
		{"GET", "/api/events/" + id + "/workouts"}, {"GET", "/api/events/" + id + "/workouts/" + id}, {"GET", "/api/events/" + id + "/workouts/score-types"},
		{"POST", "/api/events/" + id + "/workouts"}, {"PUT", "/api/events/" + id + "/workouts/" + id}, {"DELETE", "/api/events/" + id + "/workouts/" + id},
		{"POST", "/api/events/" + id + "/workouts/reorder"},
	} {
		var body any
		if rt.method == "POST" || rt.method == "PUT" {
			body = apitest.Obj{}
		}
		if r := s.Do(rt.method, rt.path, body, ""); r.Status != http.StatusUnauthorized {
			t.Errorf("%s %s without token: %d %s", rt.method, rt.path, r.Status, r.Body)
		}
		if r := s.Do(rt.method, rt.path, body, "not-a-token"); r.Status != http.StatusUnauthorized {
			t.Errorf("%s %s with a bad token: %d %s", rt.method, rt.path, r.Status, r.Body)
		}
	}
}

func TestAPIEvents(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)

	statuses := apitest.DecodeList(t, s.Admin("GET", "/api/events/statuses", nil).MustStatus(t, 200))
	if got := names(statuses, "label"); !slices.Equal(got, []string{"Entwurf", "Veröffentlicht", "Läuft", "Archiviert", "Nicht gelistet"}) {
		t.Errorf("statuses: %v", statuses)
	}

	created := apitest.Decode(t, s.Admin("POST", "/api/events", apitest.Obj{"name": "Spring Open", "dateFrom": "2026-05-12", "dateTo": "2026-05-14", "location": "Hall", "detailsVisible": true}).MustStatus(t, 200))
	id := created["id"].(string)
	if created["status"] != "DRAFT" || created["statusLabel"] != "Entwurf" || created["dateRange"] != "12 – 14 May 2026" ||
		created["scoringTable"] != "podium100" || created["detailsVisible"] != true {
		t.Errorf("created: %v", created)
	}
	apitest.Decode(t, s.Admin("POST", "/api/events", apitest.Obj{"name": "Earlier", "dateFrom": "2026-01-01", "dateTo": "2026-01-01"}).MustStatus(t, 200))

	list := apitest.DecodeList(t, s.Admin("GET", "/api/events", nil).MustStatus(t, 200))
	if got := names(list, "name"); !slices.Equal(got, []string{"Earlier", "Spring Open"}) {
		t.Errorf("list order: %v", got)
	}

	apitest.WantError(t, s.Admin("POST", "/api/events", apitest.Obj{"name": "", "dateFrom": "2026-01-01", "dateTo": "2026-01-01"}), 400, "name", "Event name is required")
	apitest.WantError(t, s.Admin("POST", "/api/events", apitest.Obj{"name": "E", "dateTo": "2026-01-01"}), 400, "dateFrom", "Start date is required")
	apitest.WantError(t, s.Admin("POST", "/api/events", apitest.Obj{"name": "E", "dateFrom": "2026-01-01"}), 400, "dateTo", "End date is required")
	apitest.WantError(t, s.Admin("POST", "/api/events", apitest.Obj{"name": "E", "dateFrom": "2026-01-02", "dateTo": "2026-01-01"}), 400, "dateTo", "End date must be after start date")

	got := apitest.Decode(t, s.Admin("GET", "/api/events/"+id, nil).MustStatus(t, 200))
	if got["name"] != "Spring Open" || got["workouts"] == nil || got["divisions"] == nil {
		t.Errorf("get: %v", got)
	}
	apitest.WantError(t, s.Admin("GET", "/api/events/"+apitest.Missing, nil), 404, "", "Event not found")
	apitest.WantError(t, s.Admin("GET", "/api/events/not-a-uuid", nil), 400, "id", "Event id must be a valid id")

	// The admin form's payload.
	upd := apitest.Decode(t, s.Admin("PUT", "/api/events/"+id, apitest.Obj{"id": id, "name": "Spring Open 2026", "dateFrom": "2026-05-12", "dateTo": "2026-05-12",
		"location": "Hall 2", "status": "UNLISTED", "detailsVisible": false}).MustStatus(t, 200))
	if upd["name"] != "Spring Open 2026" || upd["status"] != "UNLISTED" || upd["statusLabel"] != "Nicht gelistet" ||
		upd["dateRange"] != "12 May 2026" || upd["detailsVisible"] != false {
		t.Errorf("update: %v", upd)
	}
	apitest.WantError(t, s.Admin("PUT", "/api/events/"+id, apitest.Obj{"id": id, "name": "X", "dateFrom": "2026-05-12", "dateTo": "2026-05-12", "status": "DONE"}), 400, "status", "Status must be one of DRAFT, PUBLISHED, IN_PROGRESS, ARCHIVED or UNLISTED")

	for path, want := range map[string]string{"/publish": "PUBLISHED", "/start": "IN_PROGRESS", "/archive": "ARCHIVED"} {
		if e := apitest.Decode(t, s.Admin("POST", "/api/events/"+id+path, nil).MustStatus(t, 200)); e["status"] != want {
			t.Errorf("%s: %v", path, e["status"])
		}
	}
	apitest.WantError(t, s.Admin("DELETE", "/api/events/"+id, nil), 409, "", "This event cannot be deleted because it is not in Draft status. Only Draft events can be deleted.")
	s.Admin("PUT", "/api/events/"+id, apitest.Obj{"id": id, "name": "Spring Open", "dateFrom": "2026-05-12", "dateTo": "2026-05-12", "status": "DRAFT"}).MustStatus(t, 200)
	s.Admin("DELETE", "/api/events/"+id, nil).MustStatus(t, 200)
	apitest.WantError(t, s.Admin("DELETE", "/api/events/"+id, nil), 404, "", "Event not found. It may have already been deleted.")
}

func TestAPIDivisionsTeamsWorkouts(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	ev := apitest.Decode(t, s.Admin("POST", "/api/events", apitest.Obj{"name": "Open", "dateFrom": "2026-05-12", "dateTo": "2026-05-14"}).MustStatus(t, 200))
	eventID := ev["id"].(string)

	// Divisions: both create routes.
	elite := apitest.Decode(t, s.Admin("POST", "/api/divisions", apitest.Obj{"name": "Elite", "description": "RX", "eventId": eventID}).MustStatus(t, 200))
	scaled := apitest.Decode(t, s.Admin("POST", "/api/divisions/events/"+eventID+"/divisions", apitest.Obj{"name": "Scaled"}).MustStatus(t, 200))
	if elite["eventId"] != eventID || elite["eventName"] != "Open" || scaled["eventId"] != eventID {
		t.Errorf("divisions: %v %v", elite, scaled)
	}
	eliteID, scaledID := elite["id"].(string), scaled["id"].(string)
	apitest.WantError(t, s.Admin("POST", "/api/divisions", apitest.Obj{"name": "E", "eventId": eventID}), 400, "name", "Division name must be at least 2 characters")
	apitest.WantError(t, s.Admin("POST", "/api/divisions", apitest.Obj{"name": "Teens"}), 400, "eventId", "Event is required")
	apitest.WantError(t, s.Admin("POST", "/api/divisions/events/"+apitest.Missing+"/divisions", apitest.Obj{"name": "Teens"}), 404, "", "Event not found")

	if got := names(apitest.DecodeList(t, s.Admin("GET", "/api/divisions/events/"+eventID+"/divisions", nil).MustStatus(t, 200)), "name"); !slices.Equal(got, []string{"Elite", "Scaled"}) {
		t.Errorf("divisions by event: %v", got)
	}
	if got := apitest.DecodeList(t, s.Admin("GET", "/api/divisions", nil).MustStatus(t, 200)); len(got) != 2 {
		t.Errorf("all divisions: %v", got)
	}
	if d := apitest.Decode(t, s.Admin("GET", "/api/divisions/"+eliteID, nil).MustStatus(t, 200)); d["description"] != "RX" {
		t.Errorf("get division: %v", d)
	}
	apitest.WantError(t, s.Admin("GET", "/api/divisions/"+apitest.Missing, nil), 404, "", "Division not found")
	if d := apitest.Decode(t, s.Admin("PUT", "/api/divisions/"+eliteID, apitest.Obj{"name": "Elite RX", "description": "Prescribed"}).MustStatus(t, 200)); d["name"] != "Elite RX" || d["eventId"] != eventID {
		t.Errorf("update division: %v", d)
	}

	// Teams.
	team := apitest.Decode(t, s.Admin("POST", "/api/teams", apitest.Obj{"name": " Barbell Bros ", "divisionId": eliteID, "eventId": eventID, "athlete1Name": "Ann", "athlete2Name": "Bob"}).MustStatus(t, 200))
	teamID := team["id"].(string)
	if team["name"] != "Barbell Bros" || team["athleteCount"] != float64(2) || team["divisionName"] != "Elite RX" || team["finalResultsCount"] != float64(0) {
		t.Errorf("team: %v", team)
	}
	apitest.WantError(t, s.Admin("POST", "/api/teams", apitest.Obj{"name": "X", "divisionId": eliteID}), 400, "name", "Team name must be at least 2 characters")
	bulk := apitest.DecodeList(t, s.Admin("POST", "/api/teams/bulk", apitest.Obj{"eventId": eventID, "divisionId": scaledID, "teams": []apitest.Obj{
		{"name": "Zeta", "athlete1Name": "Z"}, {"name": "Alpha"}}}).MustStatus(t, 200))
	if got := names(bulk, "name"); !slices.Equal(got, []string{"Zeta", "Alpha"}) {
		t.Errorf("bulk order: %v", got)
	}
	apitest.WantError(t, s.Admin("POST", "/api/teams/bulk", apitest.Obj{"eventId": eventID, "divisionId": scaledID, "teams": []apitest.Obj{{"name": "Good"}, {"name": "B"}}}),
		400, "teams[1].name", "Team name must be at least 2 characters")

	if got := names(apitest.DecodeList(t, s.Admin("GET", "/api/teams", nil).MustStatus(t, 200)), "name"); !slices.Equal(got, []string{"Alpha", "Barbell Bros", "Zeta"}) {
		t.Errorf("all teams: %v", got)
	}
	if got := names(apitest.DecodeList(t, s.Admin("GET", "/api/teams/by-event/"+eventID, nil).MustStatus(t, 200)), "name"); !slices.Equal(got, []string{"Alpha", "Barbell Bros", "Zeta"}) {
		t.Errorf("teams by event: %v", got)
	}
	if got := names(apitest.DecodeList(t, s.Admin("GET", "/api/events/"+eventID+"/teams", nil).MustStatus(t, 200)), "name"); !slices.Equal(got, []string{"Alpha", "Barbell Bros", "Zeta"}) {
		t.Errorf("event teams: %v", got)
	}
	if got := names(apitest.DecodeList(t, s.Admin("GET", "/api/teams/by-division/"+scaledID, nil).MustStatus(t, 200)), "name"); !slices.Equal(got, []string{"Alpha", "Zeta"}) {
		t.Errorf("teams by division: %v", got)
	}
	if tm := apitest.Decode(t, s.Admin("GET", "/api/teams/"+teamID, nil).MustStatus(t, 200)); tm["eventName"] != "Open" {
		t.Errorf("get team: %v", tm)
	}
	apitest.WantError(t, s.Admin("GET", "/api/teams/"+apitest.Missing, nil), 404, "", "Team not found")
	moved := apitest.Decode(t, s.Admin("PUT", "/api/teams/"+teamID, apitest.Obj{"name": "Barbell Bros", "divisionId": scaledID, "athlete1Name": "Ann", "athlete2Name": ""}).MustStatus(t, 200))
	if moved["divisionId"] != scaledID || moved["athleteCount"] != float64(1) {
		t.Errorf("moved team: %v", moved)
	}

	// Workouts.
	types := apitest.DecodeList(t, s.Admin("GET", "/api/events/"+eventID+"/workouts/score-types", nil).MustStatus(t, 200))
	if got := names(types, "label"); !slices.Equal(got, []string{"Zeit", "Wiederholungen", "Max. Gewicht", "Punkte"}) {
		t.Errorf("score types: %v", types)
	}
	fran := apitest.Decode(t, s.Admin("POST", "/api/events/"+eventID+"/workouts", apitest.Obj{"eventId": eventID, "name": "Fran", "description": "21-15-9", "scoreType": "TIME", "timeCapSeconds": 600, "workoutOrder": nil}).MustStatus(t, 200))
	grace := apitest.Decode(t, s.Admin("POST", "/api/events/"+eventID+"/workouts", apitest.Obj{"eventId": eventID, "name": "Grace", "scoreType": "REPS"}).MustStatus(t, 200))
	franID, graceID := fran["id"].(string), grace["id"].(string)
	if fran["workoutOrder"] != float64(1) || grace["workoutOrder"] != float64(2) || fran["scoreTypeLabel"] != "Zeit" || grace["timeCapSeconds"] != nil {
		t.Errorf("workouts: %v %v", fran, grace)
	}
	apitest.WantError(t, s.Admin("POST", "/api/events/"+eventID+"/workouts", apitest.Obj{"name": "Fran", "scoreType": "TIME", "timeCapSeconds": 30}), 400, "timeCapSeconds", "Time cap must be between 01:00 and 60:00 (MM:SS format)")
	apitest.WantError(t, s.Admin("POST", "/api/events/"+eventID+"/workouts", apitest.Obj{"name": "Fran", "scoreType": "RUN"}), 400, "scoreType", "Please select a valid score type")
	if got := names(apitest.DecodeList(t, s.Admin("GET", "/api/events/"+eventID+"/workouts", nil).MustStatus(t, 200)), "name"); !slices.Equal(got, []string{"Fran", "Grace"}) {
		t.Errorf("workouts list: %v", got)
	}
	if w := apitest.Decode(t, s.Admin("GET", "/api/events/"+eventID+"/workouts/"+franID, nil).MustStatus(t, 200)); w["hasResults"] != false {
		t.Errorf("get workout: %v", w)
	}
	apitest.WantError(t, s.Admin("GET", "/api/events/"+eventID+"/workouts/"+apitest.Missing, nil), 404, "", "Workout not found")
	if w := apitest.Decode(t, s.Admin("PUT", "/api/events/"+eventID+"/workouts/"+franID, apitest.Obj{"id": franID, "eventId": eventID, "name": "Fran RX", "scoreType": "TIME", "timeCapSeconds": 420}).MustStatus(t, 200)); w["name"] != "Fran RX" || w["timeCapSeconds"] != float64(420) || w["workoutOrder"] != float64(1) {
		t.Errorf("update workout: %v", w)
	}

	reordered := apitest.DecodeList(t, s.Admin("POST", "/api/events/"+eventID+"/workouts/reorder", apitest.Obj{"workoutIds": []string{graceID, franID}}).MustStatus(t, 200))
	if got := names(reordered, "name"); !slices.Equal(got, []string{"Grace", "Fran RX"}) {
		t.Errorf("reorder: %v", got)
	}
	apitest.WantError(t, s.Admin("POST", "/api/events/"+eventID+"/workouts/reorder", apitest.Obj{"workoutIds": []string{graceID}}), 400, "workoutIds", "The new order must list every workout of the event exactly once")

	// A published result locks the team, blocks deleting the workout and reordering.
	res := apitest.Decode(t, s.Admin("POST", "/api/results", apitest.Obj{"teamId": teamID, "workoutId": franID, "resultValue": 300}).MustStatus(t, 200))
	s.Admin("POST", "/api/results/publication/publish", apitest.Obj{"resultIds": []any{res["id"]}}).MustStatus(t, 200)
	if tm := apitest.Decode(t, s.Admin("GET", "/api/teams/"+teamID, nil).MustStatus(t, 200)); tm["finalResultsCount"] != float64(1) {
		t.Errorf("finalResultsCount: %v", tm)
	}
	apitest.WantError(t, s.Admin("PUT", "/api/teams/"+teamID, apitest.Obj{"name": "Renamed", "divisionId": scaledID}), 409, "", "This team has final results and cannot be edited or deleted.")
	apitest.WantError(t, s.Admin("DELETE", "/api/teams/"+teamID, nil), 409, "", "This team has final results and cannot be edited or deleted.")
	apitest.WantError(t, s.Admin("DELETE", "/api/events/"+eventID+"/workouts/"+franID, nil), 409, "", "This workout has results and cannot be deleted. Delete its results first.")
	apitest.WantError(t, s.Admin("POST", "/api/events/"+eventID+"/workouts/reorder", apitest.Obj{"workoutIds": []string{franID, graceID}}), 409, "", "Workouts cannot be reordered because results have already been entered for this event.")
	if w := apitest.Decode(t, s.Admin("GET", "/api/events/"+eventID+"/workouts/"+franID, nil).MustStatus(t, 200)); w["hasResults"] != true {
		t.Errorf("hasResults: %v", w)
	}

	s.Admin("DELETE", "/api/events/"+eventID+"/workouts/"+graceID, nil).MustStatus(t, 200)
	apitest.WantError(t, s.Admin("DELETE", "/api/events/"+eventID+"/workouts/"+graceID, nil), 404, "", "Workout not found")
	zeta := bulk[0]["id"].(string)
	s.Admin("DELETE", "/api/teams/"+zeta, nil).MustStatus(t, 200)
	apitest.WantError(t, s.Admin("GET", "/api/teams/"+zeta, nil), 404, "", "Team not found")

	// A division holding a team with published results is not deleted; once they are
	// unpublished it is, with its teams.
	apitest.WantError(t, s.Admin("DELETE", "/api/divisions/"+scaledID, nil), 409, "id",
		"Division Scaled cannot be deleted because these teams have published results: Barbell Bros. Unpublish or delete their results first.")
	s.Admin("GET", "/api/teams/"+teamID, nil).MustStatus(t, 200)
	s.Admin("POST", "/api/results/publication/unpublish", apitest.Obj{"resultIds": []any{res["id"]}}).MustStatus(t, 200)
	s.Admin("DELETE", "/api/divisions/"+scaledID, nil).MustStatus(t, 200)
	apitest.WantError(t, s.Admin("GET", "/api/divisions/"+scaledID, nil), 404, "", "Division not found")
	apitest.WantError(t, s.Admin("GET", "/api/teams/"+bulk[1]["id"].(string), nil), 404, "", "Team not found")
}
