package registration_test

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/internal/platform/mailtest"
	"github.com/podium-dev/podium/internal/poll"
)

// transferKey is the key of the transfer link mailed to address.
func transferKey(t *testing.T, m *mailtest.Mailpit, address, subject string) string {
	t.Helper()
	mail := m.WaitFor(address, subject, 10*time.Second)
	found := regexp.MustCompile(`/public/registration/transfer\?key=([A-Za-z0-9_-]+)`).FindStringSubmatch(mail.Text)
	if found == nil {
		t.Fatalf("no transfer link in %q", mail.Text)
	}
	return found[1]
}

func offerTransfer(s *stacktest.Stack, token, id string, position int, email string) *stacktest.Response {
	return s.Do(http.MethodPost, "/api/registration/registrations/"+id+"/transfers", apitest.Obj{"position": position, "email": email}, token)
}

func acceptTransfer(s *stacktest.Stack, a stacktest.Athlete, key string, extra apitest.Obj) *stacktest.Response {
	body := apitest.Obj{"key": key}
	for k, v := range extra {
		body[k] = v
	}
	return s.Do(http.MethodPost, "/api/registration/transfers/accept", body, a.Token)
}

// confirmedPair registers a free pair and has the partner accept: the division's team.
func confirmedPair(t *testing.T, s *stacktest.Stack, r regEvent, team string, captain, partner stacktest.Athlete) apitest.Obj {
	t.Helper()
	reg := apitest.Decode(t, r.register(captain, team, partner.Email).MustStatus(t, http.StatusOK))
	reg = apitest.Decode(t, accept(s, partner, reg["shareCode"].(string)).MustStatus(t, http.StatusOK))
	if reg["state"] != "confirmed" || reg["teamId"] == "" {
		t.Fatalf("a confirmed pair: %v", reg)
	}
	return reg
}

// registrationActivity are the summaries of the event's registration entries.
func registrationActivity(t *testing.T, s *stacktest.Stack, eventID string) string {
	t.Helper()
	activity := apitest.Decode(t, s.Admin(http.MethodGet, "/api/events/"+eventID+"/activity", nil).MustStatus(t, http.StatusOK))
	var out []string
	for _, e := range activity["entries"].([]any) {
		if e.(apitest.Obj)["entity"] == "registration" {
			out = append(out, fmt.Sprint(e.(apitest.Obj)["summary"]))
		}
	}
	return strings.Join(out, "\n")
}

func myRegs(t *testing.T, s *stacktest.Stack, a stacktest.Athlete) []apitest.Obj {
	t.Helper()
	return apitest.DecodeList(t, s.Do(http.MethodGet, "/api/registration/mine", nil, a.Token).MustStatus(t, http.StatusOK))
}

