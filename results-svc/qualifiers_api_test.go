package resultssvc_test

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/eventtest"
)

// Online qualifiers through the gateway (docs/qualifiers.md): submissions against the
// server's clock, which the test moves.

// testClock is the stack's clock for deadlines.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *testClock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = t
}

// qualifier is an online event with one division open for registration and one workout.
type qualifier struct {
	s                     *stacktest.Stack
	ev                    *eventtest.Event
	divisionID, workoutID string
	release, deadline     time.Time
}

func newQualifier(t *testing.T, s *stacktest.Stack, release, deadline time.Time) *qualifier {
	t.Helper()
	ev := s.Events(t).Event(eventtest.Fields{"name": "Online Open", "dateFrom": "2026-03-01", "dateTo": "2026-03-31"})
	d := ev.Division("RX Pairs", "")
	w := ev.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1))
	ev.Transition("publish")
	s.Admin(http.MethodPut, "/api/divisions/"+d.GetId()+"/registration", map[string]any{
		"opensAt": time.Now().Add(-time.Hour).UTC().Format(time.RFC3339), "closesAt": time.Now().Add(24 * time.Hour).UTC().Format(time.RFC3339),
		"capacity": 20}).MustStatus(t, http.StatusOK)
	s.Admin(http.MethodPut, "/api/events/"+ev.ID+"/online", map[string]any{"format": "online", "timeZone": "Europe/Paris",
		"workouts": []map[string]any{{"workoutId": w.GetId(), "releaseAt": release.Format(time.RFC3339),
			"submissionDeadline": deadline.Format(time.RFC3339), "videoRequired": true}}}).MustStatus(t, http.StatusOK)
	return &qualifier{s: s, ev: ev, divisionID: d.GetId(), workoutID: w.GetId(), release: release, deadline: deadline}
}

// team registers a confirmed pair and returns its captain and partner.
func (q *qualifier) team(t *testing.T, name string) (captain, partner stacktest.Athlete) {
	t.Helper()
	captain, partner = q.s.SignUpAthlete(name, "Captain"), q.s.SignUpAthlete(name, "Partner")
	var reg struct{ ShareCode string }
	q.s.Do(http.MethodPost, "/api/registration/events/"+q.ev.ID+"/registrations", map[string]any{"divisionId": q.divisionID, "teamName": name},
		captain.Token).MustStatus(t, http.StatusOK).Decode(t, &reg)
	q.s.Do(http.MethodPost, "/api/registration/accept", map[string]any{"code": reg.ShareCode}, partner.Token).MustStatus(t, http.StatusOK)
	return captain, partner
}

func (q *qualifier) submit(a stacktest.Athlete, body map[string]any) *stacktest.Response {
	return q.s.Do(http.MethodPut, "/api/submissions/workouts/"+q.workoutID, body, a.Token)
}

func wantFieldError(t *testing.T, r *stacktest.Response, status int, field, message string) {
	t.Helper()
	var body struct{ Message, Field string }
	r.Decode(t, &body)
	if r.Status != status || body.Field != field || (message != "" && body.Message != message) {
		t.Errorf("got %d %q field %q, want %d %q field %q", r.Status, body.Message, body.Field, status, message, field)
	}
}

