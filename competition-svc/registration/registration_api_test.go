package registration_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	"github.com/podium-dev/podium/internal/eventtest"
)

// Registration through the real gateway (docs/registration.md): athletes sign up and register,
// the organiser decides, and every refusal names what is wrong and leaves nothing half written.

// regEvent is a published event with one division open for registration.
type regEvent struct {
	s          *stacktest.Stack
	event      *eventtest.Event
	eventID    string
	divisionID string
	open       stacktest.OpenRegistration
}

func openRegistration(t *testing.T, s *stacktest.Stack, settings apitest.Obj) regEvent {
	t.Helper()
	o := s.OpenRegistration(t, settings)
	return regEvent{s: s, event: o.Event, eventID: o.Event.ID, divisionID: o.DivisionID, open: o}
}

func (r regEvent) register(athlete stacktest.Athlete, team, partnerEmail string) *stacktest.Response {
	return r.open.Register(athlete, team, partnerEmail)
}

func accept(s *stacktest.Stack, athlete stacktest.Athlete, code string) *stacktest.Response {
	return s.AcceptInvitation(athlete, code)
}

// TestRegistrationPath: register, the partner accepts by share code, the organiser records the
// payment and approves; the confirmed registration is the division's team, and each change is
// in the event's activity.
func TestRegistrationPath(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	r := openRegistration(t, s, apitest.Obj{"feeCents": 4000, "approvalRequired": true})
	anna, ben := s.SignUpAthlete("Anna", "Adler"), s.SignUpAthlete("Ben", "Berg")

	reg := apitest.Decode(t, r.register(anna, "Adler & Berg", ben.Email).MustStatus(t, http.StatusOK))
	if reg["state"] != "waiting_partner" || reg["shareCode"] == "" || reg["nextStep"] != "accept" {
		t.Fatalf("registered: %v", reg)
	}
	id := reg["id"].(string)
	// Nobody but the team's athletes reads it.
	if mine := apitest.DecodeList(t, s.Do(http.MethodGet, "/api/registration/mine", nil, ben.Token).MustStatus(t, http.StatusOK)); len(mine) != 0 {
		t.Fatalf("ben sees %v before accepting", mine)
	}
	reg = apitest.Decode(t, accept(s, ben, reg["shareCode"].(string)).MustStatus(t, http.StatusOK))
	if reg["state"] != "waiting_payment" || reg["partnerName"] != "Ben Berg" {
		t.Fatalf("accepted: %v", reg)
	}
	if mine := apitest.DecodeList(t, s.Do(http.MethodGet, "/api/registration/mine", nil, ben.Token).MustStatus(t, http.StatusOK)); len(mine) != 1 || mine[0]["id"] != id {
		t.Fatalf("ben's registrations: %v", mine)
	}
	reg = apitest.Decode(t, s.Admin(http.MethodPost, "/api/registrations/"+id+"/paid", apitest.Obj{"method": "cash"}).MustStatus(t, http.StatusOK))
	if reg["state"] != "waiting_approval" || reg["paidBy"] != s.AdminUsername || reg["paymentMethod"] != "cash" {
		t.Fatalf("paid: %v", reg)
	}
	if n := s.Rows(t, "competition.teams", "division_id = $1", r.divisionID); n != 0 {
		t.Fatalf("%d teams before approval", n)
	}
	reg = apitest.Decode(t, s.Admin(http.MethodPost, "/api/registrations/"+id+"/approve", nil).MustStatus(t, http.StatusOK))
	if reg["state"] != "confirmed" || reg["teamId"] == "" {
		t.Fatalf("approved: %v", reg)
	}
	teams := apitest.DecodeList(t, s.Admin(http.MethodGet, "/api/teams/by-division/"+r.divisionID, nil).MustStatus(t, http.StatusOK))
	if len(teams) != 1 || teams[0]["name"] != "Adler & Berg" || teams[0]["athlete1Name"] != "Anna Adler" || teams[0]["athlete2Name"] != "Ben Berg" {
		t.Fatalf("division's teams: %v", teams)
	}
	view := apitest.Decode(t, s.Admin(http.MethodGet, "/api/events/"+r.eventID+"/registrations", nil).MustStatus(t, http.StatusOK))
	counts := view["divisions"].([]any)[0].(apitest.Obj)
	if counts["confirmed"] != float64(1) || counts["paid"] != float64(1) || counts["placesLeft"] != float64(1) {
		t.Fatalf("counts: %v", counts)
	}
	// The export is named by what it holds and the day it was made.
	today := time.Now().UTC().Format(time.DateOnly)
	for query, want := range map[string]string{
		"": "Open Games - registrations - " + today + ".csv",
		"?divisionId=" + r.divisionID + "&state=confirmed": "Open Games - RX Pairs - registrations (confirmed) - " + today + ".csv",
	} {
		export := s.Admin(http.MethodGet, "/api/events/"+r.eventID+"/registrations.csv"+query, nil).MustStatus(t, http.StatusOK)
		if cd := export.Header.Get("Content-Disposition"); !strings.Contains(cd, `filename="`+want+`"`) || !strings.Contains(string(export.Body), "Adler & Berg") {
			t.Errorf("export%s: Content-Disposition %q, body %q", query, cd, export.Body)
		}
	}
	activity := apitest.Decode(t, s.Admin(http.MethodGet, "/api/events/"+r.eventID+"/activity", nil).MustStatus(t, http.StatusOK))
	var summaries []string
	for _, e := range activity["entries"].([]any) {
		if e.(apitest.Obj)["entity"] == "registration" {
			summaries = append(summaries, fmt.Sprintf("%s: %s", e.(apitest.Obj)["actor"], e.(apitest.Obj)["summary"]))
		}
	}
	if len(summaries) < 5 {
		t.Fatalf("registration activity: %q", summaries)
	}
}