// TestTransferOfAPlace: the partner offers their place to another athlete's address; the
// place stays theirs until the new athlete, signed in with that address, accepts by the mailed
// link; then one transaction swaps them on the registration and its team. The athlete who left
// is mailed and free in the division; the link works once; each step is in the activity.
func TestTransferOfAPlace(t *testing.T) {
	t.Parallel()
	s, mailpit := apitest.StartWithMail(t)
	r := openRegistration(t, s, nil)
	anna, ben, cleo, dora := s.SignUpAthlete("Anna", "Swap"), s.SignUpAthlete("Ben", "Swap"), s.SignUpAthlete("Cleo", "Swap"), s.SignUpAthlete("Dora", "Swap")
	reg := confirmedPair(t, s, r, "Swap Pair", anna, ben)
	id, teamID := reg["id"].(string), reg["teamId"].(string)

	got := apitest.Decode(t, offerTransfer(s, ben.Token, id, 0, strings.ToUpper(cleo.Email)).MustStatus(t, http.StatusOK))
	offers, _ := got["transfers"].([]any)
	if len(offers) != 1 || offers[0].(apitest.Obj)["toEmail"] != cleo.Email || offers[0].(apitest.Obj)["fromName"] != "Ben Swap" ||
		offers[0].(apitest.Obj)["position"] != float64(2) || got["partnerName"] != "Ben Swap" {
		t.Fatalf("the offer: %v", got)
	}
	key := transferKey(t, mailpit, cleo.Email, "Ben Swap offers you a place on team Swap Pair")

	// The link tells the place before signing in; the place is still Ben's.
	link := apitest.Decode(t, s.Do(http.MethodGet, "/api/registration/transfers/"+key, nil, "").MustStatus(t, http.StatusOK))
	if link["teamName"] != "Swap Pair" || link["fromName"] != "Ben Swap" || link["divisionName"] != "RX Pairs" || link["eventName"] != "Open Games" {
		t.Fatalf("the link: %v", link)
	}
	team := apitest.Decode(t, s.Admin(http.MethodGet, "/api/teams/"+teamID, nil).MustStatus(t, http.StatusOK))
	if team["athlete2Name"] != "Ben Swap" {
		t.Fatalf("the place was left before the new athlete accepted: %v", team["athlete2Name"])
	}

	// Only the address named accepts.
	apitest.WantError(t, acceptTransfer(s, dora, key, nil), http.StatusForbidden, "",
		"This transfer was offered to another email address: sign in with the address it was sent to")

	reg = apitest.Decode(t, acceptTransfer(s, cleo, key, nil).MustStatus(t, http.StatusOK))
	if reg["partnerName"] != "Cleo Swap" || reg["partnerId"] != cleo.ID || reg["state"] != "confirmed" || len(reg["transfers"].([]any)) != 0 {
		t.Fatalf("after the transfer: %v", reg)
	}
	team = apitest.Decode(t, s.Admin(http.MethodGet, "/api/teams/"+teamID, nil).MustStatus(t, http.StatusOK))
	if team["athlete2Name"] != "Cleo Swap" {
		t.Fatalf("the team's second athlete: %v", team["athlete2Name"])
	}
	if place := team["athletes"].([]any)[1].(apitest.Obj); place["athleteId"] != cleo.ID {
		t.Fatalf("the team's place 2 account: %v", place)
	}
	if mail := mailpit.WaitFor(ben.Email, "You are no longer on team Swap Pair", 10*time.Second); !strings.Contains(mail.Text, "Cleo Swap accepted your place") {
		t.Fatalf("Ben's mail: %q", mail.Text)
	}
	mailpit.WaitFor(cleo.Email, "You are on team Swap Pair", 10*time.Second)
	mailpit.WaitFor(anna.Email, "Cleo Swap joined team Swap Pair", 10*time.Second)
	if len(myRegs(t, s, ben)) != 0 || len(myRegs(t, s, cleo)) != 1 {
		t.Fatalf("registrations: ben %d, cleo %d", len(myRegs(t, s, ben)), len(myRegs(t, s, cleo)))
	}
	// Ben is free in the division again.
	apitest.Decode(t, r.register(ben, "Ben Again", "").MustStatus(t, http.StatusOK))

	// The link works once.
	apitest.WantError(t, acceptTransfer(s, cleo, key, nil), http.StatusConflict, "key", "This transfer link was already used")
	apitest.WantError(t, s.Do(http.MethodGet, "/api/registration/transfers/"+key, nil, ""), http.StatusConflict, "key", "This transfer link was already used")
	apitest.WantError(t, s.Do(http.MethodGet, "/api/registration/transfers/nosuchkey", nil, ""), http.StatusNotFound, "",
		"No transfer has this link: check the link in the mail")

	activity := registrationActivity(t, s, r.eventID)
	for _, want := range []string{"Place 2 of team Swap Pair in RX Pairs (Ben Swap) offered to " + cleo.Email + ", by athlete Ben Swap",
		"Cleo Swap took place 2 of team Swap Pair in RX Pairs from Ben Swap (transfer offered by athlete Ben Swap)"} {
		if !strings.Contains(activity, want) {
			t.Errorf("the activity lacks %q:\n%s", want, activity)
		}
	}
}

