package registration_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/competition-svc/internal/apitest"
)

// TestRegistrationMails go through real SMTP (Mailpit): the invitation's link carries the code
// the partner accepts with; a waitlisted team is mailed when a withdrawal gives it the place; a
// refusal mails its reason.
func TestRegistrationMails(t *testing.T) {
	t.Parallel()
	s, mailpit := apitest.StartWithMail(t)
	r := openRegistration(t, s, apitest.Obj{"capacity": 1})
	anna, ben, cleo := s.SignUpAthlete("Anna", "Mail"), s.SignUpAthlete("Ben", "Mail"), s.SignUpAthlete("Cleo", "Mail")

	first := apitest.Decode(t, r.register(anna, "Mail Pair", ben.Email).MustStatus(t, http.StatusOK))
	invitation := mailpit.WaitFor(ben.Email, "Anna Mail invites you to team Mail Pair", 10*time.Second)
	link := regexp.MustCompile(`https://podium\.test/public/registration/accept\?code=([A-Z0-9]+)`).FindStringSubmatch(invitation.Text)
	if link == nil || link[1] != first["shareCode"] {
		t.Fatalf("invitation without the accept link: %q", invitation.Text)
	}
	mailpit.WaitFor(anna.Email, "Registration: team Mail Pair", 10*time.Second)
	// The code is the captain's and the partner's alone: staff do not read it on the Outbox
	// page once a mail server is configured (docs/operations.md, "Mail").
	if box := s.Admin(http.MethodGet, "/api/mail-outbox/competition", nil).MustStatus(t, http.StatusOK); strings.Contains(string(box.Body), link[1]) {
		t.Fatalf("the outbox shows the share code: %s", box.Body)
	}
	apitest.Decode(t, accept(s, ben, link[1]).MustStatus(t, http.StatusOK))
	mailpit.WaitFor(anna.Email, "Ben Mail joined team Mail Pair", 10*time.Second)
	mailpit.WaitFor(ben.Email, "Team Mail Pair: Confirmed", 10*time.Second)

	second := apitest.Decode(t, r.register(cleo, "Waiting Pair", "").MustStatus(t, http.StatusOK))
	if second["state"] != "waitlisted" {
		t.Fatalf("second: %v", second)
	}
	s.Do(http.MethodPost, "/api/registration/registrations/"+first["id"].(string)+"/withdraw", nil, anna.Token).MustStatus(t, http.StatusOK)
	offer := mailpit.WaitFor(cleo.Email, "A place for team Waiting Pair in RX Pairs", 10*time.Second)
	if !strings.Contains(offer.Text, "https://podium.test/public/me/registrations") {
		t.Fatalf("offer: %q", offer.Text)
	}
	s.Admin(http.MethodPost, "/api/registrations/"+second["id"].(string)+"/refuse", apitest.Obj{"reason": "Age group full"}).MustStatus(t, http.StatusOK)
	refusal := mailpit.WaitFor(cleo.Email, "Team Waiting Pair: Refused", 10*time.Second)
	if !strings.Contains(refusal.Text, "Reason: Age group full") {
		t.Fatalf("refusal: %q", refusal.Text)
	}
}
