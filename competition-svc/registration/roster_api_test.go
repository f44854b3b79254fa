package registration_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	"github.com/podium-dev/podium/internal/eventtest"
)

// Registration by team size (docs/rosters.md, "Registration by size"): an individual registers
// alone, a team of N invites N−1 athletes, the captain changes the roster until the event's
// roster lock and the organiser after it, members leave; every refusal names its field and
// writes nothing.

// sizeEvent is a published event with one division of the roster rule given, open for
// registration (free, 5 places, unless settings say otherwise).
type sizeEvent struct {
	s          *stacktest.Stack
	event      *eventtest.Event
	divisionID string
}

func openSizeDivision(t *testing.T, s *stacktest.Stack, name string, roster, settings apitest.Obj) sizeEvent {
	t.Helper()
	ev := s.Events(t).Event(eventtest.Fields{"name": "Roster Games", "dateFrom": "2026-12-01", "dateTo": "2026-12-02"})
	d := ev.DivisionOf(name, "", roster)
	ev.Transition("publish")
	body := apitest.Obj{"opensAt": time.Now().Add(-time.Hour).UTC().Format(time.RFC3339),
		"closesAt": time.Now().Add(24 * time.Hour).UTC().Format(time.RFC3339), "capacity": 5, "currency": "EUR", "waitlist": true}
	for k, v := range settings {
		body[k] = v
	}
	s.Admin(http.MethodPut, "/api/divisions/"+d.GetId()+"/registration", body).MustStatus(t, http.StatusOK)
	return sizeEvent{s: s, event: ev, divisionID: d.GetId()}
}

// mixedFour is "2 women + 2 men" with one substitute.
var mixedFour = apitest.Obj{"teamSize": 4, "substitutes": 1,
	"composition": []apitest.Obj{{"category": "women", "count": 2}, {"category": "men", "count": 2}}}

func (e sizeEvent) register(a stacktest.Athlete, body apitest.Obj) *stacktest.Response {
	body["divisionId"] = e.divisionID
	return e.s.Do(http.MethodPost, "/api/registration/events/"+e.event.ID+"/registrations", body, a.Token)
}

func acceptAs(s *stacktest.Stack, a stacktest.Athlete, code, category, birthDate string) *stacktest.Response {
	return s.Do(http.MethodPost, "/api/registration/accept", apitest.Obj{"code": code, "category": category, "birthDate": birthDate}, a.Token)
}

func changeRoster(s *stacktest.Stack, token, id string, body apitest.Obj) *stacktest.Response {
	return s.Do(http.MethodPost, "/api/registration/registrations/"+id+"/roster", body, token)
}

// placeNames are a registration's places: names, "-" for an open place.
func placeNames(reg apitest.Obj) string {
	var out []string
	for _, p := range reg["places"].([]any) {
		name, _ := p.(map[string]any)["name"].(string)
		if name == "" {
			name = "-"
		}
		out = append(out, name)
	}
	return strings.Join(out, ", ")
}

// teamRoster is the division's team's roster names.
func teamRoster(t *testing.T, s *stacktest.Stack, divisionID string) string {
	t.Helper()
	teams := apitest.DecodeList(t, s.Admin(http.MethodGet, "/api/teams/by-division/"+divisionID, nil).MustStatus(t, http.StatusOK))
	if len(teams) != 1 {
		t.Fatalf("teams of the division: %v", teams)
	}
	var out []string
	for _, a := range teams[0]["athletes"].([]any) {
		out = append(out, a.(map[string]any)["name"].(string))
	}
	return strings.Join(out, ", ")
}

// fullFour registers a team of four: Ann (captain, women) invites Ben by mail; Cleo and Dan
// take the other places with the share code. It returns the confirmed registration and the
// athletes.
func fullFour(t *testing.T, s *stacktest.Stack, e sizeEvent) (apitest.Obj, []stacktest.Athlete) {
	t.Helper()
	ann, ben, cleo, dan := s.SignUpAthlete("Ann", "Four"), s.SignUpAthlete("Ben", "Four"), s.SignUpAthlete("Cleo", "Four"), s.SignUpAthlete("Dan", "Four")
	reg := apitest.Decode(t, e.register(ann, apitest.Obj{"teamName": "Four Square", "partnerEmails": []string{ben.Email}, "category": "women"}).MustStatus(t, http.StatusOK))
	code := reg["shareCode"].(string)
	acceptAs(s, cleo, code, "women", "").MustStatus(t, http.StatusOK)
	acceptAs(s, ben, code, "men", "").MustStatus(t, http.StatusOK)
	reg = apitest.Decode(t, acceptAs(s, dan, code, "men", "").MustStatus(t, http.StatusOK))
	if reg["state"] != "confirmed" || reg["teamId"] == "" {
		t.Fatalf("a complete team of four: %v", reg)
	}
	return reg, []stacktest.Athlete{ann, ben, cleo, dan}
}