// TestTransferRefusals: each bad offer or acceptance names its field and changes nothing: an
// address already in the division, another athlete's place (not the captain), a bad address,
// after the roster lock (but not the organiser's), a replaced link, an expired one, and a new
// athlete who joined the division meanwhile.
func TestTransferRefusals(t *testing.T) {
	t.Parallel()
	s, mailpit, clock := apitest.MailStack(t)
	r := openRegistration(t, s, apitest.Obj{"capacity": 5})
	anna, ben, cleo, dora := s.SignUpAthlete("Anna", "Refuse"), s.SignUpAthlete("Ben", "Refuse"), s.SignUpAthlete("Cleo", "Refuse"), s.SignUpAthlete("Dora", "Refuse")
	eve, finn := s.SignUpAthlete("Eve", "Refuse"), s.SignUpAthlete("Finn", "Refuse")
	id := confirmedPair(t, s, r, "Refuse Pair", anna, ben)["id"].(string)
	confirmedPair(t, s, r, "Other Pair", cleo, dora)

	apitest.WantError(t, offerTransfer(s, ben.Token, id, 0, dora.Email), http.StatusConflict, "email",
		dora.Email+" is already in a team of RX Pairs: offer the place to someone else")
	apitest.WantError(t, offerTransfer(s, ben.Token, id, 0, anna.Email), http.StatusConflict, "email",
		anna.Email+" is already in a team of RX Pairs: offer the place to someone else")
	apitest.WantError(t, offerTransfer(s, ben.Token, id, 1, eve.Email), http.StatusForbidden, "",
		"Only the captain offers another athlete's place; you can offer your own")
	apitest.WantError(t, offerTransfer(s, ben.Token, id, 0, "not an address"), http.StatusBadRequest, "email", "Email must be a valid email address")
	apitest.WantError(t, offerTransfer(s, anna.Token, id, 3, eve.Email), http.StatusBadRequest, "position", "Team Refuse Pair has no place 3")
	apitest.WantError(t, offerTransfer(s, cleo.Token, id, 0, eve.Email), http.StatusNotFound, "", "Registration not found")
	if n := s.Rows(t, "competition.registration_transfers", "registration_id = $1", id); n != 0 {
		t.Fatalf("a refused offer was written: %d", n)
	}

	// A new offer of the place replaces the open one: its link no longer works.
	offerTransfer(s, anna.Token, id, 2, eve.Email).MustStatus(t, http.StatusOK)
	first := transferKey(t, mailpit, eve.Email, "Ben Refuse offers you a place on team Refuse Pair")
	offerTransfer(s, ben.Token, id, 0, finn.Email).MustStatus(t, http.StatusOK)
	apitest.WantError(t, acceptTransfer(s, eve, first, nil), http.StatusConflict, "key",
		"This transfer was cancelled or replaced by another: ask for a new link")

	// Nothing open at the captain's place to cancel; Ben's offer to Finn stays open.
	apitest.WantError(t, s.Do(http.MethodPost, "/api/registration/registrations/"+id+"/transfers/cancel", apitest.Obj{"position": 1}, anna.Token),
		http.StatusConflict, "position", "Place 1 has no open transfer")

	// Finn joins another team of the division before accepting: refused, Ben keeps the place.
	finnKey := transferKey(t, mailpit, finn.Email, "Ben Refuse offers you a place on team Refuse Pair")
	apitest.Decode(t, r.register(finn, "Finn Solo", "").MustStatus(t, http.StatusOK))
	apitest.WantError(t, acceptTransfer(s, finn, finnKey, nil), http.StatusConflict, "key",
		"You are already in a team of RX Pairs (team Finn Solo)")
	if reg := myRegs(t, s, ben); len(reg) != 1 || reg[0]["partnerName"] != "Ben Refuse" {
		t.Fatalf("a refused acceptance changed the team: %v", reg)
	}

	// An expired link.
	gus := s.SignUpAthlete("Gus", "Refuse")
	offerTransfer(s, ben.Token, id, 0, gus.Email).MustStatus(t, http.StatusOK)
	gusKey := transferKey(t, mailpit, gus.Email, "Ben Refuse offers you a place on team Refuse Pair")
	clock.Set(clock.Now().Add(8 * 24 * time.Hour))
	resp := acceptTransfer(s, gus, gusKey, nil)
	if resp.Status != http.StatusConflict || !strings.HasPrefix(resp.Message(), "This transfer link expired on ") ||
		!strings.HasSuffix(resp.Message(), ": ask Ben Refuse to offer the place again") {
		t.Fatalf("an expired link: %d %s", resp.Status, resp.Body)
	}
	clock.Set(clock.Now().Add(-8 * 24 * time.Hour))

	// After the roster lock the athletes' offers and links are refused; the organiser's are not.
	s.Admin(http.MethodPut, "/api/events/"+r.eventID, apitest.Obj{"name": "Open Games", "dateFrom": "2026-12-01", "dateTo": "2026-12-02",
		"rosterLockAt": clock.Now().Add(time.Minute).UTC().Format(time.RFC3339)}).MustStatus(t, http.StatusOK)
	hal := s.SignUpAthlete("Hal", "Refuse")
	offerTransfer(s, ben.Token, id, 0, hal.Email).MustStatus(t, http.StatusOK)
	halKey := transferKey(t, mailpit, hal.Email, "Ben Refuse offers you a place on team Refuse Pair")
	clock.Set(clock.Now().Add(2 * time.Minute))
	for _, resp := range []*stacktest.Response{offerTransfer(s, ben.Token, id, 0, gus.Email), acceptTransfer(s, hal, halKey, nil)} {
		if msg := resp.Message(); resp.Status != http.StatusConflict || !strings.HasPrefix(msg, "The rosters of Open Games locked on ") ||
			!strings.HasSuffix(msg, ": only an organiser can change them now") {
			t.Fatalf("after the lock: %d %s", resp.Status, resp.Body)
		}
	}
	org := apitest.Staff(t, s, r.eventID, "org", "organiser")
	scorer := apitest.Staff(t, s, r.eventID, "door", "scorer")
	s.Do(http.MethodPost, "/api/registrations/"+id+"/transfers", apitest.Obj{"position": 2, "email": hal.Email}, scorer).MustStatus(t, http.StatusForbidden)
	s.Do(http.MethodPost, "/api/registrations/"+id+"/transfers", apitest.Obj{"position": 2, "email": hal.Email}, hal.Token).MustStatus(t, http.StatusForbidden)
	s.Do(http.MethodPost, "/api/registrations/"+id+"/transfers", apitest.Obj{"position": 2, "email": hal.Email}, org).MustStatus(t, http.StatusOK)
	// The organiser's offer carries a link of its own.
	var orgKey string
	poll.Until(t, 10*time.Second, "the organiser's offer mailed", func() bool {
		orgKey = otherTransferKey(mailpit, hal.Email, halKey)
		return orgKey != ""
	})
	reg := apitest.Decode(t, acceptTransfer(s, hal, orgKey, nil).MustStatus(t, http.StatusOK))
	if reg["partnerName"] != "Hal Refuse" {
		t.Fatalf("the organiser's transfer after the lock: %v", reg)
	}
}

