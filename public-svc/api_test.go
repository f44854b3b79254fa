package publicsvc_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/internal/platform/telemetry/telemetrytest"
)

// API tests: the public calls through the gateway of a whole stack.

const unknownID = "0b7e8f4a-1c2d-4e5f-8a9b-0c1d2e3f4a5b"

// springThrowdown builds the event most tests use:
//
//	Rx: Alpha, Bravo, Charlie, Delta; Scaled: Echo. Fran (TIME, cap 10:00, order 1),
//	Cindy (REPS, order 2). Published: Alpha Fran 3:05, Bravo Fran capped +15, Delta Fran dns,
//	Alpha Cindy 300, Charlie Cindy 320. Unpublished: Charlie Fran 2:50 (the best time).
func springThrowdown(t *testing.T, s *stacktest.Stack) *world {
	t.Helper()
	w := newWorld(t, s, map[string]any{"name": "Spring Throwdown", "dateFrom": "2026-05-01", "dateTo": "2026-05-02",
		"location": "Berlin", "description": "**Welcome**", "detailsVisible": true})
	w.division("Rx", "Alpha", "Bravo", "Charlie", "Delta")
	w.division("Scaled", "Echo")
	// Created out of order on purpose: the views sort by order.
	w.Workout(eventtest.Fields{"name": "Cindy", "scoreType": "REPS", "workoutOrder": 2, "description": "# Cindy"})
	w.Workout(eventtest.Fields{"name": "Fran", "scoreType": "TIME", "timeCapSeconds": 600, "workoutOrder": 1, "description": "# Fran"})
	w.save("Alpha", "Fran", eventtest.Fields{"resultValue": 185}, true)
	w.save("Bravo", "Fran", eventtest.Fields{"status": "capped", "cappedReps": 15}, true)
	w.save("Delta", "Fran", eventtest.Fields{"status": "dns"}, true)
	w.save("Alpha", "Cindy", eventtest.Fields{"resultValue": 300}, true)
	w.save("Charlie", "Cindy", eventtest.Fields{"resultValue": 320}, true)
	w.save("Charlie", "Fran", eventtest.Fields{"resultValue": 170}, false)
	return w
}

// rxLeaderboard is the public path of the world's Rx division leaderboard.
func (w *world) rxLeaderboard() string {
	return "/api/public/events/" + w.ID + "/divisions/" + w.DivisionID("Rx") + "/leaderboard"
}

func (w *world) publishEvent() {
	w.t.Helper()
	w.s.Admin(http.MethodPost, "/api/events/"+w.ID+"/publish", nil).MustStatus(w.t, http.StatusOK)
}

const publicRx = `Alpha 1 195 [completed 3:05 1 100; completed 300 2 95]
Charlie 2 100 [not_started  null null; completed 320 1 100]
Bravo 3 95 [capped CAP +15 2 95; not_started  null null]
Delta null null [dns DNS null null; not_started  null null]`

const adminRx = `Charlie 1 200 [completed 2:50 1 100; completed 320 1 100]
Alpha 2 190 [completed 3:05 2 95; completed 300 2 95]
Bravo 3 90 [capped CAP +15 3 90; not_started  null null]
Delta null null [dns DNS null null; not_started  null null]`