// TestIndividualRegistersAlone: no partner is asked; a free division without approval
// confirms the athlete at once, their team is their roster of one; a partner's address is
// refused naming the field, and nothing is written.
func TestIndividualRegistersAlone(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	e := openSizeDivision(t, s, "Open Individual", apitest.Obj{"teamSize": 1}, nil)
	ivy, jon := s.SignUpAthlete("Ivy", "Solo"), s.SignUpAthlete("Jon", "Solo")
	apitest.WantError(t, e.register(jon, apitest.Obj{"teamName": "Jon Solo", "partnerEmail": ivy.Email}), http.StatusBadRequest, "partnerEmail",
		"An individual registers alone: there is no partner to invite")
	if n := s.Rows(t, "competition.registrations", "division_id = $1", e.divisionID); n != 0 {
		t.Fatalf("a refused registration was written: %d", n)
	}
	reg := apitest.Decode(t, e.register(ivy, apitest.Obj{"teamName": "Ivy Solo"}).MustStatus(t, http.StatusOK))
	if reg["state"] != "confirmed" || reg["teamId"] == "" || reg["shareCode"] != "" || placeNames(reg) != "Ivy Solo" {
		t.Fatalf("an individual: %v", reg)
	}
	if got := teamRoster(t, s, e.divisionID); got != "Ivy Solo" {
		t.Fatalf("the individual's team: %s", got)
	}
}