// otherTransferKey is the key of a transfer link mailed to address other than known, "" for none.
func otherTransferKey(m *mailtest.Mailpit, address, known string) string {
	re := regexp.MustCompile(`/public/registration/transfer\?key=([A-Za-z0-9_-]+)`)
	for _, mail := range m.MailsTo(address) {
		if found := re.FindStringSubmatch(mail.Text); found != nil && found[1] != known {
			return found[1]
		}
	}
	return ""
}

// TestTransferChecksEligibility: the athlete taking the place is checked as a joining athlete
// is (docs/eligibility.md): a refusal names the rule and the field and leaves the place with
// the athlete who holds it; what the leaving athlete gave goes with them.
func TestTransferChecksEligibility(t *testing.T) {
	t.Parallel()
	s, mailpit := apitest.StartWithMail(t)
	r := openRegistration(t, s, nil)
	anna, ben, cy := s.SignUpAthlete("Anna", "Member"), s.SignUpAthlete("Ben", "Member"), s.SignUpAthlete("Cy", "Dee")
	id := confirmedPair(t, s, r, "Member Pair", anna, ben)["id"].(string)
	s.Admin(http.MethodPut, "/api/divisions/"+r.divisionID+"/eligibility", apitest.Obj{"requiresMembership": true}).MustStatus(t, http.StatusOK)
	s.Admin(http.MethodPost, "/api/events/"+r.eventID+"/members/import", apitest.Obj{"csv": "Number,Name,Birth date,Valid until\n" +
		"300,Cy Dee,1995-07-07,2027-12-31\n"}).MustStatus(t, http.StatusOK)

	offerTransfer(s, ben.Token, id, 0, cy.Email).MustStatus(t, http.StatusOK)
	key := transferKey(t, mailpit, cy.Email, "Ben Member offers you a place on team Member Pair")
	if link := apitest.Decode(t, s.Do(http.MethodGet, "/api/registration/transfers/"+key, nil, "").MustStatus(t, http.StatusOK)); link["requiresMembership"] != true {
		t.Fatalf("the link does not say what it asks: %v", link)
	}
	apitest.WantError(t, acceptTransfer(s, cy, key, nil), http.StatusBadRequest, "memberNumber",
		"Membership: this division requires a member number of the federation. The organiser can let you in with an override.")
	apitest.WantError(t, acceptTransfer(s, cy, key, apitest.Obj{"memberNumber": "300", "birthDate": "1995-07-08"}), http.StatusBadRequest, "memberNumber",
		"Membership: member number 300 belongs to another person (name or birth date do not match). The organiser can let you in with an override.")
	if reg := myRegs(t, s, ben); len(reg) != 1 || reg[0]["partnerName"] != "Ben Member" {
		t.Fatalf("a refused acceptance changed the team: %v", reg)
	}
	reg := apitest.Decode(t, acceptTransfer(s, cy, key, apitest.Obj{"memberNumber": "300", "birthDate": "1995-07-07"}).MustStatus(t, http.StatusOK))
	if reg["partnerName"] != "Cy Dee" {
		t.Fatalf("after the transfer: %v", reg)
	}
}

