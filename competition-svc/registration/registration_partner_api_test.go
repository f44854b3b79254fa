package registration_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
)

// TestPartnerAlreadyInTheDivisionIsRefusedAtRegistration: a partner address that is an athlete
// of a live team of the division (captain, or partner once accepted) is refused when the
// captain registers, naming the field, rather than when the partner accepts; nothing is written.
func TestPartnerAlreadyInTheDivisionIsRefusedAtRegistration(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	r := openRegistration(t, s, apitest.Obj{"capacity": 5})
	anna, ben, cleo, dora := s.SignUpAthlete("Anna", "Taken"), s.SignUpAthlete("Ben", "Taken"), s.SignUpAthlete("Cleo", "Taken"), s.SignUpAthlete("Dora", "Taken")
	first := apitest.Decode(t, r.register(anna, "First Pair", ben.Email).MustStatus(t, http.StatusOK))
	accept(s, ben, first["shareCode"].(string)).MustStatus(t, http.StatusOK)

	for _, taken := range []string{anna.Email, strings.ToUpper(ben.Email)} {
		apitest.WantError(t, r.register(cleo, "Second Pair", taken), http.StatusConflict, "partnerEmail",
			strings.ToLower(taken)+" is already in a team of RX Pairs: invite another partner")
	}
	if n := s.Rows(t, "competition.registrations", "team_name = 'Second Pair'"); n != 0 {
		t.Fatalf("a refused registration was written: %d", n)
	}
	// An address only invited elsewhere (not accepted) is no one's partner yet.
	apitest.Decode(t, r.register(cleo, "Third Pair", dora.Email).MustStatus(t, http.StatusOK))
	apitest.Decode(t, r.register(dora, "Fourth Pair", "").MustStatus(t, http.StatusOK))
}

// TestInvitationTellsTeamAndEvent: the invitation's code reads, without signing in, the team,
// its division and the event (name, dates, place), nothing of the registration's addresses;
// an unknown code is 404.
func TestInvitationTellsTeamAndEvent(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	r := openRegistration(t, s, nil)
	anna, ben := s.SignUpAthlete("Anna", "Invite"), s.SignUpAthlete("Ben", "Invite")
	reg := apitest.Decode(t, r.register(anna, "Invite Pair", ben.Email).MustStatus(t, http.StatusOK))
	code := strings.ToLower(reg["shareCode"].(string))
	resp := s.Do(http.MethodGet, "/api/registration/invitations/"+code, nil, "").MustStatus(t, http.StatusOK)
	inv := apitest.Decode(t, resp)
	if inv["teamName"] != "Invite Pair" || inv["divisionName"] != "RX Pairs" || inv["eventName"] != "Open Games" ||
		inv["eventId"] != r.eventID || inv["eventDates"] == "" || inv["captainName"] != "Anna Invite" {
		t.Fatalf("invitation: %v", inv)
	}
	if strings.Contains(string(resp.Body), ben.Email) || strings.Contains(string(resp.Body), anna.Email) {
		t.Fatalf("the invitation tells addresses: %s", resp.Body)
	}
	apitest.WantError(t, s.Do(http.MethodGet, "/api/registration/invitations/NOSUCHCODE", nil, ""), http.StatusNotFound, "",
		"No invitation has this code: check the link or the share code")
}

// TestRegistrationMailsSayHowToPay: without online payment, the captain's mail and the
// partner's invitation give the fee and whom to pay; so does the state mail of a team that
// now owes it.
func TestRegistrationMailsSayHowToPay(t *testing.T) {
	t.Parallel()
	s, mailpit := apitest.StartWithMail(t)
	r := openRegistration(t, s, apitest.Obj{"feeCents": 4000})
	anna, ben := s.SignUpAthlete("Anna", "Fee"), s.SignUpAthlete("Ben", "Fee")
	reg := apitest.Decode(t, r.register(anna, "Fee Pair", ben.Email).MustStatus(t, http.StatusOK))
	const how = "Pay the entry fee of 40.00 EUR to the organiser of Open Games: at the door or as the organiser tells you"
	if !strings.HasPrefix(reg["howToPay"].(string), how) {
		t.Fatalf("howToPay: %v", reg["howToPay"])
	}
	for _, m := range []struct{ to, subject string }{{anna.Email, "Registration: team Fee Pair"}, {ben.Email, "Anna Fee invites you to team Fee Pair"}} {
		if mail := mailpit.WaitFor(m.to, m.subject, 10*time.Second); !strings.Contains(mail.Text, how) {
			t.Fatalf("%s: %q", m.subject, mail.Text)
		}
	}
	accept(s, ben, reg["shareCode"].(string)).MustStatus(t, http.StatusOK)
	if mail := mailpit.WaitFor(ben.Email, "Team Fee Pair: Waiting for payment", 10*time.Second); !strings.Contains(mail.Text, how) {
		t.Fatalf("state mail: %q", mail.Text)
	}
}
