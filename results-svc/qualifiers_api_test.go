package resultssvc_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/internal/poll"
)

// Online qualifiers through the gateway (docs/qualifiers.md): submissions against the
// server's clock, which the test moves.

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
	clock := stacktest.NewClock(release.Add(-time.Second))
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
	// The same score again with only a new video link: the video is part of the submission, so
	// the history has it, by name; the same link again adds nothing.
	newVideo := "https://vimeo.com/987"
	q.submit(anna, map[string]any{"resultValue": 239, "tiebreakValue": 120, "videoUrl": newVideo}).MustStatus(t, http.StatusOK).Decode(t, sub)
	q.submit(anna, map[string]any{"resultValue": 239, "tiebreakValue": 120, "videoUrl": newVideo}).MustStatus(t, http.StatusOK)
	s.Admin(http.MethodGet, "/api/results/"+sub.GetResultId()+"/history", nil).MustStatus(t, http.StatusOK).Decode(t, h)
	if e := h.GetEntries(); len(e) != 3 || e[2].GetAction() != "updated" || e[2].GetBefore().GetVideoUrl() != video ||
		e[2].GetAfter().GetVideoUrl() != newVideo || e[2].GetAfter().GetResultText() != "3:59" || e[2].GetActor() != e[0].GetActor() {
		t.Fatalf("history after a new video link: %v", h)
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

// TestReviewQueue: a judge with a scorer grant sees the workout's submissions unreviewed
// first, adjusts one with a reason the athletes see and a note they never see, and rejects
// another only with a reason; each action is in the history with who and when.
func TestReviewQueue(t *testing.T) {
	t.Parallel()
	release := time.Now().Add(-time.Hour).UTC().Truncate(time.Second)
	s := stacktest.Start(t)
	q := newQualifier(t, s, release, release.Add(48*time.Hour))
	anna, _ := q.team(t, "Alpha")
	cleo, _ := q.team(t, "Charlie")
	video := "https://vimeo.com/123"
	q.submit(anna, map[string]any{"resultValue": 245, "videoUrl": video}).MustStatus(t, http.StatusOK)
	q.submit(cleo, map[string]any{"resultValue": 200, "videoUrl": video}).MustStatus(t, http.StatusOK)
	var judge struct{ ID string }
	s.Admin(http.MethodPost, "/api/users", map[string]any{"username": "judge-judy", "password": "judge-judy-passphrase", "role": "scorer"}).
		MustStatus(t, http.StatusOK).Decode(t, &judge)
	s.Admin(http.MethodPut, "/api/events/"+q.ev.ID+"/access/"+judge.ID, map[string]any{"role": "scorer"}).MustStatus(t, http.StatusOK)
	token := s.Login("judge-judy", "judge-judy-passphrase")
	queuePath := "/api/events/" + q.ev.ID + "/workouts/" + q.workoutID + "/submissions"

	queue := &resultsv1.SubmissionQueue{}
	s.Do(http.MethodGet, queuePath, nil, token).MustStatus(t, http.StatusOK).Decode(t, queue)
	if len(queue.GetSubmissions()) != 2 || queue.GetSubmissions()[0].GetTeamName() != "Alpha" {
		t.Fatalf("queue: %v", queue)
	}
	alpha := queue.GetSubmissions()[0].GetSubmission().GetTeamId()
	charlie := queue.GetSubmissions()[1].GetSubmission().GetTeamId()
	review := func(team string, body map[string]any) *stacktest.Response {
		return s.Do(http.MethodPost, "/api/submissions/workouts/"+q.workoutID+"/teams/"+team+"/review", body, token)
	}
	before := count(t, s, `SELECT count(*) FROM results.submission_reviews`)
	wantFieldError(t, review(alpha, map[string]any{"action": "adjust", "resultValue": 250}), http.StatusBadRequest, "reason", "Give the reason the athletes see")
	wantFieldError(t, review(alpha, map[string]any{"action": "reject"}), http.StatusBadRequest, "reason", "Give the reason the athletes see")
	wantFieldError(t, review(alpha, map[string]any{"action": "adjust", "reason": "slow", "resultValue": 700}), http.StatusBadRequest, "resultValue", "")
	wantFieldError(t, review(alpha, map[string]any{"action": "approve"}), http.StatusBadRequest, "action", "Action must be accept, adjust, reject, penalty or note")
	if n := count(t, s, `SELECT count(*) FROM results.submission_reviews`); n != before {
		t.Fatalf("refused reviews stored %d actions", n-before)
	}

	got := &resultsv1.ReviewedSubmission{}
	review(alpha, map[string]any{"action": "adjust", "reason": "Two no-reps on the pull-ups", "internalNote": "watch the camera angle next time",
		"resultValue": 255}).MustStatus(t, http.StatusOK).Decode(t, got)
	if got.GetSubmission().GetReviewState() != "adjusted" || got.GetSubmission().GetResultText() != "4:15" || got.GetReviewedBy() != "judge-judy" {
		t.Fatalf("adjusted: %v", got)
	}
	if h := got.GetHistory(); len(h) != 2 || h[0].GetAction() != "submitted" || h[1].GetAction() != "adjusted" || h[1].GetBeforeText() != "4:05" ||
		h[1].GetAfterText() != "4:15" || h[1].GetBy() != "judge-judy" || h[1].GetAt() == "" {
		t.Fatalf("history: %v", got.GetHistory())
	}
	review(charlie, map[string]any{"action": "reject", "reason": "The video does not show the whole workout"}).MustStatus(t, http.StatusOK).Decode(t, got)
	if got.GetSubmission().GetReviewState() != "rejected" || got.GetSubmission().GetStatus().String() != "dq" {
		t.Fatalf("rejected: %v", got)
	}

	// The athletes see the reason, never the note.
	resp := s.Do(http.MethodGet, "/api/submissions/events/"+q.ev.ID+"/mine", nil, anna.Token).MustStatus(t, http.StatusOK)
	mine := &resultsv1.MySubmissions{}
	resp.Decode(t, mine)
	if sub := mine.GetWorkouts()[0].GetSubmission(); sub.GetReviewReason() != "Two no-reps on the pull-ups" || sub.GetResultText() != "4:15" {
		t.Fatalf("the athlete's view: %v", sub)
	}
	if strings.Contains(string(resp.Body), "camera angle") {
		t.Fatal("the athlete's answer holds the internal note")
	}
	// Reviewed ones after the unreviewed: filter by state.
	s.Do(http.MethodGet, queuePath+"?reviewState=rejected", nil, token).MustStatus(t, http.StatusOK).Decode(t, queue)
	if len(queue.GetSubmissions()) != 1 || queue.GetSubmissions()[0].GetTeamName() != "Charlie" {
		t.Fatalf("rejected filter: %v", queue)
	}
	// Athletes never reach the queue.
	if r := s.Do(http.MethodGet, queuePath, nil, anna.Token); r.Status != http.StatusForbidden {
		t.Errorf("an athlete reading the queue: %d", r.Status)
	}

	// The organiser marks Charlie's result Scaled; a review of its submission keeps the mark,
	// since neither the athlete nor the judge's review says Scaled.
	charlieResult := resultIDOf(t, s, q.workoutID, charlie)
	s.Admin(http.MethodPut, "/api/results/"+charlieResult, map[string]any{"status": "completed", "resultValue": 200, "scaled": true}).
		MustStatus(t, http.StatusOK)
	review(charlie, map[string]any{"action": "accept"}).MustStatus(t, http.StatusOK)
	if n := count(t, s, `SELECT count(*) FROM results.results WHERE id = $1 AND scaled`, charlieResult); n != 1 {
		t.Fatal("a review reset the organiser's Scaled mark")
	}
	q.submit(cleo, map[string]any{"resultValue": 198, "videoUrl": video}).MustStatus(t, http.StatusOK)
	if n := count(t, s, `SELECT count(*) FROM results.results WHERE id = $1 AND scaled AND value = 198`, charlieResult); n != 1 {
		t.Fatal("a new submission reset the organiser's Scaled mark")
	}
}

// resultIDOf is the id of a team's result in a workout.
func resultIDOf(t *testing.T, s *stacktest.Stack, workoutID, teamID string) string {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, s.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var id string
	if err := conn.QueryRow(ctx, `SELECT id::text FROM results.results WHERE workout_id = $1 AND team_id = $2`, workoutID, teamID).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// TestOnlineBoardShowsUnreviewed: the organiser's leaderboard option (docs/qualifiers.md, "The
// online leaderboard"). Off, the public board shows nothing a judge and the organiser have not
// published; on, a submission shows at once marked unreviewed, a review's outcome replaces it
// (accepted: the mark goes; rejected: DQ). Only an online event may have it.
func TestOnlineBoardShowsUnreviewed(t *testing.T) {
	t.Parallel()
	release := time.Now().Add(-time.Hour).UTC().Truncate(time.Second)
	s := stacktest.Start(t)
	q := newQualifier(t, s, release, release.Add(48*time.Hour))
	anna, _ := q.team(t, "Alpha")
	window := []map[string]any{{"workoutId": q.workoutID, "releaseAt": release.Format(time.RFC3339),
		"submissionDeadline": release.Add(48 * time.Hour).Format(time.RFC3339), "videoRequired": true}}
	wantFieldError(t, s.Admin(http.MethodPut, "/api/events/"+q.ev.ID+"/online", map[string]any{"format": "in_person", "showUnreviewed": true}),
		http.StatusBadRequest, "showUnreviewed", "Only an online event's board can show unreviewed scores: set the format to online")

	boardPath := "/api/public/events/" + q.ev.ID + "/divisions/" + q.divisionID + "/leaderboard"
	cellOf := func() *publicv1.StandingWorkoutResult {
		b := &publicv1.DivisionLeaderboard{}
		s.Do(http.MethodGet, boardPath, nil, "").MustStatus(t, http.StatusOK).Decode(t, b)
		for _, st := range b.GetStandings() {
			if st.GetTeamName() == "Alpha" {
				return st.GetWorkoutResults()[0]
			}
		}
		return nil
	}
	q.submit(anna, map[string]any{"resultValue": 245, "videoUrl": "https://vimeo.com/1"}).MustStatus(t, http.StatusOK)
	if c := cellOf(); c.GetResult() != "" {
		t.Fatalf("option off: the public sees an unpublished submission: %v", c)
	}

	var ev struct{ ShowUnreviewed bool }
	s.Admin(http.MethodPut, "/api/events/"+q.ev.ID+"/online", map[string]any{"format": "online", "timeZone": "Europe/Paris",
		"showUnreviewed": true, "workouts": window}).MustStatus(t, http.StatusOK).Decode(t, &ev)
	if !ev.ShowUnreviewed {
		t.Fatal("the event does not say it shows unreviewed scores")
	}
	poll.Until(t, 10*time.Second, "the submission on the board, marked unreviewed", func() bool {
		c := cellOf()
		return c.GetResult() == "4:05" && c.GetUnreviewed()
	})
	var judge struct{ ID string }
	s.Admin(http.MethodPost, "/api/users", map[string]any{"username": "judge-jo", "password": "judge-jo-passphrase", "role": "scorer"}).
		MustStatus(t, http.StatusOK).Decode(t, &judge)
	s.Admin(http.MethodPut, "/api/events/"+q.ev.ID+"/access/"+judge.ID, map[string]any{"role": "scorer"}).MustStatus(t, http.StatusOK)
	token := s.Login("judge-jo", "judge-jo-passphrase")
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, s.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var alpha string
	if err := conn.QueryRow(ctx, `SELECT team_id::text FROM results.submissions`).Scan(&alpha); err != nil {
		t.Fatal(err)
	}
	review := func(body map[string]any) {
		s.Do(http.MethodPost, "/api/submissions/workouts/"+q.workoutID+"/teams/"+alpha+"/review", body, token).MustStatus(t, http.StatusOK)
	}
	review(map[string]any{"action": "accept"})
	poll.Until(t, 10*time.Second, "the accepted score without the mark", func() bool {
		c := cellOf()
		return c.GetResult() == "4:05" && !c.GetUnreviewed()
	})
	review(map[string]any{"action": "reject", "reason": "No video of the last round"})
	poll.Until(t, 10*time.Second, "the rejected score as DQ", func() bool {
		c := cellOf()
		return c.GetStatus().String() == "dq" && !c.GetUnreviewed()
	})
}

// TestDraftEventAnswersAsUnknown: an athlete's qualifier routes answer a Draft event (and its
// workouts) exactly as an unknown one, so nothing of it leaks, not even its name.
func TestDraftEventAnswersAsUnknown(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	ev := s.Events(t).Event(eventtest.Fields{"name": "Secret Draft Open", "dateFrom": "2026-03-01", "dateTo": "2026-03-31"})
	ev.Division("RX Pairs", "")
	w := ev.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1))
	olga := s.SignUpAthlete("Olga", "Outsider")
	const unknown = "00000000-0000-4000-8000-000000000000"
	for _, c := range []struct{ method, draft, missing string }{
		{http.MethodGet, "/api/submissions/events/" + ev.ID + "/mine", "/api/submissions/events/" + unknown + "/mine"},
		{http.MethodPut, "/api/submissions/workouts/" + w.GetId(), "/api/submissions/workouts/" + unknown},
	} {
		body := map[string]any{"resultValue": 245, "videoUrl": "https://www.youtube.com/watch?v=abc123"}
		got, want := s.Do(c.method, c.draft, body, olga.Token), s.Do(c.method, c.missing, body, olga.Token)
		if got.Status != http.StatusNotFound || got.Status != want.Status || string(got.Body) != string(want.Body) ||
			strings.Contains(string(got.Body), "Secret Draft") {
			t.Errorf("%s %s: %d %s, want the unknown one's %d %s", c.method, c.draft, got.Status, got.Body, want.Status, want.Body)
		}
	}
}
