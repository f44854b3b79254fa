package waivers_test

import (
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	"github.com/podium-dev/podium/internal/poll"
)

// TestWaiverFromTextToTheDoor: the organiser writes the waiver, adults accept it (full name,
// time, address and version stored), a minor's guardian accepts by the mailed link (once, and
// not after the event), a new version asks again only those who have not accepted it, the
// registrations filter and export by "waiver missing", check-in refuses a team whose waiver is
// missing, and the kiosk signs on the spot. Every refusal names its field and changes nothing.
func TestWaiverFromTextToTheDoor(t *testing.T) {
	t.Parallel()
	s, mailpit, clock := apitest.MailStackAt(t, today)
	e := newWaiverEvent(t, s)
	anna, ben := apitest.Athlete(t, s, "Anna", "Adult", 1990), apitest.Athlete(t, s, "Ben", "Noyear", 0)
	mia, max := apitest.Athlete(t, s, "Mia", "Minor", 2010), apitest.Athlete(t, s, "Max", "Major", 1988)
	adultTeam := e.pair(t, "Adult Pair", anna, ben)
	youngTeam := e.pair(t, "Young Pair", mia, max)
	waiver := "/api/events/" + e.ID + "/waiver"
	mine := func(a stacktest.Athlete) string { return "/api/waivers/mine/" + e.ID }

	// Without a waiver nobody is asked: the door lets every team in.
	if got := apitest.Decode(t, s.Do(http.MethodGet, mine(anna), nil, anna.Token).MustStatus(t, http.StatusOK)); got["state"].(apitest.Obj)["state"] != "not_required" {
		t.Fatalf("no waiver yet: %v", got)
	}

	// The organiser's text: refused when blank, by an athlete or another event's organiser.
	apitest.WantError(t, s.Do(http.MethodPut, waiver, apitest.Obj{"body": "  "}, e.Organiser), http.StatusBadRequest, "body", "Waiver text is required")
	apitest.WantError(t, s.Do(http.MethodPut, waiver, apitest.Obj{"body": strings.Repeat("x", 20001)}, e.Organiser), http.StatusBadRequest, "body",
		"Waiver text must not exceed 20000 characters")
	s.Do(http.MethodPut, waiver, apitest.Obj{"body": "x"}, anna.Token).MustStatus(t, http.StatusForbidden)
	if r := s.Do(http.MethodPut, waiver, apitest.Obj{"body": "x"}, e.OtherEventOrganiser); r.Status != http.StatusForbidden && r.Status != http.StatusNotFound {
		t.Fatalf("another event's organiser wrote the waiver: %d %s", r.Status, r.Body)
	}
	s.Do(http.MethodPut, waiver, apitest.Obj{"body": "x"}, e.Scorer).MustStatus(t, http.StatusForbidden)
	if n := stacktest.QueryRow[int](t, s, `SELECT count(*) FROM competition.waivers`); n != 0 {
		t.Fatalf("refused texts left %d versions", n)
	}
	v1 := apitest.Decode(t, s.Do(http.MethodPut, waiver, apitest.Obj{"body": "# Waiver\n\nI take part **at my own risk**."}, e.Organiser).MustStatus(t, http.StatusOK))
	if v1["version"] != float64(1) {
		t.Fatalf("first version: %v", v1)
	}
	if same := apitest.Decode(t, s.Do(http.MethodPut, waiver, apitest.Obj{"body": "# Waiver\n\nI take part **at my own risk**.\n"}, e.Organiser).MustStatus(t, http.StatusOK)); same["version"] != float64(1) {
		t.Fatalf("the same text made a version: %v", same)
	}

	// Adults accept; bad input names the field.
	accept := func(a stacktest.Athlete, body apitest.Obj) *stacktest.Response {
		return s.Do(http.MethodPost, mine(a)+"/accept", body, a.Token)
	}
	apitest.WantError(t, accept(anna, apitest.Obj{"version": 2, "fullName": "Anna Adult"}), http.StatusBadRequest, "version",
		"This acceptance is for version 2 of the waiver, but the current version is 1: read the current waiver and accept it")
	apitest.WantError(t, accept(anna, apitest.Obj{"version": 1, "fullName": " "}), http.StatusBadRequest, "fullName", "Type your full name to accept the waiver")
	apitest.WantError(t, accept(ben, apitest.Obj{"version": 1, "fullName": "Ben Noyear"}), http.StatusBadRequest, "birthDate",
		"Your birth date is needed to know whether you are 18 on the event date")
	apitest.WantError(t, accept(ben, apitest.Obj{"version": 1, "fullName": "Ben Noyear", "birthDate": "31.05.1990"}), http.StatusBadRequest, "birthDate",
		"Birth date must be a date like 2008-05-31")
	apitest.WantError(t, accept(anna, apitest.Obj{"version": 1, "fullName": "Anna Adult", "birthDate": "1991-01-01"}), http.StatusBadRequest, "birthDate",
		"The birth date's year does not match the birth year of the profile (1990)")
	if n := stacktest.QueryRow[int](t, s, `SELECT count(*) FROM competition.waiver_acceptances`); n != 0 {
		t.Fatalf("refused acceptances left %d rows", n)
	}
	got := apitest.Decode(t, accept(anna, apitest.Obj{"version": 1, "fullName": "Anna Adult"}).MustStatus(t, http.StatusOK))
	if st := got["state"].(apitest.Obj); st["state"] != "accepted" || st["acceptedVersion"] != float64(1) || st["fullName"] != "Anna Adult" || got["minor"] == true {
		t.Fatalf("anna accepted: %v", got)
	}
	apitest.WantError(t, accept(anna, apitest.Obj{"version": 1, "fullName": "Anna Adult"}), http.StatusConflict, "version", "You have already accepted this version of the waiver")
	apitest.Decode(t, accept(ben, apitest.Obj{"version": 1, "fullName": "Ben Noyear", "birthDate": "1995-03-01"}).MustStatus(t, http.StatusOK))
	if ip := stacktest.QueryRow[string](t, s, `SELECT ip FROM competition.waiver_acceptances WHERE full_name = 'Anna Adult'`); ip == "" {
		t.Error("the acceptance has no address")
	}

	// Only athletes of the event's registrations, each their own.
	apitest.WantError(t, s.Do(http.MethodGet, mine(anna), nil, apitest.Athlete(t, s, "Zed", "Stranger", 1990).Token), http.StatusNotFound, "", "You have no registration for this event")
	s.Do(http.MethodGet, mine(anna), nil, e.Organiser).MustStatus(t, http.StatusForbidden)

	// A minor: the guardian's address is needed, then the link is mailed (not to the minor).
	apitest.WantError(t, accept(mia, apitest.Obj{"version": 1, "fullName": "Mia Minor"}), http.StatusBadRequest, "guardianEmail",
		"You are under 18 on the event date: give your guardian's email address, we mail them the waiver to accept")
	apitest.WantError(t, accept(mia, apitest.Obj{"version": 1, "fullName": "Mia Minor", "guardianEmail": mia.Email}), http.StatusBadRequest, "guardianEmail",
		"Your guardian's email address must not be your own")
	got = apitest.Decode(t, accept(mia, apitest.Obj{"version": 1, "fullName": "Mia Minor", "guardianEmail": "parent@example.com"}).MustStatus(t, http.StatusOK))
	if got["state"].(apitest.Obj)["state"] != "guardian_pending" || got["minor"] != true || got["guardianEmail"] != "parent@example.com" {
		t.Fatalf("mia asked her guardian: %v", got)
	}
	key := guardianKey(t, mailpit, "parent@example.com")

	// The registrations filter and export by "waiver missing": Young Pair (Mia waits, Max has not).
	list := apitest.Decode(t, s.Do(http.MethodGet, "/api/events/"+e.ID+"/registrations?waiverMissing=true", nil, e.Organiser).MustStatus(t, http.StatusOK))
	if regs := list["registrations"].([]any); len(regs) != 1 || regs[0].(apitest.Obj)["teamName"] != "Young Pair" {
		t.Fatalf("waiver missing: %v", regs)
	}
	csv := string(s.Do(http.MethodGet, "/api/events/"+e.ID+"/registrations.csv?waiverMissing=true", nil, e.Organiser).MustStatus(t, http.StatusOK).Body)
	if !strings.Contains(csv, "Young Pair") || strings.Contains(csv, "Adult Pair") || !strings.Contains(csv, ",missing") {
		t.Fatalf("export of waiver missing: %q", csv)
	}

	// The door: a team with a missing waiver is not marked present, with the names.
	checkIn := func(team string) *stacktest.Response {
		return s.Do(http.MethodPut, "/api/events/"+e.ID+"/check-in/"+team, apitest.Obj{"present": true}, e.Scorer)
	}
	apitest.WantError(t, checkIn(youngTeam), http.StatusConflict, "",
		"Not marked present: Mia Minor and Max Major have not accepted the waiver yet. Sign it on the kiosk first.")
	checkIn(adultTeam).MustStatus(t, http.StatusOK)

	// The guardian reads and accepts for the minor, once.
	link := "/api/waivers/guardian/" + key
	opened := apitest.Decode(t, s.Do(http.MethodGet, link, nil, "").MustStatus(t, http.StatusOK))
	if opened["athleteName"] != "Mia Minor" || opened["waiver"].(apitest.Obj)["version"] != float64(1) || opened["eventName"] != "Waiver Games" {
		t.Fatalf("the guardian's link: %v", opened)
	}
	apitest.WantError(t, s.Do(http.MethodPost, link+"/accept", apitest.Obj{"version": 1}, ""), http.StatusBadRequest, "fullName", "Type the guardian's full name to accept the waiver")
	apitest.WantError(t, s.Do(http.MethodPost, link+"/accept", apitest.Obj{"version": 3, "fullName": "Paula Parent"}, ""), http.StatusBadRequest, "version",
		"This acceptance is for version 3 of the waiver, but the current version is 1: read the current waiver and accept it")
	// Two tabs at once: one wins, the other is told the link is used.
	answers := make([]*stacktest.Response, 2)
	var wg sync.WaitGroup
	for i := range answers {
		wg.Go(func() {
			answers[i] = s.Do(http.MethodPost, link+"/accept", apitest.Obj{"version": 1, "fullName": "Paula Parent"}, "")
		})
	}
	wg.Wait()
	if answers[0].Status == answers[1].Status || answers[0].Status+answers[1].Status != http.StatusOK+http.StatusConflict {
		t.Fatalf("two tabs: %d %s and %d %s", answers[0].Status, answers[0].Body, answers[1].Status, answers[1].Body)
	}
	if n := stacktest.QueryRow[int](t, s, `SELECT count(*) FROM competition.waiver_acceptances WHERE athlete_id = $1`, mia.ID); n != 1 {
		t.Fatalf("%d acceptances of the minor", n)
	}
	apitest.WantError(t, s.Do(http.MethodPost, link+"/accept", apitest.Obj{"version": 1, "fullName": "Paula Parent"}, ""), http.StatusConflict, "", "This guardian link has already been used")
	apitest.WantError(t, s.Do(http.MethodGet, "/api/waivers/guardian/not-a-key", nil, ""), http.StatusNotFound, "", "This guardian link is not valid")
	st := apitest.Decode(t, s.Do(http.MethodGet, mine(mia), nil, mia.Token).MustStatus(t, http.StatusOK))["state"].(apitest.Obj)
	if st["state"] != "accepted" || st["guardian"] != true || st["fullName"] != "Paula Parent" || st["via"] != "guardian" {
		t.Fatalf("mia after her guardian: %v", st)
	}

	// A new version asks again: the adults' v1 no longer lets a team in.
	apitest.Decode(t, s.Do(http.MethodPut, waiver, apitest.Obj{"body": "# Waiver\n\nVersion two."}, e.Organiser).MustStatus(t, http.StatusOK))
	states := apitest.Decode(t, s.Do(http.MethodGet, "/api/events/"+e.ID+"/waivers", nil, e.Scorer).MustStatus(t, http.StatusOK))
	byName := map[string]apitest.Obj{}
	for _, a := range states["athletes"].([]any) {
		byName[a.(apitest.Obj)["athleteName"].(string)] = a.(apitest.Obj)
	}
	if states["currentVersion"] != float64(2) || len(byName) != 4 || byName["Anna Adult"]["state"] != "outdated" ||
		byName["Max Major"]["state"] != "missing" || byName["Anna Adult"]["stateLabel"] != "Waiver missing: version 1 accepted, version 2 is current" {
		t.Fatalf("states after version 2: %v", states)
	}
	s.Do(http.MethodGet, "/api/events/"+e.ID+"/waivers", nil, anna.Token).MustStatus(t, http.StatusForbidden)

	// The kiosk at the door: staff hand it over, the athlete types their name; a minor's
	// guardian signs in person.
	kiosk := func(token string, body apitest.Obj) *stacktest.Response {
		return s.Do(http.MethodPost, "/api/events/"+e.ID+"/waivers/kiosk", body, token)
	}
	kiosk(anna.Token, apitest.Obj{"athleteId": max.ID, "version": 2, "fullName": "Max Major"}).MustStatus(t, http.StatusForbidden)
	apitest.WantError(t, kiosk(e.Scorer, apitest.Obj{"athleteId": mia.ID, "version": 2, "fullName": "Mia Minor"}), http.StatusBadRequest, "guardian",
		`This athlete is under 18 on the event date: their guardian signs (tick "Guardian signs" and type the guardian's full name)`)
	apitest.WantError(t, kiosk(e.Scorer, apitest.Obj{"athleteId": max.ID, "version": 1, "fullName": "Max Major"}), http.StatusBadRequest, "version",
		"This acceptance is for version 1 of the waiver, but the current version is 2: read the current waiver and accept it")
	apitest.WantError(t, kiosk(e.Scorer, apitest.Obj{"athleteId": "00000000-0000-4000-8000-000000000000", "version": 2, "fullName": "X Y"}), http.StatusNotFound, "",
		"This athlete has no registration for this event")
	if got := apitest.Decode(t, kiosk(e.Scorer, apitest.Obj{"athleteId": max.ID, "version": 2, "fullName": "Max Major"}).MustStatus(t, http.StatusOK)); got["state"] != "accepted" || got["via"] != "kiosk" {
		t.Fatalf("max at the kiosk: %v", got)
	}
	apitest.Decode(t, kiosk(e.Scorer, apitest.Obj{"athleteId": mia.ID, "version": 2, "fullName": "Paula Parent", "guardian": true}).MustStatus(t, http.StatusOK))
	checkIn(youngTeam).MustStatus(t, http.StatusOK)

	// A guardian link is refused after the event.
	apitest.Decode(t, accept(anna, apitest.Obj{"version": 2, "fullName": "Anna Adult"}).MustStatus(t, http.StatusOK))
	s.Do(http.MethodPut, waiver, apitest.Obj{"body": "Version three."}, e.Organiser).MustStatus(t, http.StatusOK)
	apitest.Decode(t, accept(mia, apitest.Obj{"version": 3, "fullName": "Mia Minor", "guardianEmail": "parent2@example.com"}).MustStatus(t, http.StatusOK))
	late := guardianKey(t, mailpit, "parent2@example.com")
	clock.Set(time.Date(2026, 12, 6, 0, 0, 1, 0, time.UTC))
	apitest.WantError(t, s.Do(http.MethodGet, "/api/waivers/guardian/"+late, nil, ""), http.StatusConflict, "", "This guardian link has expired: the event is over")
	apitest.WantError(t, s.Do(http.MethodPost, "/api/waivers/guardian/"+late+"/accept", apitest.Obj{"version": 3, "fullName": "Paula Parent"}, ""),
		http.StatusConflict, "", "This guardian link has expired: the event is over")
}

