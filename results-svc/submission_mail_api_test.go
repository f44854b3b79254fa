package resultssvc_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/mailtest"
)

// TestSubmissionMails: a submission and each review outcome mail both athletes of the team
// through results-svc's outbox (docs/qualifiers.md, "Mail"), with the reason the athletes see
// and never the internal note; a refused submission and an internal note queue nothing.
func TestSubmissionMails(t *testing.T) {
	t.Parallel()
	mailpit := mailtest.Start(t)
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{
		"PODIUM_SMTP_URL": mailpit.SMTPURL, "PODIUM_MAIL_FROM": "Podium <no-reply@podium.test>", "PODIUM_PUBLIC_URL": "https://podium.test",
	}})
	release := time.Now().Add(-time.Hour).UTC().Truncate(time.Second)
	q := newQualifier(t, s, release, release.Add(48*time.Hour))
	anna, ben := q.team(t, "Alpha")
	cleo, _ := q.team(t, "Charlie")
	dora, _ := q.team(t, "Delta")
	video := "https://vimeo.com/123"
	outbox := func() int { return count(t, s, `SELECT count(*) FROM results.mail_outbox`) }

	// Refused: nothing stored, nothing queued.
	q.submit(anna, map[string]any{"resultValue": 245, "videoUrl": "http://vimeo.com/1"}).MustStatus(t, http.StatusBadRequest)
	if n := outbox(); n != 0 {
		t.Fatalf("a refused submission queued %d mails", n)
	}

	q.submit(anna, map[string]any{"resultValue": 245, "videoUrl": video}).MustStatus(t, http.StatusOK)
	for _, a := range []stacktest.Athlete{anna, ben} {
		m := mailpit.WaitFor(a.Email, "Submission received: Fran, team Alpha", 10*time.Second)
		if !strings.Contains(m.Text, "4:05") || !strings.Contains(m.Text, "(Europe/Paris)") ||
			!strings.Contains(m.Text, "https://podium.test/public/me/registrations") {
			t.Errorf("received mail to %s: %q", a.Email, m.Text)
		}
	}
	q.submit(cleo, map[string]any{"resultValue": 200, "videoUrl": video}).MustStatus(t, http.StatusOK)
	q.submit(dora, map[string]any{"resultValue": 210, "videoUrl": video}).MustStatus(t, http.StatusOK)

	review := func(team string, body map[string]any) {
		t.Helper()
		s.Admin(http.MethodPost, "/api/submissions/workouts/"+q.workoutID+"/teams/"+team+"/review", body).MustStatus(t, http.StatusOK)
	}
	alpha, charlie, delta := teamIDOf(t, s, q, "Alpha"), teamIDOf(t, s, q, "Charlie"), teamIDOf(t, s, q, "Delta")
	review(alpha, map[string]any{"action": "adjust", "reason": "Two no-reps on the pull-ups", "internalNote": "camera angle", "resultValue": 255})
	for _, a := range []stacktest.Athlete{anna, ben} {
		m := mailpit.WaitFor(a.Email, "Submission adjusted: Fran, team Alpha", 10*time.Second)
		if !strings.Contains(m.Text, "to 4:15") || !strings.Contains(m.Text, "Reason: Two no-reps on the pull-ups") {
			t.Errorf("adjusted mail to %s: %q", a.Email, m.Text)
		}
		if strings.Contains(m.Text, "camera angle") {
			t.Errorf("the mail to %s holds the internal note", a.Email)
		}
	}
	review(charlie, map[string]any{"action": "reject", "reason": "The video does not show the whole workout"})
	if m := mailpit.WaitFor(cleo.Email, "Submission rejected: Fran, team Charlie", 10*time.Second); !strings.Contains(m.Text,
		"Reason: The video does not show the whole workout") {
		t.Errorf("rejected mail: %q", m.Text)
	}
	review(delta, map[string]any{"action": "accept", "reason": "Clean reps"})
	if m := mailpit.WaitFor(dora.Email, "Submission accepted: Fran, team Delta", 10*time.Second); !strings.Contains(m.Text, "3:30") ||
		!strings.Contains(m.Text, "Reason: Clean reps") {
		t.Errorf("accepted mail: %q", m.Text)
	}
	// An internal note is the judges' alone: no mail.
	before := outbox()
	review(delta, map[string]any{"action": "note", "internalNote": "fine"})
	if n := outbox(); n != before {
		t.Errorf("an internal note queued %d mails", n-before)
	}
}

// teamIDOf is the id of the qualifier's team named name, from the judges' queue.
func teamIDOf(t *testing.T, s *stacktest.Stack, q *qualifier, name string) string {
	t.Helper()
	queue := &resultsv1.SubmissionQueue{}
	s.Admin(http.MethodGet, "/api/events/"+q.ev.ID+"/workouts/"+q.workoutID+"/submissions", nil).MustStatus(t, http.StatusOK).Decode(t, queue)
	for _, sub := range queue.GetSubmissions() {
		if sub.GetTeamName() == name {
			return sub.GetSubmission().GetTeamId()
		}
	}
	t.Fatalf("no submission of team %s", name)
	return ""
}
