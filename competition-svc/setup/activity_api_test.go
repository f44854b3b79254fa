package setup_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	activityv1 "github.com/podium-dev/podium/gen/go/podium/activity/v1"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/eventtest"
)

// An event's activity: setup changes and result changes in one feed, newest first, with
// human summaries, paged by cursor; a token is needed.
func TestEventActivityFeed(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	e := s.Events(t).Event(eventtest.Fields{"name": "Activity Open", "dateFrom": "2026-07-01", "dateTo": "2026-07-01"})
	e.Division("Elite", "", eventtest.Named("Alpha")...)
	w := e.Workout(eventtest.WorkoutFields("Grace", "TIME", 600, 1))
	s.Admin(http.MethodPut, "/api/events/"+e.ID+"/workouts/"+w.GetId(), map[string]any{"name": "Grace", "scoreType": "TIME", "timeCapSeconds": 720, "workoutOrder": 1}).
		MustStatus(t, http.StatusOK)
	resultID := e.Result("Alpha", "Grace", eventtest.Fields{"status": "completed", "resultValue": 522}).GetId().GetValue()
	s.Admin(http.MethodPut, "/api/results/"+resultID, map[string]any{"status": "completed", "resultValue": 462}).MustStatus(t, http.StatusOK)
	s.Admin(http.MethodPost, "/api/events/"+e.ID+"/publish", nil).MustStatus(t, http.StatusOK)

	path := "/api/events/" + e.ID + "/activity"
	if got := s.Do(http.MethodGet, path, nil, "").Status; got != http.StatusUnauthorized {
		t.Errorf("without a token: %d, want 401", got)
	}
	page := &activityv1.ActivityPage{}
	s.Admin(http.MethodGet, path, nil).MustStatus(t, http.StatusOK).Decode(t, page)
	var got []string
	for _, en := range page.Entries {
		if en.Actor != s.AdminUsername {
			t.Errorf("%q by %q, want the admin", en.Summary, en.Actor)
		}
		got = append(got, en.Entity+": "+en.Summary)
	}
	want := []string{
		"event: Event Activity Open: status DRAFT → PUBLISHED",
		"result: Result Alpha · Grace: 8:42 → 7:42",
		"result: Result Alpha · Grace: entered 8:42",
		"workout: Workout Grace: time cap 10:00 → 12:00",
		"workout: Workout Grace created (Zeit, cap 10:00, order 1)", // TIME's score type label (competition-svc/setup/rules.go)
		"team: Team Alpha created in Elite",
		"division: Division Elite created",
		"event: Event Activity Open created",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("activity:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// Three pages of three, then the end: the same entries in the same order.
	var paged []string
	before := ""
	for range 4 {
		p := &activityv1.ActivityPage{}
		s.Admin(http.MethodGet, path+"?limit=3&before="+before, nil).MustStatus(t, http.StatusOK).Decode(t, p)
		for _, en := range p.Entries {
			paged = append(paged, en.Entity+": "+en.Summary)
		}
		if before = p.NextBefore; before == "" {
			break
		}
	}
	if strings.Join(paged, "\n") != strings.Join(want, "\n") {
		t.Errorf("paged activity:\n%s", strings.Join(paged, "\n"))
	}
	s.Admin(http.MethodGet, path+"?before=yesterday", nil).MustStatus(t, http.StatusBadRequest)
	s.Admin(http.MethodGet, path+"?limit=500", nil).MustStatus(t, http.StatusBadRequest)

	// The result's own history, oldest first, after it is deleted too.
	s.Admin(http.MethodDelete, "/api/results/"+resultID, nil).MustStatus(t, http.StatusOK)
	hist := &resultsv1.ResultHistory{}
	s.Admin(http.MethodGet, "/api/results/"+resultID+"/history", nil).MustStatus(t, http.StatusOK).Decode(t, hist)
	var actions []string
	for _, en := range hist.Entries {
		actions = append(actions, en.Action)
	}
	if hist.TeamName != "Alpha" || strings.Join(actions, ",") != "created,updated,deleted" {
		t.Errorf("history: %+v", hist)
	}
	if got := s.Do(http.MethodGet, "/api/results/"+resultID+"/history", nil, "").Status; got != http.StatusUnauthorized {
		t.Errorf("history without a token: %d, want 401", got)
	}
}

// A feed of 256 entries, setup and results interleaved, pages all the way to the event's
// creation, each entry once; granting, changing and removing access are in it. The last page
// holds 31 setup and 25 result entries: more than a page, though neither source fills one.
func TestEventActivityPagesToTheFirstEntry(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	e := s.Events(t).Event(eventtest.Fields{"name": "Long Open", "dateFrom": "2026-07-01", "dateTo": "2026-07-01"})
	d := e.Division("Elite", "")
	w := e.Workout(eventtest.WorkoutFields("Grace", "TIME", 600, 1))
	var u struct{ ID string }
	s.Admin(http.MethodPost, "/api/users", map[string]any{"username": "feed_judge", "password": "feed-judge-passphrase", "role": "scorer"}).
		MustStatus(t, http.StatusOK).Decode(t, &u)
	access := "/api/events/" + e.ID + "/access/" + u.ID
	s.Admin(http.MethodPut, access, map[string]any{"role": "scorer"}).MustStatus(t, http.StatusOK)
	s.Admin(http.MethodPut, access, map[string]any{"role": "organiser"}).MustStatus(t, http.StatusOK)
	s.Admin(http.MethodDelete, access, nil).MustStatus(t, http.StatusOK)
	for i := range 125 { // a team, then its result: the two sources take turns
		var tm struct{ ID string }
		s.Admin(http.MethodPost, "/api/teams", map[string]any{"eventId": e.ID, "divisionId": d.GetId(), "name": fmt.Sprintf("Team %03d", i)}).
			MustStatus(t, http.StatusOK).Decode(t, &tm)
		s.Admin(http.MethodPost, "/api/results", map[string]any{"teamId": tm.ID, "workoutId": w.GetId(), "status": "completed", "resultValue": 300 + i}).
			MustStatus(t, http.StatusOK)
	}
	// event, division, workout, 3 access changes, 125 teams, 125 results
	const total = 1 + 1 + 1 + 3 + 125 + 125

	path := "/api/events/" + e.ID + "/activity"
	var summaries []string
	seen := map[string]bool{}
	before := ""
	for range total {
		p := &activityv1.ActivityPage{}
		s.Admin(http.MethodGet, path+"?before="+before, nil).MustStatus(t, http.StatusOK).Decode(t, p)
		for _, en := range p.Entries {
			if seen[en.Cursor] {
				t.Fatalf("%q twice", en.Summary)
			}
			seen[en.Cursor] = true
			summaries = append(summaries, en.Entity+": "+en.Summary)
		}
		if before = p.NextBefore; before == "" {
			break
		}
	}
	if len(summaries) != total || summaries[len(summaries)-1] != "event: Event Long Open created" {
		t.Fatalf("%d entries paged, want %d ending with the event's creation; the last: %v", len(summaries), total, summaries[max(0, len(summaries)-3):])
	}
	grants := []string{}
	for _, s := range summaries {
		if strings.HasPrefix(s, "grant: ") {
			grants = append(grants, s)
		}
	}
	want := "grant: Access of feed_judge removed (was organiser) | grant: Access of feed_judge changed from scorer to organiser | grant: Access granted to feed_judge as scorer"
	if strings.Join(grants, " | ") != want {
		t.Errorf("access in the feed: %s, want %s", strings.Join(grants, " | "), want)
	}
}