// TestRegistrationRefusals: each bad request says what is wrong and changes nothing.
func TestRegistrationRefusals(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	r := openRegistration(t, s, apitest.Obj{"capacity": 1, "waitlist": false})
	anna, ben, cleo, dan := s.SignUpAthlete("Anna", "A"), s.SignUpAthlete("Ben", "B"), s.SignUpAthlete("Cleo", "C"), s.SignUpAthlete("Dan", "D")
	reg := apitest.Decode(t, r.register(anna, "First Team", "").MustStatus(t, http.StatusOK))
	before := s.Rows(t, "competition.registrations", "true")

	apitest.WantError(t, r.register(anna, "Second Team", ""), http.StatusConflict, "divisionId", "You are already registered in RX Pairs (team First Team)")
	apitest.WantError(t, r.register(ben, "first team", ""), http.StatusConflict, "teamName", "A team named first team is already in RX Pairs")
	apitest.WantError(t, r.register(ben, "Fírst  Team", ""), http.StatusConflict, "teamName", "A team named Fírst  Team is already in RX Pairs")
	apitest.WantError(t, r.register(ben, "Other Team", ""), http.StatusConflict, "divisionId", "RX Pairs is full: no places left and no waiting list")
	apitest.WantError(t, r.register(ben, "X", ""), http.StatusBadRequest, "teamName", "Team name must be at least 2 characters")
	if resp := r.register(ben, "Evil\u202eTeam", ""); resp.Status != http.StatusBadRequest {
		t.Errorf("a name with a direction control: %d %s", resp.Status, resp.Body)
	}
	apitest.WantError(t, r.register(ben, "Other Team", "not-an-email"), http.StatusBadRequest, "partnerEmail", "Partner email must be a valid email address")
	apitest.WantError(t, r.register(ben, "Other Team", ben.Email), http.StatusBadRequest, "partnerEmail", "You cannot invite yourself as your partner")
	apitest.WantError(t, accept(s, ben, "WRONGCODE1"), http.StatusNotFound, "", "No invitation has this code: check the link or the share code")
	apitest.WantError(t, accept(s, anna, reg["shareCode"].(string)), http.StatusConflict, "code", "This is your own registration: your partner accepts the invitation")
	// Staff cannot register; athletes cannot reach the organiser's routes.
	if resp := s.Do(http.MethodPost, "/api/registration/events/"+r.eventID+"/registrations", apitest.Obj{"divisionId": r.divisionID, "teamName": "Staff"}, s.Token); resp.Status != http.StatusForbidden {
		t.Errorf("staff registering: %d %s", resp.Status, resp.Body)
	}
	if resp := s.Do(http.MethodGet, "/api/events/"+r.eventID+"/registrations", nil, anna.Token); resp.Status != http.StatusForbidden {
		t.Errorf("athlete reading the organiser's list: %d %s", resp.Status, resp.Body)
	}
	// Another athlete's registration is not found.
	apitest.WantError(t, s.Do(http.MethodPost, "/api/registration/registrations/"+reg["id"].(string)+"/withdraw", nil, cleo.Token), http.StatusNotFound, "", "Registration not found")
	if after := s.Rows(t, "competition.registrations", "true"); after != before {
		t.Fatalf("registrations %d -> %d after refusals", before, after)
	}

	// The partner already in a team of the division: the invitation is refused, nothing changes.
	apitest.Decode(t, accept(s, ben, reg["shareCode"].(string)).MustStatus(t, http.StatusOK))
	apitest.WantError(t, accept(s, cleo, reg["shareCode"].(string)), http.StatusConflict, "code", "This invitation was already accepted")

	// Closed and not yet open, by the server's clock.
	s.Admin(http.MethodPut, "/api/divisions/"+r.divisionID+"/registration", apitest.Obj{"opensAt": time.Now().Add(time.Hour).UTC().Format(time.RFC3339),
		"closesAt": time.Now().Add(2 * time.Hour).UTC().Format(time.RFC3339), "capacity": 5}).MustStatus(t, http.StatusOK)
	if resp := r.register(dan, "Late Team", ""); resp.Status != http.StatusConflict || resp.Message() == "" {
		t.Errorf("not yet open: %d %s", resp.Status, resp.Body)
	}
	s.Admin(http.MethodPut, "/api/divisions/"+r.divisionID+"/registration", apitest.Obj{"opensAt": time.Now().Add(-2 * time.Hour).UTC().Format(time.RFC3339),
		"closesAt": time.Now().Add(-time.Hour).UTC().Format(time.RFC3339), "capacity": 5}).MustStatus(t, http.StatusOK)
	if resp := r.register(dan, "Late Team", ""); resp.Status != http.StatusConflict || resp.Message() == "" {
		t.Errorf("closed: %d %s", resp.Status, resp.Body)
	}
	apitest.WantError(t, s.Admin(http.MethodPut, "/api/divisions/"+r.divisionID+"/registration", apitest.Obj{"opensAt": "tomorrow", "closesAt": "", "capacity": 5}),
		http.StatusBadRequest, "opensAt", "Opens at must be a date and time (RFC 3339)")
}