// TestTeamOfFourTakesItsPlaces: the captain invites one address and leaves the other places to
// the share code; each athlete takes the next open place with their category; a category
// beyond the composition, a birth date outside the age range, a place reserved for another
// address and a full team are refused naming the field, with nothing written; the team is
// confirmed when complete, its roster carrying every athlete.
func TestTeamOfFourTakesItsPlaces(t *testing.T) {
	t.Parallel()
	s, mailpit := apitest.StartWithMail(t)
	rule := apitest.Obj{"teamSize": 4, "substitutes": 1, "ageMin": 18, "ageOn": "2026-12-01",
		"composition": []apitest.Obj{{"category": "women", "count": 2}, {"category": "men", "count": 2}}}
	e := openSizeDivision(t, s, "Mixed Four", rule, nil)
	ann, ben, cleo, dora, dan, eve := s.SignUpAthlete("Ann", "Mix"), s.SignUpAthlete("Ben", "Mix"), s.SignUpAthlete("Cleo", "Mix"),
		s.SignUpAthlete("Dora", "Mix"), s.SignUpAthlete("Dan", "Mix"), s.SignUpAthlete("Eve", "Mix")

	apitest.WantError(t, e.register(ann, apitest.Obj{"teamName": "Mixers", "category": "women"}), http.StatusBadRequest, "birthDate",
		"Birth date is required: this division is for ages 18 and over on 2026-12-01")
	apitest.WantError(t, e.register(ann, apitest.Obj{"teamName": "Mixers", "category": "kids", "birthDate": "1990-01-01"}), http.StatusBadRequest, "category",
		"Category must be one of women, men")
	apitest.WantError(t, e.register(ann, apitest.Obj{"teamName": "Mixers", "category": "women", "birthDate": "1990-01-01",
		"partnerEmails": []string{ben.Email, cleo.Email, dan.Email, eve.Email}}), http.StatusBadRequest, "partnerEmails",
		"A team in Mixed Four invites at most 3 athletes")
	if n := s.Rows(t, "competition.registrations", "division_id = $1", e.divisionID); n != 0 {
		t.Fatalf("refused registrations were written: %d", n)
	}
	reg := apitest.Decode(t, e.register(ann, apitest.Obj{"teamName": "Mixers", "category": "women", "birthDate": "1990-01-01",
		"partnerEmails": []string{ben.Email}}).MustStatus(t, http.StatusOK))
	if reg["state"] != "waiting_partner" || placeNames(reg) != "Ann Mix, -, -, -" || reg["teamSize"] != 4.0 {
		t.Fatalf("registered: %v", reg)
	}
	code := reg["shareCode"].(string)
	if mail := mailpit.WaitFor(ben.Email, "Ann Mix invites you to team Mixers", 10*time.Second); !strings.Contains(mail.Text, code) {
		t.Fatalf("invitation: %q", mail.Text)
	}

	reg = apitest.Decode(t, acceptAs(s, cleo, code, "women", "1995-05-05").MustStatus(t, http.StatusOK))
	if placeNames(reg) != "Ann Mix, -, Cleo Mix, -" {
		t.Fatalf("cleo takes the first place not reserved: %s", placeNames(reg))
	}
	places := s.Rows(t, "competition.registration_places", "registration_id = $1 AND athlete_id IS NOT NULL", reg["id"])
	apitest.WantError(t, acceptAs(s, dora, code, "women", "1995-05-05"), http.StatusBadRequest, "category",
		"The team has 3 women; Mixed Four asks for 2 women + 2 men")
	apitest.WantError(t, acceptAs(s, dan, code, "men", "2010-01-01"), http.StatusBadRequest, "birthDate",
		"Dan Mix is 16 on 2026-12-01; this division is for ages 18 and over")
	if n := s.Rows(t, "competition.registration_places", "registration_id = $1 AND athlete_id IS NOT NULL", reg["id"]); n != places {
		t.Fatalf("a refused acceptance took a place: %d", n)
	}
	acceptAs(s, dan, code, "men", "1990-02-02").MustStatus(t, http.StatusOK)
	// The last open place is Ben's: anyone else with the share code is refused.
	apitest.WantError(t, acceptAs(s, eve, code, "men", "1990-02-02"), http.StatusForbidden, "",
		"This invitation was sent to another email address: sign in with the address it was sent to")
	reg = apitest.Decode(t, acceptAs(s, ben, code, "men", "1991-03-03").MustStatus(t, http.StatusOK))
	if reg["state"] != "confirmed" || placeNames(reg) != "Ann Mix, Ben Mix, Cleo Mix, Dan Mix" || reg["shareCode"] != "" {
		t.Fatalf("complete: %v", reg)
	}
	mailpit.WaitFor(ann.Email, "Ben Mix joined team Mixers", 10*time.Second)
	if got := teamRoster(t, s, e.divisionID); got != "Ann Mix, Ben Mix, Cleo Mix, Dan Mix" {
		t.Fatalf("the team's roster: %s", got)
	}
	if n := s.Rows(t, "competition.team_athletes", "athlete_id IS NOT NULL AND team_id = $1", reg["teamId"]); n != 4 {
		t.Fatalf("the roster's accounts: %d of 4", n)
	}
	apitest.WantError(t, acceptAs(s, eve, code, "men", "1990-02-02"), http.StatusConflict, "code", "Team Mixers has no open place left")
	// Every athlete of the team sees it.
	if mine := apitest.DecodeList(t, s.Do(http.MethodGet, "/api/registration/mine", nil, dan.Token).MustStatus(t, http.StatusOK)); len(mine) != 1 {
		t.Fatalf("dan's registrations: %v", mine)
	}
}

