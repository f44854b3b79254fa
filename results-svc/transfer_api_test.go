package resultssvc_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
)

// standingsByName is an event's standings keyed by names (ids differ between the original and
// an imported copy): "division/team" → "rank total", "division/team/workout" → "status rank points".
func standingsByName(t *testing.T, s *stacktest.Stack, eventID string, includeUnpublished bool) map[string]string {
	t.Helper()
	var event struct {
		Divisions []struct{ ID, Name string }
		Workouts  []struct{ ID, Name string }
	}
	s.Admin(http.MethodGet, "/api/events/"+eventID, nil).MustStatus(t, http.StatusOK).Decode(t, &event)
	var teams []struct{ ID, Name string }
	s.Admin(http.MethodGet, "/api/events/"+eventID+"/teams", nil).MustStatus(t, http.StatusOK).Decode(t, &teams)
	name := map[string]string{}
	for _, d := range event.Divisions {
		name[d.ID] = d.Name
	}
	for _, w := range event.Workouts {
		name[w.ID] = w.Name
	}
	for _, tm := range teams {
		name[tm.ID] = tm.Name
	}

	conn := s.DialService("public", "results-svc", s.Cfg.ResultsAddr)
	es, err := resultsv1.NewResultsServiceClient(conn).GetEventStandings(context.Background(),
		&resultsv1.EventStandingsRequest{EventId: eventID, IncludeUnpublished: includeUnpublished})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, d := range es.GetDivisions() {
		for _, ts := range d.GetStandings() {
			team := name[d.GetDivisionId()] + "/" + name[ts.GetTeamId()]
			out[team] = fmt.Sprint(ts.GetRank(), " ", ts.GetTotalPoints())
			for _, p := range ts.GetPlacings() {
				out[team+"/"+name[p.GetWorkoutId()]] = fmt.Sprint(p.GetStatus(), " ", p.GetRawResult(), " ", p.GetRank(), " ", p.GetPoints())
			}
		}
	}
	return out
}

func diff(a, b map[string]string) string {
	var out []string
	for k, v := range a {
		if b[k] != v {
			out = append(out, fmt.Sprintf("%s: %q vs %q", k, v, b[k]))
		}
	}
	for k, v := range b {
		if _, ok := a[k]; !ok {
			out = append(out, fmt.Sprintf("%s: missing vs %q", k, v))
		}
	}
	sort.Strings(out)
	if len(out) > 10 {
		out = append(out[:10], fmt.Sprintf("… %d more", len(out)-10))
	}
	return strings.Join(out, "\n")
}

// A whole championship goes out as one document and comes back as a new DRAFT event whose
// standings, published and preview, equal the original's.
func TestEventExportImportRoundTrip(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	x, divisions, _ := replayChampionship(t, s)

	// Some drafts, so the preview and the published standings differ.
	first := divisions[0]
	g := x.grid(t, first.Workouts[0].Name, first.Meta.Division)
	var drafts []string
	for _, r := range g.Rows[:3] {
		drafts = append(drafts, r.Id.GetValue())
	}
	s.Admin(http.MethodPost, "/api/results/publication/unpublish", map[string]any{"resultIds": drafts}).MustStatus(t, http.StatusOK)

	exported := s.Admin(http.MethodGet, "/api/events/"+x.ID+"/export", nil).MustStatus(t, http.StatusOK)
	var doc struct {
		Format  string
		Results []json.RawMessage
	}
	exported.Decode(t, &doc)
	if doc.Format != "podium.event/v2" || len(doc.Results) == 0 {
		t.Fatalf("document: format %q, %d results", doc.Format, len(doc.Results))
	}

	var imported struct{ ID, Status, Name string }
	s.Admin(http.MethodPost, "/api/events/import", json.RawMessage(exported.Body)).MustStatus(t, http.StatusOK).Decode(t, &imported)
	if imported.ID == x.ID || imported.Status != "DRAFT" || imported.Name != "iF3 Masters World Championships 2023 (copy)" {
		t.Fatalf("imported event: %+v", imported)
	}
	for _, preview := range []bool{false, true} {
		original, copied := standingsByName(t, s, x.ID, preview), standingsByName(t, s, imported.ID, preview)
		if len(original) < 3430/2 {
			t.Fatalf("only %d standings compared", len(original))
		}
		if d := diff(original, copied); d != "" {
			t.Errorf("includeUnpublished=%v: standings differ:\n%s", preview, d)
		}
	}
	if a, b := standingsByName(t, s, x.ID, false), standingsByName(t, s, x.ID, true); diff(a, b) == "" {
		t.Error("the drafts made no difference: the preview comparison proves nothing")
	}
}