// TestWithdrawalOffersThePlace: a withdrawal frees its place for the first team on the list,
// and refusing a confirmed team removes it from the division.
func TestWithdrawalOffersThePlace(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	r := openRegistration(t, s, apitest.Obj{"capacity": 1})
	a1, a2, b1, b2, c1 := s.SignUpAthlete("A", "One"), s.SignUpAthlete("A", "Two"), s.SignUpAthlete("B", "One"), s.SignUpAthlete("B", "Two"), s.SignUpAthlete("C", "One")
	first := apitest.Decode(t, r.register(a1, "Team A", "").MustStatus(t, http.StatusOK))
	apitest.Decode(t, accept(s, a2, first["shareCode"].(string)).MustStatus(t, http.StatusOK))
	second := apitest.Decode(t, r.register(b1, "Team B", "").MustStatus(t, http.StatusOK))
	third := apitest.Decode(t, r.register(c1, "Team C", "").MustStatus(t, http.StatusOK))
	if second["state"] != "waitlisted" || second["waitlistPosition"] != float64(1) || third["waitlistPosition"] != float64(2) {
		t.Fatalf("waiting list: %v / %v", second, third)
	}
	// Cleo is captain of Team C in the division already: she cannot also join Team B.
	apitest.WantError(t, accept(s, c1, second["shareCode"].(string)), http.StatusConflict, "code", "You are already in a team of RX Pairs (team Team C)")
	apitest.Decode(t, accept(s, b2, second["shareCode"].(string)).MustStatus(t, http.StatusOK))

	w := apitest.Decode(t, s.Do(http.MethodPost, "/api/registration/registrations/"+first["id"].(string)+"/withdraw", nil, a2.Token).MustStatus(t, http.StatusOK))
	if w["state"] != "withdrawn" {
		t.Fatalf("withdrawn: %v", w)
	}
	if n := s.Rows(t, "competition.teams", "name = 'Team A'"); n != 0 {
		t.Fatal("the withdrawn team is still in the division")
	}
	mine := apitest.DecodeList(t, s.Do(http.MethodGet, "/api/registration/mine", nil, b1.Token).MustStatus(t, http.StatusOK))
	if len(mine) != 1 || mine[0]["state"] != "confirmed" {
		t.Fatalf("the first on the list: %v", mine)
	}
	if n := s.Rows(t, "competition.registrations", "state = 'waitlisted'"); n != 1 {
		t.Fatalf("%d still waitlisted, want 1", n)
	}
	// Withdrawn once: again is a clear 409.
	apitest.WantError(t, s.Do(http.MethodPost, "/api/registration/registrations/"+first["id"].(string)+"/withdraw", nil, a1.Token), http.StatusConflict, "", "This registration was already withdrawn")
	// The organiser refuses Team B with a reason: the team leaves, Team C moves up.
	ref := apitest.Decode(t, s.Admin(http.MethodPost, "/api/registrations/"+second["id"].(string)+"/refuse", apitest.Obj{"reason": "No proof of age"}).MustStatus(t, http.StatusOK))
	if ref["state"] != "refused" || ref["refusalReason"] != "No proof of age" {
		t.Fatalf("refused: %v", ref)
	}
	if mine := apitest.DecodeList(t, s.Do(http.MethodGet, "/api/registration/mine", nil, c1.Token).MustStatus(t, http.StatusOK)); mine[0]["state"] != "waiting_partner" {
		t.Fatalf("Team C after the refusal: %v", mine)
	}
}