// TestCaptainChangesRosterUntilTheLock: before the event's roster lock the captain renames the
// team, swaps an athlete (who is mailed and freed) and adds and removes a substitute; after
// it the captain is refused naming the field and the organiser changes it, the activity
// saying who.
func TestCaptainChangesRosterUntilTheLock(t *testing.T) {
	t.Parallel()
	s, mailpit := apitest.StartWithMail(t)
	e := openSizeDivision(t, s, "Mixed Four", mixedFour, nil)
	reg, team := fullFour(t, s, e)
	ann, dan := team[0], team[3]
	id := reg["id"].(string)

	// Places 2 to 4 are Ben (his address reserved place 2), Cleo and Dan.
	reg = apitest.Decode(t, changeRoster(s, ann.Token, id, apitest.Obj{"teamName": "Square Four", "athletes": []apitest.Obj{
		{"position": 2, "name": "Ben Four", "category": "men"}, {"position": 3, "name": "Cleo Four", "category": "women"},
		{"position": 4, "name": "Finn Typed", "category": "men"}, {"name": "Sam Sub", "category": "men", "substitute": true},
	}}).MustStatus(t, http.StatusOK))
	if reg["teamName"] != "Square Four" || placeNames(reg) != "Ann Four, Ben Four, Cleo Four, Finn Typed, Sam Sub" {
		t.Fatalf("changed: %v %s", reg["teamName"], placeNames(reg))
	}
	if got := teamRoster(t, s, e.divisionID); got != "Ann Four, Ben Four, Cleo Four, Finn Typed, Sam Sub" {
		t.Fatalf("the team's roster: %s", got)
	}
	if mail := mailpit.WaitFor(dan.Email, "You are no longer on team Square Four", 10*time.Second); !strings.Contains(mail.Text, "captain Ann Four") {
		t.Fatalf("the swapped-out athlete's mail: %q", mail.Text)
	}
	if mine := apitest.DecodeList(t, s.Do(http.MethodGet, "/api/registration/mine", nil, dan.Token).MustStatus(t, http.StatusOK)); len(mine) != 0 {
		t.Fatalf("dan still sees the team: %v", mine)
	}
	if n := s.Rows(t, "competition.registration_athletes", "registration_id = $1", id); n != 3 {
		t.Fatalf("athletes held by the registration: %d, want 3 accounts", n)
	}
	// The substitute goes again.
	reg = apitest.Decode(t, changeRoster(s, ann.Token, id, apitest.Obj{"athletes": []apitest.Obj{
		{"position": 2, "name": "Ben Four", "category": "men"}, {"position": 3, "name": "Cleo Four", "category": "women"},
		{"position": 4, "name": "Finn Typed", "category": "men"},
	}}).MustStatus(t, http.StatusOK))
	if placeNames(reg) != "Ann Four, Ben Four, Cleo Four, Finn Typed" {
		t.Fatalf("substitute removed: %s", placeNames(reg))
	}

	// The lock passed: the captain is refused, the organiser is not.
	s.Admin(http.MethodPut, "/api/events/"+e.event.ID, apitest.Obj{"name": "Roster Games", "dateFrom": "2026-12-01", "dateTo": "2026-12-02",
		"rosterLockAt": time.Now().Add(-time.Minute).UTC().Format(time.RFC3339)}).MustStatus(t, http.StatusOK)
	swap := apitest.Obj{"athletes": []apitest.Obj{{"position": 2, "name": "Ben Four", "category": "men"},
		{"position": 3, "name": "Cleo Four", "category": "women"}, {"position": 4, "name": "Gus Late", "category": "men"}}}
	for field, body := range map[string]apitest.Obj{"athletes": swap, "teamName": {"teamName": "Late Name"}} {
		resp := changeRoster(s, ann.Token, id, body)
		if msg := resp.Message(); resp.Status != http.StatusConflict || !strings.HasPrefix(msg, "The rosters of Roster Games locked on ") ||
			!strings.HasSuffix(msg, ": only an organiser can change them now") || !strings.Contains(string(resp.Body), `"field":"`+field+`"`) {
			t.Fatalf("the captain's %s after the lock: %d %s", field, resp.Status, resp.Body)
		}
	}
	mine := apitest.DecodeList(t, s.Do(http.MethodGet, "/api/registration/mine", nil, ann.Token).MustStatus(t, http.StatusOK))
	if mine[0]["rosterLocked"] != true || placeNames(mine[0]) != "Ann Four, Ben Four, Cleo Four, Finn Typed" {
		t.Fatalf("after a refused change: %v", mine[0])
	}
	reg = apitest.Decode(t, s.Admin(http.MethodPost, "/api/registrations/"+id+"/roster", swap).MustStatus(t, http.StatusOK))
	if placeNames(reg) != "Ann Four, Ben Four, Cleo Four, Gus Late" {
		t.Fatalf("the organiser's change: %s", placeNames(reg))
	}
	feed := string(s.Admin(http.MethodGet, "/api/events/"+e.event.ID+"/activity", nil).MustStatus(t, http.StatusOK).Body)
	for _, want := range []string{"Finn Typed swapped for Gus Late (place 4), by organiser " + s.AdminUsername,
		"Dan Four swapped for Finn Typed (place 4); Sam Sub added as a substitute, by captain Ann Four"} {
		if !strings.Contains(feed, want) {
			t.Errorf("the activity does not say %q", want)
		}
	}
}