// TestCaptainTransfersARosterPlace: in a team of four the captain offers another athlete's
// place; the newcomer is checked against the division's composition (naming the field) and
// takes the place on the registration and its team's roster.
func TestCaptainTransfersARosterPlace(t *testing.T) {
	t.Parallel()
	s, mailpit := apitest.StartWithMail(t)
	e := openSizeDivision(t, s, "Mixed Four", mixedFour, nil)
	reg, athletes := fullFour(t, s, e)
	ann, cleo := athletes[0], athletes[2]
	id, teamID := reg["id"].(string), reg["teamId"].(string)
	ida := s.SignUpAthlete("Ida", "Four")

	apitest.WantError(t, offerTransfer(s, athletes[1].Token, id, 3, ida.Email), http.StatusForbidden, "",
		"Only the captain offers another athlete's place; you can offer your own")
	offerTransfer(s, ann.Token, id, 3, ida.Email).MustStatus(t, http.StatusOK)
	key := transferKey(t, mailpit, ida.Email, "Cleo Four offers you a place on team Four Square")
	resp := acceptTransfer(s, ida, key, apitest.Obj{"category": "men"})
	if resp.Status != http.StatusBadRequest || !strings.Contains(string(resp.Body), `"field":"category"`) {
		t.Fatalf("a third man in 2 women + 2 men: %d %s", resp.Status, resp.Body)
	}
	reg = apitest.Decode(t, acceptTransfer(s, ida, key, apitest.Obj{"category": "women"}).MustStatus(t, http.StatusOK))
	if placeNames(reg) != "Ann Four, Ben Four, Ida Four, Dan Four" {
		t.Fatalf("places after the transfer: %s", placeNames(reg))
	}
	team := apitest.Decode(t, s.Admin(http.MethodGet, "/api/teams/"+teamID, nil).MustStatus(t, http.StatusOK))
	if place := team["athletes"].([]any)[2].(apitest.Obj); place["name"] != "Ida Four" || place["athleteId"] != ida.ID {
		t.Fatalf("the team's place 3: %v", place)
	}
	if len(myRegs(t, s, cleo)) != 0 {
		t.Fatal("Cleo still sees the team")
	}
	mailpit.WaitFor(cleo.Email, "You are no longer on team Four Square", 10*time.Second)
}