// TestDeletedAthleteLeavesTheWaivers: an athlete who deletes their account leaves no name or
// address in the waivers (their acceptance keeps its version and time); their guardian's links go.
func TestDeletedAthleteLeavesTheWaivers(t *testing.T) {
	t.Parallel()
	s, mailpit, _ := apitest.MailStackAt(t, today)
	e := newWaiverEvent(t, s)
	ann, kid := apitest.Athlete(t, s, "Ann", "Gone", 1990), apitest.Athlete(t, s, "Kid", "Gone", 2011)
	e.pair(t, "Gone Pair", ann, kid)
	s.Do(http.MethodPut, "/api/events/"+e.ID+"/waiver", apitest.Obj{"body": "Risk."}, e.Organiser).MustStatus(t, http.StatusOK)
	s.Do(http.MethodPost, "/api/waivers/mine/"+e.ID+"/accept", apitest.Obj{"version": 1, "fullName": "Ann Gone"}, ann.Token).MustStatus(t, http.StatusOK)
	s.Do(http.MethodPost, "/api/waivers/mine/"+e.ID+"/accept", apitest.Obj{"version": 1, "fullName": "Kid Gone", "guardianEmail": "pa@example.com"}, kid.Token).
		MustStatus(t, http.StatusOK)
	guardianKey(t, mailpit, "pa@example.com")

	for _, a := range []stacktest.Athlete{ann, kid} {
		s.Do(http.MethodPost, "/api/athlete/account/delete", apitest.Obj{"password": stacktest.AthletePassword}, a.Token).MustStatus(t, http.StatusOK)
	}
	poll.Until(t, 30*time.Second, "the waivers erased", func() bool {
		return stacktest.QueryRow[int](t, s, `SELECT count(*) FROM competition.waiver_guardian_links`) == 0 &&
			stacktest.QueryRow[int](t, s, `SELECT count(*) FROM competition.waiver_acceptances WHERE full_name = 'Former athlete' AND athlete_name = 'Former athlete' AND ip = ''`) == 1
	})
	if n := stacktest.QueryRow[int](t, s, `SELECT count(*) FROM competition.waiver_acceptances WHERE full_name LIKE '%Gone%' OR athlete_name LIKE '%Gone%' OR accepted_by ILIKE '%gone%'`); n != 0 {
		t.Fatalf("%d acceptances still name the deleted athletes", n)
	}
}
