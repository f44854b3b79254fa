package resultssvc_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/internal/poll"
)

// TestAdjustments: the public adjustments page (docs/competition-day.md, "Adjustments") lists
// every change of a result after the public first saw it — an upheld appeal with its decision's
// reason, a penalty with its reason, a correction, a withdrawn result — newest first, with the
// text before and after, only once the change is published, and never who made it; the
// athlete's appeal list shows the team's published results with their windows.
func TestAdjustments(t *testing.T) {
	t.Parallel()
	start := time.Now().UTC().Truncate(time.Second)
	clock := stacktest.NewClock(start)
	s := stacktest.StartWith(t, stacktest.Options{Now: clock.Now})
	ev := s.Events(t).Event(eventtest.Fields{"name": "Autumn Throwdown", "dateFrom": "2026-06-01", "dateTo": "2026-06-02"})
	d := ev.Division("RX Pairs", "")
	w := ev.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1))
	ev.Transition("publish")
	s.Admin(http.MethodPut, "/api/divisions/"+d.GetId()+"/registration", map[string]any{
		"opensAt": start.Add(-time.Hour).Format(time.RFC3339), "closesAt": start.Add(24 * time.Hour).Format(time.RFC3339),
		"capacity": 20}).MustStatus(t, http.StatusOK)
	q := &qualifier{s: s, ev: ev, divisionID: d.GetId(), workoutID: w.GetId()}
	anna, _ := q.team(t, "Alpha")
	q.team(t, "Bravo")
	q.team(t, "Charlie")
	var teams []struct{ ID, Name string }
	s.Admin(http.MethodGet, "/api/teams/by-event/"+ev.ID, nil).MustStatus(t, http.StatusOK).Decode(t, &teams)
	teamID := map[string]string{}
	for _, tm := range teams {
		teamID[tm.Name] = tm.ID
	}
	result := func(team string, value float64) string {
		r := &resultsv1.Result{}
		s.Admin(http.MethodPost, "/api/results", map[string]any{"teamId": teamID[team], "workoutId": w.GetId(), "resultValue": value}).
			MustStatus(t, http.StatusOK).Decode(t, r)
		return r.GetId().GetValue()
	}
	alpha, bravo, charlie := result("Alpha", 245), result("Bravo", 250), result("Charlie", 260)
	publish := func(ids ...string) {
		s.Admin(http.MethodPost, "/api/results/publication/publish", map[string]any{"resultIds": ids}).MustStatus(t, http.StatusOK)
	}
	adjustments := func() *publicv1.PublicAdjustments {
		out := &publicv1.PublicAdjustments{}
		s.Do(http.MethodGet, "/api/public/events/"+ev.ID+"/adjustments", nil, "").MustStatus(t, http.StatusOK).Decode(t, out)
		return out
	}
	// The public copy lasts up to the gateway's second: a change shows once it is dropped.
	waitFor := func(what string, n int) *publicv1.PublicAdjustments {
		var got *publicv1.PublicAdjustments
		if !poll.Within(10*time.Second, func() bool { got = adjustments(); return len(got.GetAdjustments()) == n }) {
			t.Fatalf("%s: %v", what, got)
		}
		return got
	}

	publish(alpha, bravo, charlie)
	if got := adjustments(); len(got.GetAdjustments()) != 0 || got.GetEventName() != "Autumn Throwdown" {
		t.Fatalf("first publications are no adjustments: %v", got)
	}

	// The athlete sees the team's published result with its window.
	mine := &resultsv1.Appeals{}
	s.Do(http.MethodGet, "/api/appeals/events/"+ev.ID+"/mine", nil, anna.Token).MustStatus(t, http.StatusOK).Decode(t, mine)
	if len(mine.GetResults()) != 1 || mine.GetResults()[0].GetResultId() != alpha || !mine.GetResults()[0].GetAppealable() ||
		mine.GetResults()[0].GetResultText() != "4:05" || mine.GetResults()[0].GetWindowClosesAt() != start.Add(30*time.Minute).Format(time.RFC3339) {
		t.Fatalf("Alpha's appealable results: %v", mine.GetResults())
	}

	// An appeal upheld: nothing public until the pending change is published.
	a := &resultsv1.Appeal{}
	s.Do(http.MethodPost, "/api/appeals/results/"+alpha, map[string]any{"reason": "The judge missed 5 reps"}, anna.Token).
		MustStatus(t, http.StatusOK).Decode(t, a)
	s.Admin(http.MethodPost, "/api/events/"+ev.ID+"/appeals/"+a.GetId()+"/decision",
		map[string]any{"decision": "uphold", "reason": "The video shows 5 more reps", "resultValue": 240}).MustStatus(t, http.StatusOK)
	if got := adjustments(); len(got.GetAdjustments()) != 0 {
		t.Fatalf("a pending change is public: %v", got)
	}
	s.Do(http.MethodGet, "/api/appeals/events/"+ev.ID+"/mine", nil, anna.Token).MustStatus(t, http.StatusOK).Decode(t, mine)
	if mine.GetResults()[0].GetAppealable() || mine.GetResults()[0].GetResultText() != "4:05" || !mine.GetAppeals()[0].GetChangePending() {
		t.Fatalf("an appealed result, its change pending: %v", mine)
	}
	publish(alpha)
	s.Do(http.MethodGet, "/api/appeals/events/"+ev.ID+"/mine", nil, anna.Token).MustStatus(t, http.StatusOK).Decode(t, mine)
	if mine.GetResults()[0].GetResultText() != "4:00" || mine.GetAppeals()[0].GetChangePending() {
		t.Fatalf("the upheld change published: %v", mine)
	}
	got := waitFor("the upheld appeal published", 1).GetAdjustments()[0]
	if got.GetKind() != "appeal" || got.GetReason() != "The video shows 5 more reps" || got.GetBeforeText() != "4:05" ||
		got.GetAfterText() != "4:00" || got.GetTeamName() != "Alpha" || got.GetWorkoutName() != "Fran" ||
		got.GetDivisionName() != "RX Pairs" || got.GetAt() == "" {
		t.Fatalf("the appeal's adjustment: %v", got)
	}

	// A penalty and a correction, then a withdrawn result: newest first.
	s.Admin(http.MethodPut, "/api/results/"+bravo, map[string]any{"resultValue": 250,
		"penalty": map[string]any{"kind": "time", "amount": 10, "reason": "No rep on the last thruster"}}).MustStatus(t, http.StatusOK)
	publish(bravo)
	s.Admin(http.MethodPut, "/api/results/"+charlie, map[string]any{"resultValue": 262}).MustStatus(t, http.StatusOK)
	publish(charlie)
	s.Admin(http.MethodPost, "/api/results/publication/unpublish", map[string]any{"resultIds": []string{alpha}}).MustStatus(t, http.StatusOK)
	list := waitFor("penalty, correction and withdrawal", 4).GetAdjustments()
	kinds := []string{}
	for _, a := range list {
		kinds = append(kinds, a.GetKind()+":"+a.GetTeamName()+":"+a.GetBeforeText()+">"+a.GetAfterText()+":"+a.GetReason())
	}
	want := "withdrawn:Alpha:4:00>:,correction:Charlie:4:20>4:22:,penalty:Bravo:4:10>4:10:No rep on the last thruster,appeal:Alpha:4:05>4:00:The video shows 5 more reps"
	if strings.Join(kinds, ",") != want {
		t.Fatalf("adjustments:\n got %s\nwant %s", strings.Join(kinds, ","), want)
	}

	// No staff name in the answer, which the gateway may share.
	r := s.Do(http.MethodGet, "/api/public/events/"+ev.ID+"/adjustments", nil, "").MustStatus(t, http.StatusOK)
	if strings.Contains(string(r.Body), s.AdminUsername) {
		t.Errorf("a staff name in the public answer: %s", r.Body)
	}
	if r.Header.Get("ETag") == "" {
		t.Errorf("the answer is not kept by the public cache: %v", r.Header)
	}

	// A draft event has none to show; nor has a malformed id.
	draft := s.Events(t).Event(eventtest.Fields{"name": "Draft", "dateFrom": "2026-06-01", "dateTo": "2026-06-02"})
	s.Do(http.MethodGet, "/api/public/events/"+draft.ID+"/adjustments", nil, "").MustStatus(t, http.StatusNotFound)
	s.Do(http.MethodGet, "/api/public/events/nope/adjustments", nil, "").MustStatus(t, http.StatusNotFound)
}