func TestPublicViews(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	w := springThrowdown(t, s)
	ev, rx, scaled := w.ID, w.DivisionID("Rx"), w.DivisionID("Scaled")
	fran, cindy := w.WorkoutID("Fran"), w.WorkoutID("Cindy")
	charlie := w.TeamID("Charlie")
	divPath := "/api/public/events/" + ev + "/divisions/" + rx + "/leaderboard"

	// A DRAFT event is not public at all.
	w.notFound("/api/public/events/"+ev, "Event not found")
	w.notFound("/api/public/events/"+ev+"/leaderboard", "Event leaderboard not found")
	w.notFound(divPath, "Division leaderboard not found")
	w.notFound("/api/public/events/"+ev+"/divisions/"+rx+"/workouts/"+fran+"/leaderboard", "Workout leaderboard not found")
	w.notFound("/api/public/teams/"+charlie, "Team not found")
	w.notFound("/api/public/teams/"+charlie+"/bookmark-summary", "Team bookmark summary not found")
	w.publishEvent()

	t.Run("event details", func(t *testing.T) {
		e := &publicv1.PublicEvent{}
		w.get("/api/public/events/"+ev, e)
		if e.Name != "Spring Throwdown" || e.Status != typesv1.PublicEventStatus_published || e.DateFrom != "2026-05-01" || e.DateTo != "2026-05-02" ||
			e.Location != "Berlin" || e.Description != "**Welcome**" || !e.DetailsVisible || e.DateRange == "" || e.StatusLabel == "" {
			t.Errorf("event %+v", e)
		}
		if len(e.Workouts) != 2 || e.Workouts[0].Name != "Fran" || e.Workouts[1].Name != "Cindy" {
			t.Fatalf("workouts %+v", e.Workouts)
		}
		f := e.Workouts[0]
		if f.Type != publicv1.WorkoutType_time || f.ScoreType != typesv1.ScoreType_TIME || iv(f.TimeCapSeconds) != "600" || iv(f.OrderIndex) != "1" ||
			iv(f.WorkoutOrder) != "1" || !f.HasResults || f.Description != "# Fran" || f.ScoreTypeLabel == "" {
			t.Errorf("Fran %+v", f)
		}
		if e.Workouts[1].Type != publicv1.WorkoutType_reps || e.Workouts[1].TimeCapSeconds != nil {
			t.Errorf("Cindy %+v", e.Workouts[1])
		}
	})

	t.Run("event leaderboard", func(t *testing.T) {
		lb := &publicv1.EventLeaderboard{}
		w.get("/api/public/events/"+ev+"/leaderboard", lb)
		if lb.Event.Id != ev || lb.Event.Name != "Spring Throwdown" || lb.Event.StartDate != "2026-05-01" || lb.Event.EndDate != "2026-05-02" ||
			lb.Event.OverallProgress != 50 || lb.LastUpdated == "" {
			t.Errorf("event %+v, lastUpdated %q", lb.Event, lb.LastUpdated)
		}
		if len(lb.Divisions) != 2 {
			t.Fatalf("divisions %+v", lb.Divisions)
		}
		for _, d := range lb.Divisions {
			switch d.Name {
			case "Rx":
				if d.TeamCount != 4 || d.Status != publicv1.DivisionProgress_in_progress || d.OverallCompletionPercentage != 62.5 || d.Description != "Rx division" ||
					len(d.Workouts) != 2 || d.Workouts[0].Name != "Fran" || d.Workouts[0].CompletionPercentage != 75 || d.Workouts[1].CompletionPercentage != 50 {
					t.Errorf("Rx %+v", d)
				}
			case "Scaled":
				if d.TeamCount != 1 || d.Status != publicv1.DivisionProgress_not_started || d.OverallCompletionPercentage != 0 {
					t.Errorf("Scaled %+v", d)
				}
			}
		}
		var teams []string
		for _, tm := range lb.Teams {
			teams = append(teams, strings.Join([]string{tm.Name, tm.DivisionName, iv(tm.OverallRank), fv(tm.TotalPoints), fmt.Sprint(tm.ResultsEntered), fmt.Sprint(tm.TotalWorkouts)}, " "))
		}
		if got := strings.Join(teams, "\n"); got != "Alpha Rx 1 195 2 2\nCharlie Rx 2 100 1 2\nBravo Rx 3 95 1 2\nDelta Rx null null 1 2\nEcho Scaled null null 0 2" {
			t.Errorf("teams:\n%s", got)
		}
	})

	t.Run("division leaderboard", func(t *testing.T) {
		lb := &publicv1.DivisionLeaderboard{}
		w.get(divPath, lb)
		if got := standingsText(lb); got != publicRx {
			t.Errorf("standings:\n%s\nwant:\n%s", got, publicRx)
		}
		if lb.IncludeUnpublished || lb.Division.Name != "Rx" || lb.Division.Description != "Rx division" || lb.Event.Name != "Spring Throwdown" ||
			len(lb.Workouts) != 2 || lb.Workouts[0].Type != publicv1.WorkoutType_time || iv(lb.Workouts[0].OrderIndex) != "1" || lb.LastUpdated == "" {
			t.Errorf("leaderboard %+v", lb)
		}
		if s := lb.Standings[0]; s.Athlete1Name != "Alpha One" || s.Athlete2Name != "Alpha Two" || fv(s.WorkoutResults[0].RawResult) != "185" {
			t.Errorf("Alpha %+v", s)
		}
		if r := lb.Standings[2].WorkoutResults[0]; fv(r.RawResult) != "15" {
			t.Errorf("capped raw result %+v", r)
		}
		// includeUnpublished is ignored without an admin token, in every spelling.
		for _, q := range []string{"?includeUnpublished=1", "?includeUnpublished=true", "?include_unpublished=true"} {
			anon := &publicv1.DivisionLeaderboard{}
			w.get(divPath+q, anon)
			if standingsText(anon) != publicRx || anon.IncludeUnpublished {
				t.Errorf("%s without a token showed unpublished results:\n%s", q, standingsText(anon))
			}
		}
		// A stale or forged token is no admin either.
		r := s.Do(http.MethodGet, divPath+"?includeUnpublished=1", nil, "not-a-token").MustStatus(t, http.StatusOK)
		forged := &publicv1.DivisionLeaderboard{}
		r.Decode(t, forged)
		if standingsText(forged) != publicRx {
			t.Error("a forged token saw unpublished results")
		}
		// With an admin token it is honoured, and the answer is private.
		r = s.Admin(http.MethodGet, divPath+"?includeUnpublished=1", nil).MustStatus(t, http.StatusOK)
		admin := &publicv1.DivisionLeaderboard{}
		r.Decode(t, admin)
		if got := standingsText(admin); got != adminRx || !admin.IncludeUnpublished {
			t.Errorf("admin preview:\n%s\nwant:\n%s", got, adminRx)
		}
		if cc := r.Header.Get("Cache-Control"); cc != "private, no-store" {
			t.Errorf("admin preview Cache-Control %q", cc)
		}
		// The admin token without the flag: the public view.
		plain := &publicv1.DivisionLeaderboard{}
		s.Admin(http.MethodGet, divPath, nil).MustStatus(t, http.StatusOK).Decode(t, plain)
		if standingsText(plain) != publicRx {
			t.Error("an admin without includeUnpublished saw unpublished results")
		}
		// And the public view is still the public one after the preview (separate cache keys).
		again := &publicv1.DivisionLeaderboard{}
		w.get(divPath, again)
		if standingsText(again) != publicRx {
			t.Error("the admin preview leaked into the public cache")
		}
	})

	t.Run("admin division leaderboard", func(t *testing.T) {
		path := "/api/events/" + ev + "/divisions/" + rx + "/leaderboard"
		s.Do(http.MethodGet, path+"?includeUnpublished=true", nil, "").MustStatus(t, http.StatusUnauthorized)
		lb := &publicv1.DivisionLeaderboard{}
		s.Admin(http.MethodGet, path+"?includeUnpublished=true", nil).MustStatus(t, http.StatusOK).Decode(t, lb)
		if standingsText(lb) != adminRx {
			t.Errorf("admin route:\n%s", standingsText(lb))
		}
		s.Admin(http.MethodGet, path, nil).MustStatus(t, http.StatusOK).Decode(t, lb)
		if standingsText(lb) != publicRx {
			t.Errorf("admin route without the flag:\n%s", standingsText(lb))
		}
	})

	t.Run("workout leaderboard", func(t *testing.T) {
		lb := &publicv1.WorkoutLeaderboard{}
		w.get("/api/public/events/"+ev+"/divisions/"+rx+"/workouts/"+fran+"/leaderboard", lb)
		if lb.Workout.Name != "Fran" || lb.Workout.ScoringType != publicv1.WorkoutType_time || iv(lb.Workout.TimeCap) != "600" || lb.Division.Name != "Rx" ||
			lb.Event.Name != "Spring Throwdown" || len(lb.Workouts) != 2 {
			t.Errorf("header %+v %+v", lb.Workout, lb.Division)
		}
		var rows []string
		for _, r := range lb.Results {
			rows = append(rows, strings.Join([]string{iv(r.Rank), iv(r.DisplayRank), r.TeamName, r.Athlete1Name, r.Result, fv(r.RawResult), fv(r.Points), r.Status.String(), map[bool]string{true: "placeholder"}[r.IsPlaceholder]}, "|"))
		}
		want := "1|1|Alpha|Alpha One|3:05|185|100|completed|\n2|2|Bravo|Bravo One|CAP +15|15|95|capped|\n" +
			"null|null|Delta|Delta One|DNS|null|null|dns|\nnull|null|Charlie|Charlie One||null|null|not_started|placeholder"
		// On the wire too: a dns row has "points": null (the scoring rules give it none).
		var wire struct {
			Results []map[string]any `json:"results"`
		}
		if err := json.Unmarshal(w.get("/api/public/events/"+ev+"/divisions/"+rx+"/workouts/"+fran+"/leaderboard", nil).Body, &wire); err != nil {
			t.Fatal(err)
		}
		for _, r := range wire.Results {
			if points, ok := r["points"]; r["status"] == "dns" && (!ok || points != nil) {
				t.Errorf("dns row on the wire: %v", r)
			}
		}
		if got := strings.Join(rows, "\n"); got != want {
			t.Errorf("Fran rows:\n%s\nwant:\n%s", got, want)
		}
		w.get("/api/public/events/"+ev+"/divisions/"+rx+"/workouts/"+cindy+"/leaderboard", lb)
		var names []string
		for _, r := range lb.Results {
			names = append(names, r.TeamName+":"+iv(r.Rank))
		}
		if got := strings.Join(names, " "); got != "Charlie:1 Alpha:2 Bravo:null Delta:null" {
			t.Errorf("Cindy rows: %s", got)
		}
		if lb.Workout.TimeCap != nil || lb.Workout.ScoringType != publicv1.WorkoutType_reps {
			t.Errorf("Cindy %+v", lb.Workout)
		}
		if !lb.Event.DetailsVisible || lb.IncludeUnpublished {
			t.Errorf("Cindy event %+v, includeUnpublished %v", lb.Event, lb.IncludeUnpublished)
		}
	})

	t.Run("workout leaderboard preview", func(t *testing.T) {
		path := "/api/public/events/" + ev + "/divisions/" + rx + "/workouts/" + fran + "/leaderboard?includeUnpublished=1"
		leader := func(lb *publicv1.WorkoutLeaderboard) string {
			return lb.Results[0].TeamName + ":" + iv(lb.Results[0].Rank)
		}
		// Without an admin token, and with a forged one, the flag changes nothing.
		for _, token := range []string{"", "not-a-token"} {
			lb := &publicv1.WorkoutLeaderboard{}
			s.Do(http.MethodGet, path, nil, token).MustStatus(t, http.StatusOK).Decode(t, lb)
			if leader(lb) != "Alpha:1" || lb.IncludeUnpublished {
				t.Errorf("token %q: leader %s, includeUnpublished %v", token, leader(lb), lb.IncludeUnpublished)
			}
		}
		// An admin sees Charlie's unpublished 2:50 first, privately.
		lb := &publicv1.WorkoutLeaderboard{}
		r := s.Admin(http.MethodGet, path, nil).MustStatus(t, http.StatusOK)
		r.Decode(t, lb)
		if leader(lb) != "Charlie:1" || !lb.IncludeUnpublished {
			t.Errorf("admin preview: leader %s, includeUnpublished %v", leader(lb), lb.IncludeUnpublished)
		}
		if cc := r.Header.Get("Cache-Control"); cc != "private, no-store" {
			t.Errorf("admin preview Cache-Control %q", cc)
		}
		// The public view is untouched by the preview.
		again := &publicv1.WorkoutLeaderboard{}
		w.get("/api/public/events/"+ev+"/divisions/"+rx+"/workouts/"+fran+"/leaderboard", again)
		if leader(again) != "Alpha:1" {
			t.Error("the admin preview leaked into the public workout leaderboard")
		}
	})

	t.Run("team details and bookmark summary", func(t *testing.T) {
		td := &publicv1.TeamDetails{}
		w.get("/api/public/teams/"+charlie, td)
		if td.Team.Id != charlie || td.Team.Name != "Charlie" || td.Team.Athlete1Name != "Charlie One" || td.Team.Athlete2Name != "Charlie Two" ||
			td.Division.Id != rx || td.Division.Name != "Rx" || td.Event.Id != ev || td.Event.Name != "Spring Throwdown" || td.Event.StartDate != "2026-05-01" ||
			iv(td.OverallRank) != "2" || fv(td.TotalPoints) != "100" || td.DivisionStats.TotalTeams != 4 ||
			td.CompletionStats.WorkoutsCompleted != 1 || td.CompletionStats.TotalWorkouts != 2 || td.CompletionStats.CompletionPercentage != 50 ||
			td.LastUpdated == "" {
			t.Errorf("team details %+v", td)
		}
		if len(td.WorkoutResults) != 2 {
			t.Fatalf("workout results %+v", td.WorkoutResults)
		}
		fr, cr := td.WorkoutResults[0], td.WorkoutResults[1]
		if fr.Workout.Name != "Fran" || iv(fr.Workout.OrderIndex) != "1" || fr.Status != typesv1.ResultStatus_not_started || fr.Result != "" || fr.Rank != nil || fr.Points != nil {
			t.Errorf("Fran (unpublished) %+v", fr)
		}
		if cr.Status != typesv1.ResultStatus_completed || cr.Result != "320" || fv(cr.RawResult) != "320" || iv(cr.Rank) != "1" || fv(cr.Points) != "100" {
			t.Errorf("Cindy %+v", cr)
		}
		bs := &publicv1.TeamBookmarkSummary{}
		w.get("/api/public/teams/"+charlie+"/bookmark-summary", bs)
		if bs.Id != charlie || bs.Name != "Charlie" || bs.Division.Id != rx || bs.Division.Name != "Rx" || bs.Event.Id != ev ||
			bs.Event.Name != "Spring Throwdown" || iv(bs.OverallRank) != "2" || fv(bs.TotalPoints) != "100" {
			t.Errorf("bookmark %+v", bs)
		}
		w.get("/api/public/teams/"+w.TeamID("Delta"), td)
		if td.OverallRank != nil || td.TotalPoints != nil {
			t.Errorf("withdrawn Delta %s %s", iv(td.OverallRank), fv(td.TotalPoints))
		}
		w.get("/api/public/teams/"+w.TeamID("Echo"), td)
		if td.OverallRank != nil || td.TotalPoints != nil || td.WorkoutResults[0].Status != typesv1.ResultStatus_not_started || td.DivisionStats.TotalTeams != 1 {
			t.Errorf("Echo %+v", td)
		}
	})

	t.Run("not found", func(t *testing.T) {
		other := newWorld(t, s, map[string]any{"name": "Other Event", "status": "PUBLISHED", "dateFrom": "2026-07-01", "dateTo": "2026-07-01"})
		otherDiv := other.division("Open", "Foxtrot")
		otherWorkout := other.Workout(eventtest.Fields{"name": "Grace", "scoreType": "TIME", "timeCapSeconds": 300, "workoutOrder": 1, "description": "# Grace"}).GetId()
		for _, id := range []string{unknownID, "not-an-id", strings.ToUpper(unknownID)} {
			w.notFound("/api/public/events/"+id, "Event not found")
			w.notFound("/api/public/events/"+id+"/leaderboard", "Event leaderboard not found")
			w.notFound("/api/public/events/"+id+"/divisions/"+rx+"/leaderboard", "Division leaderboard not found")
			w.notFound("/api/public/events/"+ev+"/divisions/"+id+"/leaderboard", "Division leaderboard not found")
			w.notFound("/api/public/events/"+ev+"/divisions/"+rx+"/workouts/"+id+"/leaderboard", "Workout leaderboard not found")
			w.notFound("/api/public/events/"+ev+"/divisions/"+id+"/workouts/"+fran+"/leaderboard", "Workout leaderboard not found")
			w.notFound("/api/public/teams/"+id, "Team not found")
			w.notFound("/api/public/teams/"+id+"/bookmark-summary", "Team bookmark summary not found")
		}
		// Parts of another event.
		w.notFound("/api/public/events/"+ev+"/divisions/"+otherDiv+"/leaderboard", "Division leaderboard not found")
		w.notFound("/api/public/events/"+ev+"/divisions/"+rx+"/workouts/"+otherWorkout+"/leaderboard", "Workout leaderboard not found")
		w.notFound("/api/public/events/"+other.ID+"/divisions/"+scaled+"/leaderboard", "Division leaderboard not found")
		// A team whose event goes back to DRAFT disappears.
		other.s.Admin(http.MethodPut, "/api/events/"+other.ID, map[string]any{"name": "Other Event", "status": "DRAFT", "dateFrom": "2026-07-01", "dateTo": "2026-07-01"}).MustStatus(t, http.StatusOK)
		w.notFound("/api/public/teams/"+other.TeamID("Foxtrot"), "Team not found")
		w.notFound("/api/public/events/"+other.ID+"/leaderboard", "Event leaderboard not found")
	})
}

