package resultssvc

import (
	"context"
	"fmt"
	"strings"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/mailq"
	"github.com/podium-dev/podium/results-svc/store"
)

// The submission mails (docs/qualifiers.md, "Mail"): received, accepted, adjusted, rejected,
// one to each athlete of the team. They are queued in the transaction of the submission or
// review (store.Outbox), so no mail leaves for a change that was rolled back and none is lost
// for one that was stored. The addresses come from competition-svc (GetAthleteTeam) before
// the transaction: the queued mail is then complete, the one mail worker sends it as it sends
// every service's, and the submission already asked for the team. A mail carries the reason
// the athletes see, never the judges' internal note.

// submissionMail is what a mail says about one workout's submission.
type submissionMail struct {
	eventName, workoutName, teamName string
	// resultText is the score as it now stands; reason the judge's reason (empty on receipt).
	resultText, reason string
	// penaltyText is a penalty the judge gave, as the boards mark it.
	penaltyText string
}

// queueSubmissionMails queues one mail per athlete of team in tx.
func (s *service) queueSubmissionMails(ctx context.Context, tx *store.Store, team *competitionv1.AthleteTeam, subject, body string) (err error) {
	defer apperr.Wrap(&err, "resultssvc.queueSubmissionMails(%q)", team.GetTeamId())
	for _, a := range team.GetAthletes() {
		if a.GetEmail() == "" {
			continue
		}
		greeting := "Hello,\n\n"
		if a.GetName() != "" {
			greeting = "Hello " + a.GetName() + ",\n\n"
		}
		if err := tx.QueueMail(ctx, mailq.Message{To: a.GetEmail(), Subject: subject, Text: greeting + body}); err != nil {
			return err
		}
	}
	return nil
}

// myRegistrations is the link to the athletes' page, where they see their submissions.
func (s *service) myRegistrations() string {
	return "Your submissions and their review: " + strings.TrimRight(s.publicURL, "/") + "/public/me/registrations\n"
}

// receivedMail confirms a submission, with the deadline until which it may change.
func (s *service) receivedMail(m submissionMail, deadline string) (subject, body string) {
	return fmt.Sprintf("Submission received: %s, team %s", m.workoutName, m.teamName),
		fmt.Sprintf("we received team %s's score for %s (%s): %s.\nYou may change it until %s; after that, the judges' review is final.\n\n%s",
			m.teamName, m.workoutName, m.eventName, m.resultText, deadline, s.myRegistrations())
}

// reviewedMail tells the team the judges' outcome with their reason; outcome is accepted,
// adjusted or rejected.
func (s *service) reviewedMail(m submissionMail, outcome string) (subject, body string) {
	var what string
	switch outcome {
	case "accepted":
		what = fmt.Sprintf("the judges accepted team %s's score for %s (%s): %s.\n", m.teamName, m.workoutName, m.eventName, m.resultText)
	case "adjusted":
		what = fmt.Sprintf("the judges adjusted team %s's score for %s (%s) to %s.\n", m.teamName, m.workoutName, m.eventName, m.resultText)
	case "penalised":
		what = fmt.Sprintf("the judges gave team %s's score for %s (%s) a penalty: %s, %s.\n", m.teamName, m.workoutName, m.eventName, m.resultText, m.penaltyText)
	default:
		what = fmt.Sprintf("the judges rejected team %s's submission for %s (%s): it does not count.\n", m.teamName, m.workoutName, m.eventName)
	}
	if m.reason != "" {
		what += "Reason: " + m.reason + "\n"
	}
	return fmt.Sprintf("Submission %s: %s, team %s", outcome, m.workoutName, m.teamName), what + "\n" + s.myRegistrations()
}