// TestCapacityUnderConcurrency: many athletes register in the same instant; the division's
// capacity is never exceeded and everyone else is waitlisted, with no error.
func TestCapacityUnderConcurrency(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	r := openRegistration(t, s, apitest.Obj{"capacity": 5})
	const n = 40
	athletes := s.AthletesForLoad(n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	statuses := make([]int, n)
	for i := range athletes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			statuses[i] = r.register(athletes[i], fmt.Sprintf("Rush %d", i), "").Status
		}()
	}
	close(start)
	wg.Wait()
	for i, st := range statuses {
		if st != http.StatusOK {
			t.Errorf("athlete %d: status %d", i, st)
		}
	}
	if held := s.Rows(t, "competition.registrations", "division_id = $1 AND holds_place", r.divisionID); held != 5 {
		t.Fatalf("%d registrations hold a place, capacity 5", held)
	}
	if w := s.Rows(t, "competition.registrations", "division_id = $1 AND state = 'waitlisted'", r.divisionID); w != n-5 {
		t.Fatalf("%d waitlisted, want %d", w, n-5)
	}
}

// TestInvitationToAnAddressIsThatAddresss: an invitation naming a partner's address is
// accepted only by the account with that address; anyone else holding its code is refused
// and changes nothing, so the invited partner can still accept. A share code without an
// address stays anyone's. An overlong code is refused before any lookup.
func TestInvitationToAnAddressIsThatAddresss(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	r := openRegistration(t, s, apitest.Obj{"capacity": 5})
	anna, bob, eve := s.SignUpAthlete("Anna", "Adler"), s.SignUpAthlete("Bob", "Bauer"), s.SignUpAthlete("Eve", "Evil")
	reg := apitest.Decode(t, r.register(anna, "Adler & Bauer", bob.Email).MustStatus(t, http.StatusOK))
	code := reg["shareCode"].(string)

	got := accept(s, eve, code)
	apitest.WantError(t, got, http.StatusForbidden, "", "This invitation was sent to another email address: sign in with the address it was sent to")
	if n := s.Rows(t, "competition.registrations", "partner_id IS NOT NULL"); n != 0 {
		t.Fatalf("a refused accept stored a partner")
	}
	// The address's owner accepts, however the code is typed.
	if got := apitest.Decode(t, accept(s, bob, strings.ToLower(code[:5])+"-"+code[5:]).MustStatus(t, http.StatusOK)); got["partnerId"] != bob.ID {
		t.Fatalf("bob's accept: %v", got)
	}

	// Without an address, the share code is anyone's who holds it.
	open := apitest.Decode(t, r.register(eve, "Eve's Team", "").MustStatus(t, http.StatusOK))
	cleo := s.SignUpAthlete("Cleo", "Cole")
	accept(s, cleo, open["shareCode"].(string)).MustStatus(t, http.StatusOK)

	apitest.WantError(t, accept(s, cleo, strings.Repeat("A", 65)), http.StatusBadRequest, "code", "Code must be at most 64 characters")

	// Codes tried are limited as sign-ins are (5 failures a pair in the stack): Eve, refused
	// once above, guesses on; past the limit even a good code waits.
	for range 4 {
		accept(s, eve, "NOSUCHCODE").MustStatus(t, http.StatusNotFound)
	}
	spare := apitest.Decode(t, r.register(s.SignUpAthlete("Dora", "Dunn"), "Dora's Team", "").MustStatus(t, http.StatusOK))
	got = accept(s, eve, spare["shareCode"].(string))
	if got.Status != http.StatusTooManyRequests || !strings.HasPrefix(got.Message(), "Too many invitation codes tried. Please try again in ") {
		t.Fatalf("past the limit: %d %s", got.Status, got.Body)
	}
	if n := s.Rows(t, "competition.registrations", "partner_id IS NOT NULL"); n != 2 {
		t.Fatalf("%d registrations with a partner, want bob's and cleo's", n)
	}
}