func TestPublicEventList(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	build := s.Events(t)
	w := &world{t: t, s: s} // public reads of several events
	// Every event has dates (the admin area requires them); events without dates sort last,
	// which the view tests cover.
	mk := func(name, status, from string) string {
		return build.Event(eventtest.Fields{"name": name, "status": status, "dateFrom": from, "dateTo": from}).ID
	}
	mk("Zeta Open", "PUBLISHED", "2026-06-01")
	mk("Alpha Games", "IN_PROGRESS", "2026-06-01")
	mk("Later Same Day", "PUBLISHED", "2026-06-01")
	mk("Old Classic", "ARCHIVED", "2024-03-01")
	mk("Secret Draft", "DRAFT", "2020-01-01")
	unlisted := mk("Invite Only", "UNLISTED", "2020-01-01")
	mk("Early Bird", "PUBLISHED", "2026-01-15")

	list := func(query string) string {
		events := eventtest.DecodeList(t, w.get("/api/public/events"+query, nil).Body, func() *publicv1.PublicEvent { return &publicv1.PublicEvent{} })
		var out []string
		for _, e := range events {
			out = append(out, e.Name+":"+e.Status.String())
		}
		return strings.Join(out, ", ")
	}
	for query, want := range map[string]string{
		"":                                    "Early Bird:published, Alpha Games:in_progress, Later Same Day:published, Zeta Open:published",
		"?filterStatus=published,in_progress": "Early Bird:published, Alpha Games:in_progress, Later Same Day:published, Zeta Open:published",
		"?filterStatus=archived":              "Old Classic:archived",
		"?filterStatus=published,in_progress,archived": "Old Classic:archived, Early Bird:published, Alpha Games:in_progress, Later Same Day:published, Zeta Open:published",
		"?filterStatus=in_progress":                    "Alpha Games:in_progress",
		"?filterStatus=draft,unlisted":                 "",
		"?filterStatus=ARCHIVED,%20bogus":              "Old Classic:archived",
	} {
		if got := list(query); got != want {
			t.Errorf("GET /api/public/events%s:\n got %s\nwant %s", query, got, want)
		}
	}
	// An empty list is [], not null.
	if r := w.get("/api/public/events?filterStatus=draft", nil); strings.TrimSpace(string(r.Body)) != "[]" {
		t.Errorf("empty list %s", r.Body)
	}
	// UNLISTED: not listed, but open by id, shown as published.
	e := &publicv1.PublicEvent{}
	w.get("/api/public/events/"+unlisted, e)
	if e.Name != "Invite Only" || e.Status != typesv1.PublicEventStatus_published {
		t.Errorf("unlisted event %+v", e)
	}
	// A change is visible on the next read.
	s.Admin(http.MethodPut, "/api/events/"+unlisted, map[string]any{"name": "Invite Only", "status": "PUBLISHED", "dateFrom": "2020-01-01", "dateTo": "2020-01-01"}).
		MustStatus(t, http.StatusOK)
	if got := list(""); !strings.HasPrefix(got, "Invite Only:published, ") {
		t.Errorf("after publishing: %s", got)
	}
	// Hidden details are not found (the event page then sends visitors to the leaderboard).
	hidden := build.Event(eventtest.Fields{"name": "Hidden Details", "status": "PUBLISHED", "detailsVisible": false, "dateFrom": "2027-01-01", "dateTo": "2027-01-01",
		"description": "Secret route"}).ID
	w.notFound("/api/public/events/"+hidden, "Event not found")
	// The leaderboard says so, so the public pages can leave out the Details tab.
	hiddenLB := &publicv1.EventLeaderboard{}
	w.get("/api/public/events/"+hidden+"/leaderboard", hiddenLB)
	if hiddenLB.Event.DetailsVisible {
		t.Error("the leaderboard of an event with hidden details says detailsVisible")
	}
	events := eventtest.DecodeList(t, w.get("/api/public/events", nil).Body, func() *publicv1.PublicEvent { return &publicv1.PublicEvent{} })
	for _, e := range events {
		if e.Name == "Hidden Details" && (e.DetailsVisible || e.Description != "") {
			t.Errorf("hidden details shown in the list: %+v", e)
		}
	}
}