func count(t *testing.T, s *stacktest.Stack, query string, args ...any) int {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, s.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var n int
	if err := conn.QueryRow(ctx, query, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestSubmissionWindow: a confirmed team's athlete submits from the release (inclusive) until
// the deadline (exclusive), by the server's clock, and may change the score meanwhile; each
// refusal names its field and stores nothing.
func TestSubmissionWindow(t *testing.T) {
	t.Parallel()
	release := time.Date(2026, 3, 5, 17, 0, 0, 0, time.UTC)
	deadline := release.Add(4 * 24 * time.Hour)
	clock := &testClock{now: release.Add(-time.Second)}
	s := stacktest.StartWith(t, stacktest.Options{Now: clock.Now})
	q := newQualifier(t, s, release, deadline)
	anna, ben := q.team(t, "Alpha")
	outsider := s.SignUpAthlete("Olga", "Outsider")
	video := "https://www.youtube.com/watch?v=abc123"
	good := map[string]any{"resultValue": 245, "videoUrl": video}
	stored := func() int {
		return count(t, s, `SELECT count(*) FROM results.submissions`) + count(t, s, `SELECT count(*) FROM results.results`)
	}

	// Before the release: refused, and the workout is not listed yet.
	wantFieldError(t, q.submit(anna, good), http.StatusConflict, "workoutId", "Fran is not released yet: submissions open 5 Mar 2026, 18:00 (Europe/Paris)")
	mine := &resultsv1.MySubmissions{}
	s.Do(http.MethodGet, "/api/submissions/events/"+q.ev.ID+"/mine", nil, anna.Token).MustStatus(t, http.StatusOK).Decode(t, mine)
	if mine.GetTeamName() != "Alpha" || len(mine.GetWorkouts()) != 0 {
		t.Fatalf("before the release: %v", mine)
	}

	// At the release: open. Bad input first, each naming its field.
	clock.Set(release)
	wantFieldError(t, q.submit(anna, map[string]any{"resultValue": 245, "videoUrl": "http://youtube.com/watch?v=abc"}), http.StatusBadRequest, "videoUrl", "")
	wantFieldError(t, q.submit(anna, map[string]any{"resultValue": 245}), http.StatusBadRequest, "videoUrl", "A video link is required for Fran")
	wantFieldError(t, q.submit(anna, map[string]any{"resultValue": 700, "videoUrl": video}), http.StatusBadRequest, "resultValue", "")
	wantFieldError(t, q.submit(anna, map[string]any{"status": "finished", "videoUrl": video}), http.StatusBadRequest, "status", "")
	if r := q.submit(outsider, good); r.Status != http.StatusForbidden {
		t.Errorf("an athlete not on the team: %d %s", r.Status, r.Body)
	}
	if r := s.Do(http.MethodPut, "/api/submissions/workouts/"+q.workoutID, good, s.Token); r.Status != http.StatusForbidden {
		t.Errorf("staff submitting: %d %s", r.Status, r.Body)
	}
	if n := stored(); n != 0 {
		t.Fatalf("%d rows stored by refusals", n)
	}
	sub := &resultsv1.Submission{}
	q.submit(anna, good).MustStatus(t, http.StatusOK).Decode(t, sub)
	if sub.GetResultText() != "4:05" || sub.GetReviewState() != "unreviewed" || sub.GetVideoUrl() != video {
		t.Fatalf("submitted: %v", sub)
	}

	// The partner changes it a second before the deadline; the history has both, by name.
	clock.Set(deadline.Add(-time.Second))
	q.submit(ben, map[string]any{"resultValue": 239, "tiebreakValue": 120, "videoUrl": video}).MustStatus(t, http.StatusOK).Decode(t, sub)
	if sub.GetResultText() != "3:59" || sub.GetTiebreakValue().GetValue() != 120 {
		t.Fatalf("changed: %v", sub)
	}
	h := &resultsv1.ResultHistory{}
	s.Admin(http.MethodGet, "/api/results/"+sub.GetResultId()+"/history", nil).MustStatus(t, http.StatusOK).Decode(t, h)
	if len(h.GetEntries()) != 2 {
		t.Fatalf("history: %v", h)
	}

	// At the deadline: locked, the stored score unchanged.
	clock.Set(deadline)
	wantFieldError(t, q.submit(anna, good), http.StatusConflict, "workoutId", "The submission deadline of Fran has passed (9 Mar 2026, 18:00 (Europe/Paris)): its score is locked")
	s.Do(http.MethodGet, "/api/submissions/events/"+q.ev.ID+"/mine", nil, anna.Token).MustStatus(t, http.StatusOK).Decode(t, mine)
	if len(mine.GetWorkouts()) != 1 || mine.GetWorkouts()[0].GetOpen() || mine.GetWorkouts()[0].GetSubmission().GetResultText() != "3:59" {
		t.Fatalf("after the deadline: %v", mine)
	}
	// Not published: the public does not see an unreviewed submission.
	if n := count(t, s, `SELECT count(*) FROM results.results WHERE is_published`); n != 0 {
		t.Fatalf("%d published results", n)
	}
}

// TestOnlineSettingsRules: the event's online settings are checked field by field.
func TestOnlineSettingsRules(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	ev := s.Events(t).Event(eventtest.Fields{"name": "Settings Open", "dateFrom": "2026-03-01", "dateTo": "2026-03-31"})
	w := ev.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1))
	put := func(body map[string]any) *stacktest.Response {
		return s.Admin(http.MethodPut, "/api/events/"+ev.ID+"/online", body)
	}
	at := "2026-03-05T17:00:00Z"
	wantFieldError(t, put(map[string]any{"format": "hybrid"}), http.StatusBadRequest, "format", "Format must be in_person or online")
	wantFieldError(t, put(map[string]any{"format": "online", "timeZone": "Mars/Olympus"}), http.StatusBadRequest, "timeZone", "")
	wantFieldError(t, put(map[string]any{"format": "online", "workouts": []map[string]any{{"workoutId": w.GetId(), "releaseAt": at}}}),
		http.StatusBadRequest, "workouts[0].submissionDeadline", "Give both a release time and a submission deadline, or neither")
	wantFieldError(t, put(map[string]any{"format": "online", "workouts": []map[string]any{{"workoutId": w.GetId(), "releaseAt": at, "submissionDeadline": at}}}),
		http.StatusBadRequest, "workouts[0].submissionDeadline", "The submission deadline must be after the release time")
	wantFieldError(t, put(map[string]any{"format": "in_person", "workouts": []map[string]any{{"workoutId": w.GetId(), "releaseAt": at, "submissionDeadline": "2026-03-09T17:00:00Z"}}}),
		http.StatusBadRequest, "workouts[0].releaseAt", "")
	var got struct {
		Format, TimeZone string
		Workouts         []struct{ ReleaseAt, SubmissionDeadline string }
	}
	put(map[string]any{"format": "online", "timeZone": "America/New_York", "workouts": []map[string]any{{"workoutId": w.GetId(), "releaseAt": at,
		"submissionDeadline": "2026-03-09T17:00:00Z"}}}).MustStatus(t, http.StatusOK).Decode(t, &got)
	if got.Format != "online" || got.TimeZone != "America/New_York" || got.Workouts[0].ReleaseAt != at {
		t.Fatalf("saved: %+v", got)
	}
}
