package security

import (
	"net/http"
	"net/url"
	"regexp"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/internal/platform/mailtest"
	"github.com/podium-dev/podium/internal/poll"
)

// TestAnAdminCannotResetAnAthletesPasswordThroughTheOutbox is the red team's case with a mail
// server configured: an admin asks a password reset for an athlete, reads every service's
// outbox while the mail waits and after it was sent, and tries every token found there. None
// works; the athlete's password stays theirs (docs/access.md, "What an athlete's account
// promises").
func TestAnAdminCannotResetAnAthletesPasswordThroughTheOutbox(t *testing.T) {
	t.Parallel()
	mailpit := mailtest.Start(t)
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{"PODIUM_SMTP_URL": mailpit.SMTPURL}})
	athlete := s.SignUpAthlete("Tara", "Target")
	tokens := map[string]bool{}
	harvest := func() {
		for _, service := range []string{"auth", "competition", "results"} {
			body := s.Admin(http.MethodGet, "/api/mail-outbox/"+service, nil).MustStatus(t, http.StatusOK).Body
			for _, m := range regexp.MustCompile(`(?:token|code)=([A-Za-z0-9_%-]+)`).FindAllSubmatch(body, -1) {
				token, _ := url.QueryUnescape(string(m[1]))
				tokens[token] = true
			}
		}
	}

	mailpit.Stop() // the mail waits in the queue
	s.Do(http.MethodPost, "/api/athlete/password-reset", map[string]string{"email": athlete.Email}, "").MustStatus(t, http.StatusOK)
	poll.Until(t, 10*time.Second, "the reset mail queued", func() bool {
		harvest()
		return regexp.MustCompile(`Reset your Podium password`).Match(s.Admin(http.MethodGet, "/api/mail-outbox/auth", nil).Body)
	})
	mailpit.Start()
	mailpit.WaitFor(athlete.Email, "Reset your Podium password", 20*time.Second)
	harvest()

	for token := range tokens {
		r := s.Do(http.MethodPost, "/api/athlete/password-reset/confirm", map[string]string{"token": token, "password": "the-admin-owns-this-now"}, "")
		if r.Status == http.StatusOK {
			t.Fatalf("a token read on the outbox reset the athlete's password")
		}
	}
	s.SignInAthlete(athlete.Email, stacktest.AthletePassword)
	if r := s.Do(http.MethodPost, "/api/athlete/sign-in", map[string]string{"email": athlete.Email, "password": "the-admin-owns-this-now"}, ""); r.Status != http.StatusUnauthorized {
		t.Fatalf("the admin's password signs in: %d", r.Status)
	}
}
