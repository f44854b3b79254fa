package publicsvc_test

import (
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/internal/poll"
)

// Nothing of an online workout reaches the public before its release (docs/qualifiers.md,
// "Before the release"): not its name, description or id, not its results, heats, board, export
// or page title, though the organiser published a result and a heat of it. At the release
// instant it shows on every route without a write, whatever the gateway kept of the pages
// before.
func TestOnlineWorkoutsArePublicFromTheirReleaseOnly(t *testing.T) {
	t.Parallel()
	release := time.Date(2026, 3, 12, 17, 0, 0, 0, time.UTC)
	clock := stacktest.NewClock(release.Add(-2 * time.Second))
	web := t.TempDir()
	index := "<!doctype html>\n<html lang=\"en\">\n  <head>\n    <title>Podium</title>\n" +
		"    <meta name=\"description\" content=\"Podium: live leaderboards.\" />\n  </head>\n  <body><div id=\"root\"></div></body>\n</html>\n"
	if err := os.WriteFile(filepath.Join(web, "index.html"), []byte(index), 0o644); err != nil {
		t.Fatal(err)
	}
	s := stacktest.StartWith(t, stacktest.Options{Now: clock.Now, Env: map[string]string{"PODIUM_WEB_DIR": web}})
	ev := s.Events(t).Event(eventtest.Fields{"name": "Online Open", "dateFrom": "2026-03-01", "dateTo": "2026-03-31", "detailsVisible": true})
	rx := ev.Division("Rx", "", eventtest.Named("Alpha", "Bravo")...)
	fran := ev.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1))
	secret := ev.Workout(eventtest.Fields{"name": "Mystery Chipper", "description": "Sealed movements: SEALED-MOVES",
		"scoreType": "REPS", "workoutOrder": 2})
	ev.Transition("publish")
	s.Admin(http.MethodPut, "/api/events/"+ev.ID+"/online", map[string]any{"format": "online", "timeZone": "Europe/Paris",
		"workouts": []map[string]any{
			{"workoutId": fran.GetId(), "releaseAt": release.Add(-7 * 24 * time.Hour).Format(time.RFC3339),
				"submissionDeadline": release.Add(-3 * 24 * time.Hour).Format(time.RFC3339)},
			{"workoutId": secret.GetId(), "releaseAt": release.Format(time.RFC3339),
				"submissionDeadline": release.Add(4 * 24 * time.Hour).Format(time.RFC3339)}}}).MustStatus(t, http.StatusOK)
	ev.Publish(ev.Result("Alpha", "Fran", eventtest.Fields{"resultValue": 185}), ev.Result("Bravo", "Fran", eventtest.Fields{"resultValue": 200}),
		ev.Result("Alpha", "Mystery Chipper", eventtest.Fields{"resultValue": 150}))
	var heat struct{ ID string }
	s.Admin(http.MethodPost, "/api/events/"+ev.ID+"/workouts/"+secret.GetId()+"/heats", map[string]any{"startTime": "2026-03-12T18:00:00Z",
		"lanes": []map[string]any{{"lane": 1, "teamId": ev.TeamID("Alpha")}}}).MustStatus(t, http.StatusOK).Decode(t, &heat)

	division := "/api/public/events/" + ev.ID + "/divisions/" + rx.GetId()
	board := division + "/workouts/" + secret.GetId() + "/leaderboard"
	heatRef := "/api/venue/heats/" + heat.ID
	page := "/public/events/" + ev.ID + "/divisions/" + rx.GetId() + "/workouts/" + secret.GetId() + "/leaderboard"
	routes := []string{
		"/api/public/events", "/api/public/home", "/api/public/search?q=Mystery",
		"/api/public/events/" + ev.ID, "/api/public/events/" + ev.ID + "/leaderboard", "/api/public/events/" + ev.ID + "/schedule",
		division + "/leaderboard", division + "/leaderboard.csv",
		division + "/workouts/" + fran.GetId() + "/leaderboard",
		"/api/public/teams/" + ev.TeamID("Alpha"), "/api/public/teams/" + ev.TeamID("Alpha") + "/bookmark-summary",
		"/api/venue/events/" + ev.ID,
	}
	secrets := []string{"Mystery Chipper", "SEALED-MOVES", secret.GetId(), heat.ID}
	get := func(path string) *stacktest.Response { return s.Do(http.MethodGet, path, nil, "") }

	// Frozen before the release, the board keeps what it showed: Alpha's points are Fran's alone
	// (its published result of the held workout would add more), also once it is released.
	points := func() map[string]float64 {
		lb := &publicv1.DivisionLeaderboard{}
		get(division+"/leaderboard").MustStatus(t, http.StatusOK).Decode(t, lb)
		out := map[string]float64{}
		for _, st := range lb.GetStandings() {
			out[st.GetTeamName()] = st.GetTotalPoints().GetValue()
		}
		return out
	}
	live := points()
	s.Admin(http.MethodPost, "/api/events/"+ev.ID+"/leaderboard/freeze", nil).MustStatus(t, http.StatusOK)
	poll.Until(t, 10*time.Second, "the frozen board", func() bool {
		return strings.Contains(string(get(division+"/leaderboard").Body), `"frozen":true`)
	})
	if frozen := points(); !maps.Equal(frozen, live) {
		t.Errorf("frozen before the release the board counts %v, it showed %v", frozen, live)
	}
	s.Admin(http.MethodPost, "/api/events/"+ev.ID+"/leaderboard/unfreeze", nil).MustStatus(t, http.StatusOK)

	// Before the release, twice: the second read is the gateway's kept copy.
	for range 2 {
		for _, path := range routes {
			r := get(path)
			if r.Status != http.StatusOK {
				t.Errorf("before the release %s: %d %s", path, r.Status, r.Body)
			}
			for _, word := range secrets {
				if strings.Contains(string(r.Body), word) {
					t.Errorf("before the release %s shows %q: %s", path, word, r.Body)
				}
			}
		}
		// The page's own address names the workout; its title must not.
		if r := get(page); strings.Contains(string(r.Body), "Mystery Chipper") {
			t.Errorf("before the release the workout's page is titled: %s", r.Body)
		}
		for _, path := range []string{board, heatRef} {
			if r := get(path); r.Status != http.StatusNotFound {
				t.Errorf("before the release %s: %d %s", path, r.Status, r.Body)
			}
		}
	}
	// The organiser's own preview shows the event as it is.
	if r := s.Admin(http.MethodGet, "/api/public/events/"+ev.ID+"/divisions/"+rx.GetId()+"/workouts/"+secret.GetId()+"/leaderboard?includeUnpublished=true", nil); r.Status != http.StatusOK {
		t.Errorf("the organiser's preview of the workout's board: %d %s", r.Status, r.Body)
	}

	// The release: nothing is written, the clock passes it.
	clock.Set(release)
	start := time.Now()
	shows := map[string][]string{
		"/api/public/events/" + ev.ID:               {"Mystery Chipper", "SEALED-MOVES"},
		"/api/public/events/" + ev.ID + "/schedule": {"Mystery Chipper", heat.ID},
		division + "/leaderboard":                   {secret.GetId()},
		division + "/leaderboard.csv":               {"Mystery Chipper"},
		"/api/public/teams/" + ev.TeamID("Alpha"):   {secret.GetId()},
		board:   {"Mystery Chipper"},
		heatRef: {secret.GetId()},
	}
	for path, words := range shows {
		if !poll.Within(10*time.Second, func() bool {
			r := get(path)
			if r.Status != http.StatusOK {
				return false
			}
			for _, w := range words {
				if !strings.Contains(string(r.Body), w) {
					return false
				}
			}
			return true
		}) {
			t.Errorf("after the release %s does not show %q: %s", path, words, get(path).Body)
		}
	}
	t.Logf("every route showed the workout %v after the release", time.Since(start).Round(time.Millisecond))
	// A page's title is kept for the gateway's pageMetaTTL (10 s; titles only word what the
	// routes above show).
	poll.Until(t, 30*time.Second, "the workout page's title", func() bool { return strings.Contains(string(get(page).Body), "Mystery Chipper") })
}
