package resultssvc_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/eventtest"
)

// Appeals through the gateway (docs/competition-day.md), against the server's clock, which
// the test moves.

// TestAppeals: a team appeals its published result within the event's window, once; another
// team's result, an unpublished one and a late appeal are refused, each naming its field, and
// store nothing; athletes read their own team's appeals only; an upheld appeal becomes a
// pending change of the result with a mail to the team; a dismissal is mailed with its reason.
func TestAppeals(t *testing.T) {
	t.Parallel()
	start := time.Now().UTC().Truncate(time.Second)
	clock := stacktest.NewClock(start)
	s := stacktest.StartWith(t, stacktest.Options{Now: clock.Now})
	ev := s.Events(t).Event(eventtest.Fields{"name": "Summer Throwdown", "dateFrom": "2026-06-01", "dateTo": "2026-06-02"})
	d := ev.Division("RX Pairs", "")
	w := ev.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1))
	ev.Transition("publish")
	s.Admin(http.MethodPut, "/api/divisions/"+d.GetId()+"/registration", map[string]any{
		"opensAt": start.Add(-time.Hour).Format(time.RFC3339), "closesAt": start.Add(24 * time.Hour).Format(time.RFC3339),
		"capacity": 20}).MustStatus(t, http.StatusOK)
	q := &qualifier{s: s, ev: ev, divisionID: d.GetId(), workoutID: w.GetId()}
	anna, ben := q.team(t, "Alpha")
	cleo, _ := q.team(t, "Bravo")
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
	alpha, bravo := result("Alpha", 245), result("Bravo", 250)
	appeal := func(a stacktest.Athlete, resultID string, body map[string]any) *stacktest.Response {
		return s.Do(http.MethodPost, "/api/appeals/results/"+resultID, body, a.Token)
	}
	good := map[string]any{"reason": "The judge missed our last 5 reps", "videoUrl": "https://youtu.be/abc"}
	appeals := func() int { return count(t, s, `SELECT count(*) FROM results.appeals`) }

	// Before publication: nothing to appeal yet.
	wantFieldError(t, appeal(anna, alpha, good), http.StatusConflict, "resultId", "This result is not published yet: it can be appealed once it is")
	s.Admin(http.MethodPut, "/api/events/"+ev.ID+"/appeals/window", map[string]any{"minutes": 0}).MustStatus(t, http.StatusBadRequest)
	s.Admin(http.MethodPut, "/api/events/"+ev.ID+"/appeals/window", map[string]any{"minutes": 30}).MustStatus(t, http.StatusOK)
	s.Admin(http.MethodPost, "/api/results/publication/publish", map[string]any{"resultIds": []string{alpha, bravo}}).MustStatus(t, http.StatusOK)

	// Bad input, another team's result, staff: refused, nothing stored.
	wantFieldError(t, appeal(anna, alpha, map[string]any{"reason": "  "}), http.StatusBadRequest, "reason", "Give the reason of the appeal")
	wantFieldError(t, appeal(anna, alpha, map[string]any{"reason": "x", "videoUrl": "http://youtu.be/abc"}), http.StatusBadRequest, "videoUrl", "")
	if r := appeal(anna, bravo, good); r.Status != http.StatusForbidden {
		t.Errorf("another team's result: %d %s", r.Status, r.Body)
	}
	if r := s.Do(http.MethodPost, "/api/appeals/results/"+alpha, good, s.Token); r.Status != http.StatusForbidden {
		t.Errorf("staff filing: %d %s", r.Status, r.Body)
	}
	if n := appeals(); n != 0 {
		t.Fatalf("%d appeals stored by refusals", n)
	}

	// A second before the window closes: filed. Twice: refused.
	clock.Set(start.Add(30*time.Minute - time.Second))
	a := &resultsv1.Appeal{}
	appeal(ben, alpha, good).MustStatus(t, http.StatusOK).Decode(t, a)
	if a.GetState() != "pending" || a.GetBeforeText() != "4:05" || a.GetTeamName() != "Alpha" || a.GetFiledBy() != "Alpha Partner" {
		t.Fatalf("filed: %v", a)
	}
	wantFieldError(t, appeal(anna, alpha, good), http.StatusConflict, "resultId", "Your team has appealed this result already")
	// At the window's end: refused.
	clock.Set(start.Add(30 * time.Minute))
	r := appeal(cleo, bravo, good)
	wantFieldError(t, r, http.StatusConflict, "resultId", "")
	if n := appeals(); n != 1 {
		t.Fatalf("%d appeals stored", n)
	}

	// Each team reads its own.
	mine := &resultsv1.Appeals{}
	s.Do(http.MethodGet, "/api/appeals/events/"+ev.ID+"/mine", nil, cleo.Token).MustStatus(t, http.StatusOK).Decode(t, mine)
	if len(mine.GetAppeals()) != 0 || mine.GetWindowMinutes() != 30 {
		t.Fatalf("Bravo reads: %v", mine)
	}
	s.Do(http.MethodGet, "/api/appeals/events/"+ev.ID+"/mine", nil, anna.Token).MustStatus(t, http.StatusOK).Decode(t, mine)
	if len(mine.GetAppeals()) != 1 || mine.GetAppeals()[0].GetId() != a.GetId() {
		t.Fatalf("Alpha reads: %v", mine)
	}

	// The decision: bad input first, then upheld with the new value as a pending change.
	decide := func(body map[string]any) *stacktest.Response {
		return s.Admin(http.MethodPost, "/api/events/"+ev.ID+"/appeals/"+a.GetId()+"/decision", body)
	}
	wantFieldError(t, decide(map[string]any{"decision": "maybe", "reason": "x"}), http.StatusBadRequest, "decision", "Decision must be uphold or dismiss")
	wantFieldError(t, decide(map[string]any{"decision": "uphold"}), http.StatusBadRequest, "reason", "Give the reason of the decision")
	wantFieldError(t, decide(map[string]any{"decision": "uphold", "reason": "x", "resultValue": 9000}), http.StatusBadRequest, "resultValue", "")
	mails := count(t, s, `SELECT count(*) FROM results.mail_outbox`)
	decided := &resultsv1.Appeal{}
	decide(map[string]any{"decision": "uphold", "reason": "The video shows 5 more reps", "resultValue": 240}).
		MustStatus(t, http.StatusOK).Decode(t, decided)
	if decided.GetState() != "upheld" || decided.GetAfterText() != "4:00" || decided.GetDecisionReason() != "The video shows 5 more reps" {
		t.Fatalf("decided: %v", decided)
	}
	if n := count(t, s, `SELECT count(*) FROM results.results WHERE id = $1 AND NOT is_published AND public_value = 245 AND value = 240`, alpha); n != 1 {
		t.Errorf("the upheld value is not a pending change of the published result")
	}
	if n := count(t, s, `SELECT count(*) FROM results.mail_outbox WHERE subject = 'Appeal upheld: Fran, team Alpha'
		AND body_text LIKE '%The video shows 5 more reps%'`); n != 2 || count(t, s, `SELECT count(*) FROM results.mail_outbox`) != mails+2 {
		t.Errorf("upheld mails: %d", n)
	}
	wantFieldError(t, decide(map[string]any{"decision": "dismiss", "reason": "x"}), http.StatusConflict, "appealId", "This appeal is decided already")

	// The team sees the decision, without who made it.
	s.Do(http.MethodGet, "/api/appeals/events/"+ev.ID+"/mine", nil, anna.Token).MustStatus(t, http.StatusOK).Decode(t, mine)
	if got := mine.GetAppeals()[0]; got.GetState() != "upheld" || got.GetDecidedBy() != "" || got.GetDecidedAt() == "" {
		t.Fatalf("Alpha reads the decision: %v", got)
	}
	staff := &resultsv1.Appeals{}
	s.Admin(http.MethodGet, "/api/events/"+ev.ID+"/appeals", nil).MustStatus(t, http.StatusOK).Decode(t, staff)
	if len(staff.GetAppeals()) != 1 || staff.GetAppeals()[0].GetDecidedBy() == "" {
		t.Fatalf("staff reads: %v", staff)
	}
}
