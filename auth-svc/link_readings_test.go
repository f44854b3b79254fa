package authsvc_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
)

// Each staff reading of a link on the Outbox is shown (docs/access.md, "Athletes"): to every
// admin on the Outbox, and to the athlete the link was for on their profile and in their data
// download; to no one else.

type linkReading struct {
	Reader, Subject, FirstReadAt, LastReadAt string
	Times                                    int
}

func profileReadings(t *testing.T, s *stacktest.Stack, token string) []linkReading {
	t.Helper()
	var p struct{ LinkReadings []linkReading }
	s.Do(http.MethodGet, "/api/athlete/profile", nil, token).MustStatus(t, http.StatusOK).Decode(t, &p)
	return p.LinkReadings
}

func TestStaffReadingsOfLinksAreShownToAdminsAndTheAthlete(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	omar, pia := s.SignUpAthlete("Omar", "Owner"), s.SignUpAthlete("Pia", "Other")
	const subject = "Reset your Podium password"
	s.Do(http.MethodPost, "/api/athlete/password-reset", map[string]string{"email": omar.Email}, "").MustStatus(t, http.StatusOK)
	waitInOutbox(t, s, omar.Email, subject)

	var box struct {
		Mails []struct {
			To, Subject string
			Readings    []linkReading
		}
	}
	s.Admin(http.MethodGet, "/api/mail-outbox/auth", nil).MustStatus(t, http.StatusOK).Decode(t, &box)
	var onOutbox []linkReading
	for _, m := range box.Mails {
		if m.To == omar.Email && m.Subject == subject {
			onOutbox = m.Readings
		}
	}
	if len(onOutbox) != 1 || onOutbox[0].Reader != s.AdminUsername || onOutbox[0].Times < 2 || onOutbox[0].LastReadAt < onOutbox[0].FirstReadAt {
		t.Fatalf("readings on the outbox: %+v", onOutbox)
	}

	// The confirmation mail of the sign-up was read as well: the profile lists both.
	var found bool
	for _, r := range profileReadings(t, s, omar.Token) {
		found = found || r.Subject == subject && r.Reader == s.AdminUsername && r.Times == onOutbox[0].Times
	}
	if !found {
		t.Fatalf("the athlete's profile does not list the reading: %+v", profileReadings(t, s, omar.Token))
	}
	for _, r := range profileReadings(t, s, pia.Token) {
		if r.Subject == subject {
			t.Fatalf("another athlete sees the reading: %+v", r)
		}
	}
	csv := string(s.Do(http.MethodGet, "/api/registration/my-data.csv", nil, omar.Token).MustStatus(t, http.StatusOK).Body)
	if !strings.Contains(csv, "Link read by staff,"+s.AdminUsername+",\""+subject+": ") {
		t.Fatalf("the data download does not list the reading:\n%s", csv)
	}
}