// TestMoveOffersTheFreedPlace: the organiser moves a confirmed team to another division; the
// place it held goes to the first team on the old division's waiting list, as a withdrawal's
// does (the same tail), and the moved team takes a place in the new division.
func TestMoveOffersTheFreedPlace(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	r := openRegistration(t, s, apitest.Obj{"capacity": 1})
	other := r.event.Division("Scaled Pairs", "")
	s.Admin(http.MethodPut, "/api/divisions/"+other.GetId()+"/registration", apitest.Obj{
		"opensAt": time.Now().Add(-time.Hour).UTC().Format(time.RFC3339), "closesAt": time.Now().Add(24 * time.Hour).UTC().Format(time.RFC3339),
		"capacity": 1, "currency": "EUR", "waitlist": true}).MustStatus(t, http.StatusOK)
	a1, a2, b1, b2 := s.SignUpAthlete("A", "One"), s.SignUpAthlete("A", "Two"), s.SignUpAthlete("B", "One"), s.SignUpAthlete("B", "Two")
	first := apitest.Decode(t, r.register(a1, "Team A", "").MustStatus(t, http.StatusOK))
	apitest.Decode(t, accept(s, a2, first["shareCode"].(string)).MustStatus(t, http.StatusOK))
	second := apitest.Decode(t, r.register(b1, "Team B", "").MustStatus(t, http.StatusOK))
	apitest.Decode(t, accept(s, b2, second["shareCode"].(string)).MustStatus(t, http.StatusOK))
	if mine := apitest.DecodeList(t, s.Do(http.MethodGet, "/api/registration/mine", nil, b1.Token).MustStatus(t, http.StatusOK)); mine[0]["state"] != "waitlisted" {
		t.Fatalf("Team B before the move: %v", mine)
	}

	moved := apitest.Decode(t, s.Admin(http.MethodPost, "/api/registrations/"+first["id"].(string)+"/move", apitest.Obj{"divisionId": other.GetId()}).MustStatus(t, http.StatusOK))
	if moved["divisionId"] != other.GetId() || moved["state"] != "confirmed" {
		t.Fatalf("moved: %v", moved)
	}
	if mine := apitest.DecodeList(t, s.Do(http.MethodGet, "/api/registration/mine", nil, b1.Token).MustStatus(t, http.StatusOK)); mine[0]["state"] != "confirmed" {
		t.Fatalf("Team B after the move: %v", mine)
	}
	if n := s.Rows(t, "competition.registrations", "state = 'waitlisted'"); n != 0 {
		t.Fatalf("%d still waitlisted, want 0", n)
	}
}
