package security

import (
	"net/http"
	"strings"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/internal/eventtest"
)

// TestHostileInputIsRefusedClearly sends bodies a careless or malicious client might send to
// the write calls: each answers 4xx with a message, never 5xx, and nothing is written.
func TestHostileInputIsRefusedClearly(t *testing.T) {
	t.Parallel()
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{"PODIUM_MAX_BODY_BYTES": "65536"}})
	ev := s.Events(t).Event(eventtest.Fields{"name": "Safe Games", "dateFrom": "2026-06-01", "dateTo": "2026-06-02"})
	div := ev.Division("Open", "", eventtest.Named("Team One")...).GetId()
	team := ev.TeamID("Team One")
	workout := ev.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 0)).GetId()
	before := snapshot(t, s)

	long := strings.Repeat("x", 300)
	cases := []struct {
		name, method, path, body string
	}{
		{"event name over 255", "POST", "/api/events", `{"name":"` + long + `","dateFrom":"2026-06-01","dateTo":"2026-06-02"}`},
		{"event dates reversed", "POST", "/api/events", `{"name":"Games","dateFrom":"2026-06-03","dateTo":"2026-06-02"}`},
		{"event date not a date", "POST", "/api/events", `{"name":"Games","dateFrom":"tomorrow","dateTo":"2026-06-02"}`},
		{"event status unknown", "PUT", "/api/events/" + ev.ID, `{"name":"Games","dateFrom":"2026-06-01","dateTo":"2026-06-02","status":"'; DROP TABLE competition.events; --"}`},
		{"non-UTF-8 name", "POST", "/api/events", "{\"name\":\"Games \xff\xfe\",\"dateFrom\":\"2026-06-01\",\"dateTo\":\"2026-06-02\"}"},
		{"NUL in a team name", "POST", "/api/teams/bulk", `{"eventId":"` + ev.ID + `","divisionId":"` + div + `","teams":[{"name":"Bad\u0000Byte"}]}`},
		{"wrong type for a name", "POST", "/api/divisions", `{"name":42,"eventId":"` + ev.ID + `"}`},
		{"division for a malformed event id", "POST", "/api/divisions", `{"name":"Scaled","eventId":"1 OR 1=1"}`},
		{"division name too short", "POST", "/api/divisions", `{"name":"S","eventId":"` + ev.ID + `"}`},
		{"team athlete over 255", "POST", "/api/teams", `{"name":"Team Two","divisionId":"` + div + `","athlete1Name":"` + long + `"}`},
		{"bulk with one bad row", "POST", "/api/teams/bulk", `{"eventId":"` + ev.ID + `","divisionId":"` + div + `","teams":[{"name":"Good Team"},{"name":"B"}]}`},
		{"workout cap huge", "POST", "/api/events/" + ev.ID + "/workouts", `{"name":"Grace","scoreType":"TIME","timeCapSeconds":99999999999}`},
		{"workout cap negative", "POST", "/api/events/" + ev.ID + "/workouts", `{"name":"Grace","scoreType":"TIME","timeCapSeconds":-60}`},
		{"workout score type unknown", "POST", "/api/events/" + ev.ID + "/workouts", `{"name":"Grace","scoreType":"FASTEST"}`},
		{"result negative time", "POST", "/api/results/batch", `{"results":[{"teamId":"` + team + `","workoutId":"` + workout + `","resultValue":-5}]}`},
		{"result not a number", "POST", "/api/results/batch", `{"results":[{"teamId":"` + team + `","workoutId":"` + workout + `","resultValue":"NaN"}]}`},
		{"result infinite", "POST", "/api/results/batch", `{"results":[{"teamId":"` + team + `","workoutId":"` + workout + `","resultValue":"Infinity"}]}`},
		{"result huge", "POST", "/api/results/batch", `{"results":[{"teamId":"` + team + `","workoutId":"` + workout + `","resultValue":1e308}]}`},
		{"result wrong type", "POST", "/api/results/batch", `{"results":[{"teamId":"` + team + `","workoutId":"` + workout + `","resultValue":{"$gt":0}}]}`},
		{"result malformed ids", "POST", "/api/results/batch", `{"results":[{"teamId":"x' OR '1'='1","workoutId":"` + workout + `","resultValue":60}]}`},
		{"capped with negative reps", "POST", "/api/results/batch", `{"results":[{"teamId":"` + team + `","workoutId":"` + workout + `","status":"capped","cappedReps":-1}]}`},
		{"unknown status", "POST", "/api/results/batch", `{"results":[{"teamId":"` + team + `","workoutId":"` + workout + `","status":"winner","resultValue":1}]}`},
		{"publish malformed ids", "POST", "/api/results/publication/publish", `{"resultIds":["not-a-uuid"]}`},
		{"malformed uuid in path", "GET", "/api/events/123e4567-e89b-12d3-a456-42661417400Z", ``},
		{"malformed uuid in query", "GET", "/api/events/" + ev.ID + "/results?workoutId=abc&divisionId=def", ``},
		{"truncated JSON", "POST", "/api/events", `{"name":"Games"`},
		{"JSON array instead of object", "POST", "/api/events", `[1,2,3]`},
		{"oversized body", "POST", "/api/events", `{"name":"` + strings.Repeat("y", 70000) + `"}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			resp := s.Admin(tc.method, tc.path, tc.body)
			if resp.Status < 400 || resp.Status >= 500 {
				t.Fatalf("status %d, want 4xx: %s", resp.Status, resp.Body)
			}
			if msg := resp.Message(); msg == "" || strings.Contains(msg, "SQLSTATE") || strings.Contains(msg, "pgx") {
				t.Fatalf("message %q", msg)
			}
		})
	}
	if after := snapshot(t, s); after != before {
		t.Fatalf("database changed:\nbefore %s\nafter  %s", before, after)
	}
}

// TestInjectionStringsAreStoredAsText: a name that looks like SQL is just a name.
func TestInjectionStringsAreStoredAsText(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	name := `Robert'); DROP TABLE competition.events; --`
	var ev struct{ ID, Name string }
	s.Admin(http.MethodPost, "/api/events", map[string]any{"name": name, "dateFrom": "2026-06-01", "dateTo": "2026-06-02"}).MustStatus(t, 200).Decode(t, &ev)
	var got struct{ Name string }
	s.Admin(http.MethodGet, "/api/events/"+ev.ID, nil).MustStatus(t, 200).Decode(t, &got)
	if got.Name != name {
		t.Fatalf("name = %q", got.Name)
	}
	s.Admin(http.MethodGet, "/api/events", nil).MustStatus(t, 200)
}
