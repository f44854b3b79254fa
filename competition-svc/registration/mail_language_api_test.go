package registration_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/competition-svc/internal/apitest"
)

// TestMailsInTheRecipientsLanguage go through real SMTP (Mailpit): each mail is in its
// recipient's language (docs/architecture.md, "Languages") — the account's choice (German),
// else the event's default (French) for an account that chose none and for an address
// without an account. An unknown default language is refused by name and changes nothing.
func TestMailsInTheRecipientsLanguage(t *testing.T) {
	t.Parallel()
	s, mailpit := apitest.StartWithMail(t)
	r := openRegistration(t, s, apitest.Obj{"capacity": 3})
	event := apitest.Obj{"name": "Open Games", "dateFrom": "2026-12-01", "dateTo": "2026-12-02"}

	event["defaultLanguage"] = "pt"
	if bad := s.Admin(http.MethodPut, "/api/events/"+r.eventID, event); bad.Status != http.StatusBadRequest ||
		!strings.Contains(string(bad.Body), `"field":"defaultLanguage"`) || !strings.Contains(string(bad.Body), "Language must be one of en, de, fr, es.") {
		t.Fatalf("unknown language: %d %s", bad.Status, bad.Body)
	}
	if got := apitest.Decode(t, s.Admin(http.MethodGet, "/api/events/"+r.eventID, nil).MustStatus(t, http.StatusOK)); got["defaultLanguage"] != "en" {
		t.Fatalf("a refused language changed the event: %v", got["defaultLanguage"])
	}
	event["defaultLanguage"] = "fr"
	if got := apitest.Decode(t, s.Admin(http.MethodPut, "/api/events/"+r.eventID, event).MustStatus(t, http.StatusOK)); got["defaultLanguage"] != "fr" {
		t.Fatalf("default language not kept: %v", got["defaultLanguage"])
	}
	if got := apitest.Decode(t, s.Do(http.MethodGet, "/api/public/events/"+r.eventID, nil, "").MustStatus(t, http.StatusOK)); got["defaultLanguage"] != "fr" {
		t.Fatalf("the public event does not say its language: %v", got["defaultLanguage"])
	}

	anna, ben, cleo := s.SignUpAthlete("Anna", "Sprache"), s.SignUpAthlete("Ben", "Sprache"), s.SignUpAthlete("Cleo", "Sprache")
	s.Do(http.MethodPut, "/api/auth/me/language", apitest.Obj{"language": "de"}, anna.Token).MustStatus(t, http.StatusOK)

	// The captain chose German: her own registration's mail is German.
	first := apitest.Decode(t, r.register(anna, "Sprach Paar", "").MustStatus(t, http.StatusOK))
	registered := mailpit.WaitFor(anna.Email, "Anmeldung: Team Sprach Paar", 10*time.Second)
	for _, want := range []string{"Hallo Anna Sprache,", "Team Sprach Paar ist für Open Games, RX Pairs angemeldet.",
		"Status: Wartet auf Partner.", "Dein Partner tritt mit dem Teilen-Code " + first["shareCode"].(string)} {
		if !strings.Contains(registered.Text, want) {
			t.Fatalf("German registration mail without %q:\n%s", want, registered.Text)
		}
	}

	// Ben chose no language: his mails are in the event's French; the captain, told by Ben's
	// change, still gets German.
	accept(s, ben, first["shareCode"].(string)).MustStatus(t, http.StatusOK)
	joined := mailpit.WaitFor(anna.Email, "Ben Sprache ist Team Sprach Paar beigetreten", 10*time.Second)
	if !strings.Contains(joined.Text, "Ben Sprache hat deine Einladung in Team Sprach Paar (Open Games, RX Pairs) angenommen.") {
		t.Fatalf("joined: %s", joined.Text)
	}
	confirmed := mailpit.WaitFor(ben.Email, "Équipe Sprach Paar : Confirmée", 10*time.Second)
	if !strings.Contains(confirmed.Text, "Bonjour Ben Sprache,") {
		t.Fatalf("confirmed: %s", confirmed.Text)
	}
	mailpit.WaitFor(anna.Email, "Team Sprach Paar: Bestätigt", 10*time.Second)

	// A partner invited by an address with no account: the event's default, French.
	apitest.Decode(t, r.register(cleo, "Gast Paar", "gast.sprache@example.test").MustStatus(t, http.StatusOK))
	invitation := mailpit.WaitFor("gast.sprache@example.test", "Cleo Sprache vous invite dans l'équipe Gast Paar", 10*time.Second)
	if !strings.Contains(invitation.Text, "et vous invite comme partenaire.") || !strings.Contains(invitation.Text, "Code de partage : ") {
		t.Fatalf("invitation: %s", invitation.Text)
	}
}