// TestRosterRulesRefuseChanges: a starting athlete added beyond the size, more substitutes
// than allowed, a composition not met, an athlete already on another team of the division (by
// name and birth date) and a birth date outside the age range are each refused naming the
// field, and nothing is written.
func TestRosterRulesRefuseChanges(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	rule := apitest.Obj{"teamSize": 4, "substitutes": 1, "ageMax": 39, "ageOn": "2026-12-01",
		"composition": []apitest.Obj{{"category": "women", "count": 2}, {"category": "men", "count": 2}}}
	e := openSizeDivision(t, s, "Mixed Four", rule, nil)
	// A team added by hand, with Hal Hand born 1990-01-01.
	s.Admin(http.MethodPost, "/api/teams", apitest.Obj{"name": "By Hand", "divisionId": e.divisionID, "athletes": []apitest.Obj{
		{"name": "Hal Hand", "category": "men", "birthDate": "1990-01-01"}}}).MustStatus(t, http.StatusOK)
	ann := s.SignUpAthlete("Ann", "Rule")
	reg := apitest.Decode(t, e.register(ann, apitest.Obj{"teamName": "Rulers", "category": "women", "birthDate": "1990-01-01"}).MustStatus(t, http.StatusOK))
	code, id := reg["shareCode"].(string), reg["id"].(string)
	ben, cleo := s.SignUpAthlete("Ben", "Rule"), s.SignUpAthlete("Cleo", "Rule")
	acceptAs(s, ben, code, "men", "1991-01-01").MustStatus(t, http.StatusOK)
	acceptAs(s, cleo, code, "women", "1992-01-01").MustStatus(t, http.StatusOK)
	ben2, cleo3 := apitest.Obj{"position": 2, "name": "Ben Rule", "category": "men"}, apitest.Obj{"position": 3, "name": "Cleo Rule", "category": "women"}
	for _, c := range []struct {
		athletes       []apitest.Obj
		field, message string
	}{
		{[]apitest.Obj{ben2, cleo3, {"name": "Extra", "category": "men", "birthDate": "1990-01-01"}}, "athletes[2].substitute",
			"A new athlete is a substitute: a starting place is swapped"},
		{[]apitest.Obj{ben2, cleo3, {"name": "Sub One", "category": "men", "birthDate": "1990-01-01", "substitute": true},
			{"name": "Sub Two", "category": "men", "birthDate": "1990-01-01", "substitute": true}}, "athletes", "A team in Mixed Four has at most 1 substitute"},
		{[]apitest.Obj{{"position": 2, "name": "Wanda Swap", "category": "women", "birthDate": "1990-01-01"}, cleo3}, "athletes",
			"The team has 3 women; Mixed Four asks for 2 women + 2 men"},
		{[]apitest.Obj{cleo3}, "athletes", "Place 2 (Ben Rule) is missing: a starting athlete is swapped, not removed"},
		{[]apitest.Obj{{"position": 2, "name": "Hal Hand", "category": "men", "birthDate": "1990-01-01"}, cleo3}, "athletes[0].name",
			"Hal Hand is already on team By Hand in this division"},
		{[]apitest.Obj{{"position": 2, "name": "Old Timer", "category": "men", "birthDate": "1980-01-01"}, cleo3}, "athletes[0].birthDate",
			"Old Timer is 46 on 2026-12-01; this division is for ages up to 39"},
		{[]apitest.Obj{ben2, cleo3, {"position": 4, "name": "Nobody", "category": "men"}}, "athletes[2].position",
			"Place 4 is open: its athlete joins with the share code"},
	} {
		apitest.WantError(t, changeRoster(s, ann.Token, id, apitest.Obj{"athletes": c.athletes}), http.StatusBadRequest, c.field, c.message)
	}
	mine := apitest.DecodeList(t, s.Do(http.MethodGet, "/api/registration/mine", nil, ann.Token).MustStatus(t, http.StatusOK))
	if placeNames(mine[0]) != "Ann Rule, Ben Rule, Cleo Rule, -" {
		t.Fatalf("a refused change was written: %s", placeNames(mine[0]))
	}
	if n := s.Rows(t, "competition.registration_athletes", "registration_id = $1", id); n != 3 {
		t.Fatalf("accounts held: %d, want 3", n)
	}
}