// serial: it counts the process's rebuilds
func TestPublicReadsSeeChangesAndRebuildOnce(t *testing.T) {
	s := stacktest.Start(t)
	w := springThrowdown(t, s)
	w.publishEvent()
	divPath := w.rxLeaderboard()
	lb := &publicv1.DivisionLeaderboard{}
	w.get(divPath, lb)
	if standingsText(lb) != publicRx {
		t.Fatalf("before:\n%s", standingsText(lb))
	}

	// Publishing Charlie's Fran makes the next read the admin preview's numbers.
	w.Publish(w.Saved("Charlie", "Fran"))
	w.get(divPath, lb)
	if got := standingsText(lb); got != adminRx {
		t.Fatalf("after publishing:\n%s\nwant:\n%s", got, adminRx)
	}
	// A result saved through the admin API shows on the next read of every view.
	w.save("Delta", "Cindy", eventtest.Fields{"resultValue": 400}, true)
	td := &publicv1.TeamDetails{}
	w.get("/api/public/teams/"+w.TeamID("Delta"), td)
	if td.WorkoutResults[1].Result != "400" || iv(td.WorkoutResults[1].Rank) != "1" {
		t.Errorf("Delta's Cindy after saving: %+v", td.WorkoutResults[1])
	}
	wl := &publicv1.WorkoutLeaderboard{}
	w.get("/api/public/events/"+w.ID+"/divisions/"+w.DivisionID("Rx")+"/workouts/"+w.WorkoutID("Cindy")+"/leaderboard", wl)
	if wl.Results[0].TeamName != "Delta" {
		t.Errorf("Cindy leader %s", wl.Results[0].TeamName)
	}
	// Unpublishing takes it away again.
	s.Admin(http.MethodPost, "/api/results/publication/unpublish", map[string]any{"resultIds": []string{w.ResultID("Delta", "Cindy")}}).MustStatus(t, http.StatusOK)
	w.get("/api/public/teams/"+w.TeamID("Delta"), td)
	if td.WorkoutResults[1].Status != typesv1.ResultStatus_not_started {
		t.Errorf("unpublished result still shown: %+v", td.WorkoutResults[1])
	}
	// A renamed team (one without published results can be edited) is renamed everywhere.
	s.Admin(http.MethodPut, "/api/teams/"+w.TeamID("Echo"), map[string]any{"name": "Echo Renamed", "divisionId": w.DivisionID("Scaled")}).MustStatus(t, http.StatusOK)
	el := &publicv1.EventLeaderboard{}
	w.get("/api/public/events/"+w.ID+"/leaderboard", el)
	if last := el.Teams[len(el.Teams)-1]; last.Name != "Echo Renamed" {
		t.Errorf("after renaming: %s", last.Name)
	}

	// A miss is rebuilt once, however many readers ask at the same time, signed in or not.
	w.save("Echo", "Fran", eventtest.Fields{"resultValue": 200}, true) // a new generation
	before := telemetrytest.ViewRebuilds("division")
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			token := ""
			if i%2 == 0 {
				token = s.Token
			}
			r := s.Do(http.MethodGet, divPath, nil, token)
			if r.Status != http.StatusOK {
				t.Errorf("status %d", r.Status)
			}
		}()
	}
	wg.Wait()
	if n := telemetrytest.ViewRebuilds("division") - before; n != 1 {
		t.Errorf("the division leaderboard was built %d times for one change, want 1", n)
	}
	before = telemetrytest.ViewRebuilds("")
	for range 5 {
		s.Do(http.MethodGet, divPath, nil, s.Token).MustStatus(t, http.StatusOK)
	}
	if n := telemetrytest.ViewRebuilds("") - before; n != 0 {
		t.Errorf("%d rebuilds without a change", n)
	}
}

