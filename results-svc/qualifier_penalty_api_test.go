package resultssvc_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
)

// TestReviewPenalty: a judge gives a submission a penalty (docs/qualifiers.md, "Review"): the
// result keeps the submitted value with the penalty, the submission is penalised, the review
// history and the mail carry the reason, and the athletes read the penalty on their
// submission; a refused penalty stores nothing.
func TestReviewPenalty(t *testing.T) {
	t.Parallel()
	release := time.Now().Add(-time.Hour).UTC().Truncate(time.Second)
	s := stacktest.Start(t)
	q := newQualifier(t, s, release, release.Add(48*time.Hour))
	anna, _ := q.team(t, "Alpha")
	q.submit(anna, map[string]any{"resultValue": 245, "videoUrl": "https://vimeo.com/123"}).MustStatus(t, http.StatusOK)
	mine := func() *resultsv1.Submission {
		out := &resultsv1.MySubmissions{}
		s.Do(http.MethodGet, "/api/submissions/events/"+q.ev.ID+"/mine", nil, anna.Token).MustStatus(t, http.StatusOK).Decode(t, out)
		return out.GetWorkouts()[0].GetSubmission()
	}
	teamID := mine().GetTeamId()
	review := func(body map[string]any) *stacktest.Response {
		return s.Admin(http.MethodPost, "/api/submissions/workouts/"+q.workoutID+"/teams/"+teamID+"/review", body)
	}

	before := count(t, s, `SELECT count(*) FROM results.submission_reviews`)
	wantFieldError(t, review(map[string]any{"action": "penalty", "penalty": map[string]any{"kind": "time", "amount": 30}}),
		http.StatusBadRequest, "reason", "Give the reason the athletes see")
	wantFieldError(t, review(map[string]any{"action": "penalty", "reason": "No-rep", "penalty": map[string]any{"kind": "reps", "amount": 3}}),
		http.StatusBadRequest, "penalty.kind", "")
	wantFieldError(t, review(map[string]any{"action": "penalty", "reason": "No-rep", "penalty": map[string]any{"kind": "time"}}),
		http.StatusBadRequest, "penalty.amount", "")
	wantFieldError(t, review(map[string]any{"action": "penalty", "reason": strings.Repeat("x", 201), "penalty": map[string]any{"kind": "time", "amount": 30}}),
		http.StatusBadRequest, "reason", "A penalty's reason must be at most 200 characters")
	if n := count(t, s, `SELECT count(*) FROM results.submission_reviews`); n != before {
		t.Fatalf("refused penalties stored %d actions", n-before)
	}

	mails := count(t, s, `SELECT count(*) FROM results.mail_outbox`)
	got := &resultsv1.ReviewedSubmission{}
	review(map[string]any{"action": "penalty", "reason": "Two no-reps on the pull-ups", "penalty": map[string]any{"kind": "time", "amount": 30}}).
		MustStatus(t, http.StatusOK).Decode(t, got)
	want := "+0:30: Two no-reps on the pull-ups"
	if sub := got.GetSubmission(); sub.GetReviewState() != "penalised" || sub.GetResultText() != "4:05" || sub.GetPenaltyText() != want {
		t.Fatalf("penalised: %v", got)
	}
	if h := got.GetHistory(); len(h) != 2 || h[1].GetAction() != "penalised" || h[1].GetReason() != "Two no-reps on the pull-ups" {
		t.Fatalf("history: %v", got.GetHistory())
	}
	if n := count(t, s, `SELECT count(*) FROM results.results WHERE workout_id = $1 AND team_id = $2 AND value = 245
		AND penalty_kind = 'time' AND penalty_amount = 30 AND penalty_reason = 'Two no-reps on the pull-ups'`, q.workoutID, teamID); n != 1 {
		t.Fatal("the result does not carry the penalty")
	}
	if n := count(t, s, `SELECT count(*) FROM results.mail_outbox WHERE subject LIKE 'Submission penalised:%'`); n != 2 ||
		count(t, s, `SELECT count(*) FROM results.mail_outbox`) != mails+2 { // the captain and the partner
		t.Fatalf("penalty mails: %d", n)
	}
	if sub := mine(); sub.GetReviewState() != "penalised" || sub.GetReviewReason() != "Two no-reps on the pull-ups" || sub.GetPenaltyText() != want {
		t.Fatalf("the athlete's view: %v", sub)
	}
	// Judges filter by the new state.
	queue := &resultsv1.SubmissionQueue{}
	s.Admin(http.MethodGet, "/api/events/"+q.ev.ID+"/workouts/"+q.workoutID+"/submissions?reviewState=penalised", nil).
		MustStatus(t, http.StatusOK).Decode(t, queue)
	if len(queue.GetSubmissions()) != 1 || queue.GetSubmissions()[0].GetSubmission().GetPenaltyText() != want {
		t.Fatalf("penalised filter: %v", queue)
	}
}
