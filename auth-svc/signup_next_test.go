package authsvc_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/internal/platform/mailtest"
)

// TestSignUpCarriesWhereTheAthleteCameFrom: the page the athlete signed up from ("next") rides
// in the confirmation mail's link, so sign-in brings them back there; a page off the public
// site is refused, naming the field, and no account is made.
func TestSignUpCarriesWhereTheAthleteCameFrom(t *testing.T) {
	t.Parallel()
	mailpit := mailtest.Start(t)
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{
		"PODIUM_SMTP_URL": mailpit.SMTPURL, "PODIUM_MAIL_FROM": "Podium <no-reply@podium.test>", "PODIUM_PUBLIC_URL": "https://podium.test",
	}})
	const email = "nina.next@example.com"
	s.Do(http.MethodPost, "/api/athlete/sign-up", map[string]string{"email": email, "password": "nina-next-passphrase",
		"firstName": "Nina", "lastName": "Next", "next": "/public/events/abc?x=1#register"}, "").MustStatus(t, http.StatusOK)
	mail := mailpit.WaitFor(email, "Confirm your email address", 10*time.Second)
	if !strings.Contains(mail.Text, "&next=%2Fpublic%2Fevents%2Fabc%3Fx%3D1%23register") {
		t.Fatalf("the link does not carry next: %q", mail.Text)
	}

	for _, next := range []string{"https://evil.example/", "//evil.example/public/", "/admin/events", "/public/\\evil"} {
		resp := s.Do(http.MethodPost, "/api/athlete/sign-up", map[string]string{"email": "other.next@example.com",
			"password": "other-next-passphrase", "firstName": "Other", "lastName": "Next", "next": next}, "")
		if resp.Status != http.StatusBadRequest || !strings.Contains(string(resp.Body), `"field":"next"`) {
			t.Fatalf("next %q: %d %s", next, resp.Status, resp.Body)
		}
	}
	if n := countRows(t, s, `SELECT count(*) FROM auth.users WHERE lower(email) = 'other.next@example.com'`); n != 0 {
		t.Fatalf("a refused sign-up made an account")
	}
}