func TestPublicHTTPCaching(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	w := springThrowdown(t, s)
	w.publishEvent()
	path := "/api/public/events/" + w.ID + "/divisions/" + w.DivisionID("Rx") + "/leaderboard"
	plain := s.DoWithHeaders(http.MethodGet, path, nil, "", map[string]string{"Accept-Encoding": "identity"}).MustStatus(t, http.StatusOK)
	etag := plain.Header.Get("ETag")
	if !strings.HasPrefix(etag, `"`) || strings.HasPrefix(etag, "W/") {
		t.Fatalf("ETag %q", etag)
	}
	if cc := plain.Header.Get("Cache-Control"); cc != "public, max-age=5, stale-while-revalidate=30" {
		t.Errorf("Cache-Control %q", cc)
	}
	if v := plain.Header.Get("Vary"); v != "Accept-Encoding" {
		t.Errorf("Vary %q", v)
	}
	// Same bytes, same ETag.
	again := s.DoWithHeaders(http.MethodGet, path, nil, "", map[string]string{"Accept-Encoding": "identity"})
	if again.Header.Get("ETag") != etag || !bytes.Equal(again.Body, plain.Body) {
		t.Error("the ETag or body changed without a change")
	}
	// 304 on If-None-Match.
	nm := s.DoWithHeaders(http.MethodGet, path, nil, "", map[string]string{"If-None-Match": etag, "Accept-Encoding": "identity"})
	if nm.Status != http.StatusNotModified || len(nm.Body) != 0 || nm.Header.Get("ETag") != etag {
		t.Errorf("If-None-Match: %d %v", nm.Status, nm.Header)
	}
	// gzip when asked.
	z := s.DoWithHeaders(http.MethodGet, path, nil, "", map[string]string{"Accept-Encoding": "gzip"}).MustStatus(t, http.StatusOK)
	if z.Header.Get("Content-Encoding") != "gzip" || len(z.Body) >= len(plain.Body) {
		t.Fatalf("gzip: %v, %d bytes vs %d", z.Header, len(z.Body), len(plain.Body))
	}
	zr, err := gzip.NewReader(bytes.NewReader(z.Body))
	if err != nil {
		t.Fatal(err)
	}
	unzipped, _ := io.ReadAll(zr)
	if !bytes.Equal(unzipped, plain.Body) {
		t.Error("the gzipped body differs")
	}
	if nm := s.DoWithHeaders(http.MethodGet, path, nil, "", map[string]string{"If-None-Match": z.Header.Get("ETag"), "Accept-Encoding": "gzip"}); nm.Status != http.StatusNotModified {
		t.Errorf("gzip If-None-Match: %d", nm.Status)
	}
	// A change gives a new ETag at once (the change went through this gateway).
	w.Publish(w.Saved("Charlie", "Fran"))
	changed := s.DoWithHeaders(http.MethodGet, path, nil, "", map[string]string{"If-None-Match": etag, "Accept-Encoding": "identity"})
	if changed.Status != http.StatusOK || changed.Header.Get("ETag") == etag {
		t.Errorf("after a change: %d %s", changed.Status, changed.Header.Get("ETag"))
	}
	// The admin preview is private and never stored; asked without a token, it is the public
	// request, with the public copy's headers (preview_api_test.go).
	r0 := s.DoWithHeaders(http.MethodGet, path+"?includeUnpublished=true", nil, s.Token, map[string]string{"Accept-Encoding": "identity"}).MustStatus(t, http.StatusOK)
	if cc := r0.Header.Get("Cache-Control"); cc != "private, no-store" || r0.Header.Get("ETag") != "" {
		t.Errorf("admin preview: Cache-Control %q, ETag %q", cc, r0.Header.Get("ETag"))
	}
	anon := s.DoWithHeaders(http.MethodGet, path+"?includeUnpublished=true", nil, "", map[string]string{"Accept-Encoding": "identity"}).MustStatus(t, http.StatusOK)
	if cc := anon.Header.Get("Cache-Control"); cc != "public, max-age=5, stale-while-revalidate=30" || anon.Header.Get("ETag") != changed.Header.Get("ETag") {
		t.Errorf("anonymous preview: Cache-Control %q, ETag %q, want the public copy's %q", cc, anon.Header.Get("ETag"), changed.Header.Get("ETag"))
	}
	// Errors are not cacheable.
	r := s.Do(http.MethodGet, "/api/public/events/"+unknownID, nil, "")
	if r.Status != http.StatusNotFound || r.Header.Get("Cache-Control") != "no-store" || r.Header.Get("ETag") != "" {
		t.Errorf("404: %d %v", r.Status, r.Header)
	}
}