// TestOnlyTheCaptainChangesMembersLeave: a member's change and withdrawal are refused, another
// athlete does not find the registration; a member leaves: their place opens, the team waits
// for an athlete again and the captain is mailed; the captain cannot leave. An organiser
// confirms an incomplete roster by hand and the team is made from it.
func TestOnlyTheCaptainChangesMembersLeave(t *testing.T) {
	t.Parallel()
	s, mailpit := apitest.StartWithMail(t)
	e := openSizeDivision(t, s, "Mixed Four", mixedFour, nil)
	reg, team := fullFour(t, s, e)
	ann, ben, stranger := team[0], team[1], s.SignUpAthlete("Stan", "Ger")
	id := reg["id"].(string)
	rename := apitest.Obj{"teamName": "Ben's Team"}
	apitest.WantError(t, changeRoster(s, ben.Token, id, rename), http.StatusForbidden, "", "Only the team's captain changes its roster; you can leave the team")
	apitest.WantError(t, changeRoster(s, stranger.Token, id, rename), http.StatusNotFound, "", "Registration not found")
	apitest.WantError(t, s.Do(http.MethodPost, "/api/registration/registrations/"+id+"/withdraw", nil, ben.Token), http.StatusForbidden, "",
		"Only the captain withdraws the team; you can leave it")
	apitest.WantError(t, s.Do(http.MethodPost, "/api/registration/registrations/"+id+"/leave", nil, ann.Token), http.StatusConflict, "",
		"The captain cannot leave the team: withdraw it instead")
	apitest.WantError(t, s.Do(http.MethodPost, "/api/registration/registrations/"+id+"/leave", nil, stranger.Token), http.StatusNotFound, "",
		"Registration not found")

	reg = apitest.Decode(t, s.Do(http.MethodPost, "/api/registration/registrations/"+id+"/leave", nil, ben.Token).MustStatus(t, http.StatusOK))
	if reg["state"] != "waiting_partner" || placeNames(reg) != "Ann Four, -, Cleo Four, Dan Four" || reg["shareCode"] == "" {
		t.Fatalf("after ben left: %v", reg)
	}
	mailpit.WaitFor(ann.Email, "Ben Four left team Four Square", 10*time.Second)
	if got := teamRoster(t, s, e.divisionID); got != "Ann Four, Cleo Four, Dan Four" {
		t.Fatalf("the team's roster: %s", got)
	}
	if mine := apitest.DecodeList(t, s.Do(http.MethodGet, "/api/registration/mine", nil, ben.Token).MustStatus(t, http.StatusOK)); len(mine) != 0 {
		t.Fatalf("ben still sees the team: %v", mine)
	}

	reg = apitest.Decode(t, s.Admin(http.MethodPost, "/api/registrations/"+id+"/confirm-roster", nil).MustStatus(t, http.StatusOK))
	if reg["state"] != "confirmed" || reg["rosterConfirmedBy"] != s.AdminUsername {
		t.Fatalf("confirmed by hand: %v", reg)
	}
	apitest.WantError(t, s.Admin(http.MethodPost, "/api/registrations/"+id+"/confirm-roster", nil), http.StatusConflict, "",
		"The roster of team Four Square was already confirmed by "+s.AdminUsername)
}

// TestEventKeepsItsRosterLock: the organiser sets the event's roster lock and reads it back; a
// time that is none is refused naming the field, and an empty one clears it.
func TestEventKeepsItsRosterLock(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	e := openSizeDivision(t, s, "Open Individual", apitest.Obj{"teamSize": 1}, nil)
	body := func(lock string) apitest.Obj {
		return apitest.Obj{"name": "Roster Games", "dateFrom": "2026-12-01", "dateTo": "2026-12-02", "rosterLockAt": lock}
	}
	apitest.WantError(t, s.Admin(http.MethodPut, "/api/events/"+e.event.ID, body("soon")), http.StatusBadRequest, "rosterLockAt",
		"Roster lock must be a date and time (RFC 3339), or empty for never")
	got := apitest.Decode(t, s.Admin(http.MethodPut, "/api/events/"+e.event.ID, body("2026-11-30T18:00:00Z")).MustStatus(t, http.StatusOK))
	if got["rosterLockAt"] != "2026-11-30T18:00:00Z" {
		t.Fatalf("rosterLockAt: %v", got["rosterLockAt"])
	}
	got = apitest.Decode(t, s.Admin(http.MethodPut, "/api/events/"+e.event.ID, body("")).MustStatus(t, http.StatusOK))
	if got["rosterLockAt"] != "" {
		t.Fatalf("cleared: %v", got["rosterLockAt"])
	}
}