// TestCaptainsTransferMovesTheTeamsClub: the team's club and country are its captain's
// (docs/boards.md, "Club and country are a snapshot"); when the captain's place is transferred,
// the team takes the new captain's, on the team and on the public board's row and filters.
func TestCaptainsTransferMovesTheTeamsClub(t *testing.T) {
	t.Parallel()
	s, mailpit := apitest.StartWithMail(t)
	r := openRegistration(t, s, nil)
	anna, ben, cleo := s.SignUpAthlete("Anna", "Club"), s.SignUpAthlete("Ben", "Club"), s.SignUpAthlete("Cleo", "Club")
	profile := func(a stacktest.Athlete, first, club, country string) {
		s.Do(http.MethodPut, "/api/athlete/profile", apitest.Obj{"firstName": first, "lastName": "Club", "club": club, "country": country},
			a.Token).MustStatus(t, http.StatusOK)
	}
	profile(anna, "Anna", "Box Nord", "NO")
	profile(cleo, "Cleo", "Iron Den", "SE")
	reg := confirmedPair(t, s, r, "Club Pair", anna, ben)
	id, teamID := reg["id"].(string), reg["teamId"].(string)
	r.event.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1))
	r.event.Publish(r.event.Results(eventtest.Fields{"teamId": teamID, "workoutId": r.event.WorkoutID("Fran"), "resultValue": 180})...)
	board := "/api/public/events/" + r.eventID + "/divisions/" + r.divisionID + "/board"
	clubOnBoard := func(query string) (club, country string) {
		resp := s.Do(http.MethodGet, board+query, nil, "")
		if resp.Status != http.StatusOK {
			return "", ""
		}
		rows, _ := apitest.Decode(t, resp)["rows"].([]any)
		if len(rows) != 1 {
			return "", ""
		}
		row := rows[0].(apitest.Obj)
		return fmt.Sprint(row["club"]), fmt.Sprint(row["country"])
	}
	poll.Until(t, 10*time.Second, "the board shows Box Nord", func() bool {
		club, country := clubOnBoard("?club=box%20nord")
		return club == "Box Nord" && country == "NO"
	})

	offerTransfer(s, anna.Token, id, 1, cleo.Email).MustStatus(t, http.StatusOK)
	key := transferKey(t, mailpit, cleo.Email, "Anna Club offers you a place on team Club Pair")
	reg = apitest.Decode(t, acceptTransfer(s, cleo, key, nil).MustStatus(t, http.StatusOK))
	if reg["captainId"] != cleo.ID {
		t.Fatalf("the captain after the transfer: %v", reg)
	}
	team := apitest.Decode(t, s.Admin(http.MethodGet, "/api/teams/"+teamID, nil).MustStatus(t, http.StatusOK))
	if team["club"] != "Iron Den" || team["country"] != "SE" || team["athlete1Name"] != "Cleo Club" {
		t.Fatalf("the team after the captain's transfer: club %v, country %v, athlete 1 %v", team["club"], team["country"], team["athlete1Name"])
	}
	poll.Until(t, 10*time.Second, "the board's row takes Iron Den", func() bool {
		club, country := clubOnBoard("?club=iron%20den&country=se")
		return club == "Iron Den" && country == "SE"
	})
	if club, _ := clubOnBoard("?club=box%20nord"); club != "" {
		t.Fatalf("the old captain's club still filters the team in: %q", club)
	}
	// A later profile edit still moves nothing: the snapshot is taken when the place is taken.
	profile(cleo, "Cleo", "Elsewhere", "DK")
	team = apitest.Decode(t, s.Admin(http.MethodGet, "/api/teams/"+teamID, nil).MustStatus(t, http.StatusOK))
	if team["club"] != "Iron Den" {
		t.Fatalf("a profile edit moved the team's club: %v", team["club"])
	}
}