// A document of another format, with broken references or with a result the grid would refuse
// creates nothing.
func TestEventImportRefusesBrokenDocuments(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	count := func() int {
		var events []struct{ ID string }
		s.Admin(http.MethodGet, "/api/events", nil).MustStatus(t, http.StatusOK).Decode(t, &events)
		return len(events)
	}
	valid := func() map[string]any {
		return map[string]any{
			"format":    "podium.event/v1",
			"event":     map[string]any{"name": "Moved Open", "dateFrom": "2026-06-01", "dateTo": "2026-06-02", "scoringTable": "podium100"},
			"divisions": []any{map[string]any{"id": "d1", "name": "Elite"}},
			"teams":     []any{map[string]any{"id": "t1", "divisionId": "d1", "name": "Alpha"}},
			"workouts":  []any{map[string]any{"id": "w1", "name": "Grace", "scoreType": "TIME", "timeCapSeconds": 600, "workoutOrder": 1}},
			"results":   []any{map[string]any{"teamId": "t1", "workoutId": "w1", "status": "completed", "resultValue": 300, "isPublished": true}},
		}
	}
	for _, c := range []struct {
		name, field, message string
		change               func(doc map[string]any)
	}{
		{"another format", "format", "This is not a Podium event document of format podium.event/v2 or podium.event/v1",
			func(doc map[string]any) { doc["format"] = "podium.event/v3" }},
		{"a team of a missing division", "teams[0].divisionId", `"d9" is not a division of this document`,
			func(doc map[string]any) { doc["teams"].([]any)[0].(map[string]any)["divisionId"] = "d9" }},
		{"a result of a missing workout", "results[0].workoutId", `"w9" is not a workout of this document`,
			func(doc map[string]any) { doc["results"].([]any)[0].(map[string]any)["workoutId"] = "w9" }},
		{"a team name the grid refuses", "teams[0].name", "Team name must be at least 2 characters",
			func(doc map[string]any) { doc["teams"].([]any)[0].(map[string]any)["name"] = "A" }},
		{"two teams of one name in a division", "teams[1].name", `Team name "ALPHA" appears more than once in this division`,
			func(doc map[string]any) {
				doc["teams"] = append(doc["teams"].([]any), map[string]any{"id": "t2", "divisionId": "d1", "name": "ALPHA"})
			}},
		{"a time above the cap", "results[0].resultValue", "",
			func(doc map[string]any) { doc["results"].([]any)[0].(map[string]any)["resultValue"] = 900 }},
		{"a time zone that is not one", "event.online.timeZone", "Time zone must be an IANA time zone, e.g. Europe/Paris",
			func(doc map[string]any) {
				doc["event"].(map[string]any)["online"] = map[string]any{"timeZone": "Mars/Olympus"}
			}},
		{"a submission window of a missing workout", "event.online.workouts[0].workoutId", "",
			func(doc map[string]any) {
				doc["event"].(map[string]any)["online"] = map[string]any{"format": "online", "workouts": []any{map[string]any{"workoutId": "w9"}}}
			}},
	} {
		t.Run(c.name, func(t *testing.T) {
			before := count()
			doc := valid()
			c.change(doc)
			resp := s.Admin(http.MethodPost, "/api/events/import", doc)
			var body struct{ Field, Message string }
			resp.Decode(t, &body)
			if resp.Status != http.StatusBadRequest || body.Field != c.field || (c.message != "" && body.Message != c.message) {
				t.Errorf("%d %s, want 400 %s %q", resp.Status, resp.Body, c.field, c.message)
			}
			if after := count(); after != before {
				t.Errorf("%d events after a refused import, %d before", after, before)
			}
		})
	}
	s.Admin(http.MethodPost, "/api/events/import", valid()).MustStatus(t, http.StatusOK)
	if got := s.Do(http.MethodPost, "/api/events/import", valid(), "").Status; got != http.StatusUnauthorized {
		t.Errorf("without a token: %d, want 401", got)
	}
}

// The event document carries the format, the time zone and each workout's submission window,
// mapped onto the imported event's own workouts.
func TestEventDocumentCarriesOnlineSettings(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	online := map[string]any{"format": "online", "timeZone": "Europe/Paris", "workouts": []any{map[string]any{"workoutId": "w1",
		"releaseAt": "2026-06-01T08:00:00Z", "submissionDeadline": "2026-06-04T20:00:00Z", "videoRequired": true}}}
	doc := map[string]any{
		"format":   "podium.event/v1",
		"event":    map[string]any{"name": "Online Open", "dateFrom": "2026-06-01", "dateTo": "2026-06-04", "scoringTable": "podium100", "online": online},
		"workouts": []any{map[string]any{"id": "w1", "name": "Grace", "scoreType": "TIME", "timeCapSeconds": 600, "workoutOrder": 1}},
	}
	var imported struct{ ID string }
	s.Admin(http.MethodPost, "/api/events/import", doc).MustStatus(t, http.StatusOK).Decode(t, &imported)

	var again struct {
		Event struct {
			Online struct {
				Format, TimeZone string
				Workouts         []struct {
					WorkoutID, ReleaseAt, SubmissionDeadline string
					VideoRequired                            bool
				}
			}
		}
		Workouts []struct{ ID string }
	}
	s.Admin(http.MethodGet, "/api/events/"+imported.ID+"/export", nil).MustStatus(t, http.StatusOK).Decode(t, &again)
	o := again.Event.Online
	if o.Format != "online" || o.TimeZone != "Europe/Paris" || len(o.Workouts) != 1 || len(again.Workouts) != 1 {
		t.Fatalf("exported online settings: %+v (workouts %+v)", o, again.Workouts)
	}
	w := o.Workouts[0]
	if w.WorkoutID != again.Workouts[0].ID || w.ReleaseAt != "2026-06-01T08:00:00Z" || w.SubmissionDeadline != "2026-06-04T20:00:00Z" || !w.VideoRequired {
		t.Errorf("exported window: %+v, want it on workout %s", w, again.Workouts[0].ID)
	}
}
