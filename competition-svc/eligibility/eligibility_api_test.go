package eligibility_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	"github.com/podium-dev/podium/internal/eventtest"
)

const hint = " The organiser can let you in with an override."

// The organiser imports the federation's list: a file with a bad line imports nothing and
// names each line; a good one (semicolons, as European spreadsheets save) replaces the list;
// the export neutralises a name typed as a formula. Only the event's organisers reach it.
func TestMemberListImportIsAllOrNothingAndExportNeutralised(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	ev, _ := published(t, s, "Member Games", "2027-03-10", "RX Pairs", nil)
	org, scorer := apitest.Staff(t, s, ev.ID, "org", "organiser"), apitest.Staff(t, s, ev.ID, "door", "scorer")
	athlete := s.SignUpAthlete("Ann", "Lee")
	imp := "/api/events/" + ev.ID + "/members/import"

	bad := "Number,Name,Birth date,Valid until\nA-1,Ann Lee,1990-04-02,2027-12-31\nA-2,Bob Roe,02/05/1991,2027-12-31\nA-1,Cat Fox,1992-01-01,2027-12-31\n"
	got := apitest.Decode(t, s.Do(http.MethodPost, imp, apitest.Obj{"csv": bad}, org).MustStatus(t, http.StatusOK))
	errs, _ := got["errors"].([]any)
	if len(errs) != 2 || errs[0].(map[string]any)["message"] != "Line 3: Birth date must be a date like 2001-05-31" ||
		errs[1].(map[string]any)["message"] != "Line 4: member number A-1 is already on line 2" {
		t.Fatalf("bad file: %v", got)
	}
	if n := stacktest.QueryRow[int](t, s, `SELECT count(*)::int FROM competition.event_members WHERE event_id = $1`, ev.ID); n != 0 {
		t.Fatalf("a refused file wrote %d members", n)
	}
	s.Do(http.MethodPost, imp, apitest.Obj{"csv": "Number,Name\n1,Ann Lee\n"}, org).WantError(t, http.StatusBadRequest, "csv",
		"The header row must name the columns Number, Name, Birth date and Valid until (missing: birth date, valid until)")

	good := "Number;Name;Birth date;Valid until\r\na-1;Ann Lee;1990-04-02;2027-12-31\r\nA-2;\"=HYPERLINK(\"\"http://x\"\")\";1991-05-02;2027-12-31\r\n"
	got = apitest.Decode(t, s.Do(http.MethodPost, imp, apitest.Obj{"csv": good}, org).MustStatus(t, http.StatusOK))
	if got["imported"] != float64(2) {
		t.Fatalf("good file: %v", got)
	}
	list := apitest.Decode(t, s.Do(http.MethodGet, "/api/events/"+ev.ID+"/members", nil, org).MustStatus(t, http.StatusOK))
	if list["count"] != float64(2) || list["members"].([]any)[0].(map[string]any)["number"] != "A-1" {
		t.Fatalf("list: %v", list)
	}
	csv := string(s.Do(http.MethodGet, "/api/events/"+ev.ID+"/members.csv", nil, org).MustStatus(t, http.StatusOK).Body)
	if !strings.Contains(csv, `"'=HYPERLINK(""http://x"")"`) || !strings.Contains(csv, "A-1,Ann Lee,1990-04-02,2027-12-31") {
		t.Fatalf("export: %q", csv)
	}
	activity := stacktest.QueryRow[int](t, s, `SELECT count(*)::int FROM competition.activity WHERE event_id = $1 AND summary = 'Member list imported: 2 members'`, ev.ID)
	if activity != 1 {
		t.Fatalf("activity of the import: %d", activity)
	}

	s.Do(http.MethodPost, imp, apitest.Obj{"csv": good}, scorer).MustStatus(t, http.StatusForbidden)
	s.Do(http.MethodGet, "/api/events/"+ev.ID+"/members", nil, scorer).MustStatus(t, http.StatusForbidden)
	s.Do(http.MethodGet, "/api/events/"+ev.ID+"/members", nil, athlete.Token).MustStatus(t, http.StatusForbidden)
	s.Do(http.MethodGet, "/api/events/"+ev.ID+"/members", nil, "").MustStatus(t, http.StatusUnauthorized)
}

// A division that requires membership: the captain's and the partner's numbers are matched on
// number, name and birth date and must be valid on the event's first day; each refusal names
// the rule and the field and writes nothing. An override with a reason lets one athlete past
// one rule, and the activity says why.
func TestMembershipRefusalsAndOverride(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	ev, div := published(t, s, "League Open", "2027-03-10", "RX Pairs", nil)
	org, scorer := apitest.Staff(t, s, ev.ID, "org", "organiser"), apitest.Staff(t, s, ev.ID, "door", "scorer")
	s.Do(http.MethodPut, "/api/divisions/"+div+"/eligibility", apitest.Obj{"requiresMembership": true}, scorer).MustStatus(t, http.StatusForbidden)
	s.Do(http.MethodPut, "/api/divisions/"+div+"/eligibility", apitest.Obj{"level": 101}, org).
		WantError(t, http.StatusBadRequest, "level", "Level must be a whole number from 0 to 100")
	set := apitest.Decode(t, s.Do(http.MethodPut, "/api/divisions/"+div+"/eligibility", apitest.Obj{"requiresMembership": true}, org).MustStatus(t, http.StatusOK))
	if set["requiresMembership"] != true {
		t.Fatalf("settings: %v", set)
	}
	s.Do(http.MethodPost, "/api/events/"+ev.ID+"/members/import", apitest.Obj{"csv": "Number,Name,Birth date,Valid until\n" +
		"100,Ann Lee,1990-04-02,2027-12-31\n200,Bob Roe,1988-01-15,2027-01-31\n300,Cy Dee,1995-07-07,2027-12-31\n"}, org).MustStatus(t, http.StatusOK)

	ann, bob, eve := s.SignUpAthlete("Ann", "Lee"), s.SignUpAthlete("Bob", "Roe"), s.SignUpAthlete("Eve", "Impostor")
	offer := apitest.Decode(t, s.Do(http.MethodGet, "/api/registration/events/"+ev.ID, nil, "").MustStatus(t, http.StatusOK))
	if d := offer["divisions"].([]any)[0].(map[string]any); d["requiresMembership"] != true || d["birthDateRequired"] != true {
		t.Fatalf("the offer does not say what it asks: %v", d)
	}
	mine := apitest.Decode(t, s.Do(http.MethodGet, "/api/eligibility/mine/"+div, nil, ann.Token).MustStatus(t, http.StatusOK))
	if mine["requiresMembership"] != true || mine["memberNumber"] != "" {
		t.Fatalf("mine before registering: %v", mine)
	}
	s.Do(http.MethodGet, "/api/eligibility/mine/"+div, nil, org).MustStatus(t, http.StatusForbidden)

	for _, c := range []struct {
		name           string
		who            stacktest.Athlete
		extra          apitest.Obj
		field, message string
	}{
		{"no number", ann, apitest.Obj{"birthDate": "1990-04-02"}, "memberNumber", "Membership: this division requires a member number of the federation." + hint},
		{"no birth date", ann, apitest.Obj{"memberNumber": "100"}, "birthDate", "Membership: birth date is required, the member list is matched on number, name and birth date." + hint},
		{"bad birth date", ann, apitest.Obj{"memberNumber": "100", "birthDate": "2.4.1990"}, "birthDate", "Birth date must be a date like 2001-05-31"},
		{"unknown", ann, apitest.Obj{"memberNumber": "999", "birthDate": "1990-04-02"}, "memberNumber", "Membership: member number 999 is not in the event's member list." + hint},
		{"another person's number", eve, apitest.Obj{"memberNumber": "100", "birthDate": "1990-04-02"}, "memberNumber",
			"Membership: member number 100 belongs to another person (name or birth date do not match)." + hint},
		{"another birth date", ann, apitest.Obj{"memberNumber": "100", "birthDate": "1990-04-03"}, "memberNumber",
			"Membership: member number 100 belongs to another person (name or birth date do not match)." + hint},
		{"expired", bob, apitest.Obj{"memberNumber": "200", "birthDate": "1988-01-15"}, "memberNumber",
			"Membership: member number 200 was valid until 2027-01-31, before the event on 2027-03-10." + hint},
	} {
		register(s, ev.ID, div, "Team "+c.name, c.who, c.extra).WantError(t, http.StatusBadRequest, c.field, c.message)
	}
	if n := registrations(t, s, div); n != 0 {
		t.Fatalf("refusals wrote %d registrations", n)
	}

	// Ann registers with her own number (spaces and case do not matter); Eve cannot join with it.
	reg := apitest.Decode(t, register(s, ev.ID, div, "Lee Team", ann, apitest.Obj{"memberNumber": " 1 00 ", "birthDate": "1990-04-02"}).MustStatus(t, http.StatusOK))
	accept(s, reg["shareCode"], eve, apitest.Obj{"memberNumber": "100", "birthDate": "1990-04-02"}).WantError(t, http.StatusBadRequest, "memberNumber",
		"Membership: member number 100 belongs to another person (name or birth date do not match)."+hint)
	if p := stacktest.QueryRow[string](t, s, `SELECT coalesce(partner_id::text, '') FROM competition.registrations WHERE id = $1`, reg["id"]); p != "" {
		t.Fatalf("a refused partner joined: %s", p)
	}
	mine = apitest.Decode(t, s.Do(http.MethodGet, "/api/eligibility/mine/"+div, nil, ann.Token).MustStatus(t, http.StatusOK))
	if mine["memberNumber"] != "100" || mine["birthDate"] != "1990-04-02" {
		t.Fatalf("Ann's own: %v", mine)
	}

	// The organiser lets Bob past the membership rule: his renewal is on its way.
	over := "/api/events/" + ev.ID + "/eligibility/overrides"
	s.Do(http.MethodPost, over, apitest.Obj{"divisionId": div, "athleteEmail": bob.Email, "rule": "membership"}, org).
		WantError(t, http.StatusBadRequest, "reason", "Reason is required: the activity records why the athlete may enter")
	s.Do(http.MethodPost, over, apitest.Obj{"divisionId": div, "athleteEmail": bob.Email, "rule": "height", "reason": "x"}, org).
		WantError(t, http.StatusBadRequest, "rule", "Rule must be one of age, category, membership, drop_back")
	s.Do(http.MethodPost, over, apitest.Obj{"divisionId": div, "athleteEmail": bob.Email, "rule": "membership", "reason": "x"}, scorer).
		MustStatus(t, http.StatusForbidden)
	o := apitest.Decode(t, s.Do(http.MethodPost, over, apitest.Obj{"divisionId": div, "athleteEmail": strings.ToUpper(bob.Email), "rule": "membership",
		"reason": "Renewal paid on 2027-01-30, card in the post"}, org).MustStatus(t, http.StatusOK))
	if o["ruleLabel"] != "Membership" || o["athleteEmail"] != bob.Email {
		t.Fatalf("override: %v", o)
	}
	s.Do(http.MethodPost, over, apitest.Obj{"divisionId": div, "athleteEmail": bob.Email, "rule": "membership", "reason": "again"}, org).
		MustStatus(t, http.StatusConflict)
	got := apitest.Decode(t, accept(s, reg["shareCode"], bob, apitest.Obj{"memberNumber": "200", "birthDate": "1988-01-15"}).MustStatus(t, http.StatusOK))
	if got["state"] != "confirmed" {
		t.Fatalf("Bob's acceptance: %v", got)
	}
	summary := stacktest.QueryRow[string](t, s, `SELECT summary FROM competition.activity WHERE event_id = $1 AND action = 'override' AND entity = 'registration'`, ev.ID)
	if !strings.Contains(summary, "Bob Roe joined team Lee Team in RX Pairs past the rule Membership") ||
		!strings.Contains(summary, "Renewal paid on 2027-01-30, card in the post") {
		t.Fatalf("activity: %q", summary)
	}
	list := apitest.Decode(t, s.Do(http.MethodGet, over, nil, org).MustStatus(t, http.StatusOK))
	if n := len(list["overrides"].([]any)); n != 1 {
		t.Fatalf("overrides: %v", list)
	}
	mine = apitest.Decode(t, s.Do(http.MethodGet, "/api/eligibility/mine/"+div, nil, bob.Token).MustStatus(t, http.StatusOK))
	if o, _ := mine["overridden"].([]any); len(o) != 1 || o[0] != "membership" {
		t.Fatalf("Bob's own: %v", mine)
	}

	// The registrations board shows the member numbers the athletes gave.
	board := apitest.Decode(t, s.Do(http.MethodGet, "/api/events/"+ev.ID+"/registrations", nil, org).MustStatus(t, http.StatusOK))
	row := board["registrations"].([]any)[0].(apitest.Obj)
	if row["captainMemberNumber"] != "100" || row["partnerMemberNumber"] != "200" {
		t.Fatalf("member numbers on the board: %v", row)
	}

	// The organiser deletes the override, recorded in the activity; a scorer may not.
	one := over + "/" + o["id"].(string)
	s.Do(http.MethodDelete, one, nil, scorer).MustStatus(t, http.StatusForbidden)
	s.Do(http.MethodDelete, one, nil, bob.Token).MustStatus(t, http.StatusForbidden)
	left := apitest.Decode(t, s.Do(http.MethodDelete, one, nil, org).MustStatus(t, http.StatusOK))
	if n := len(left["overrides"].([]any)); n != 0 {
		t.Fatalf("overrides after the delete: %v", left)
	}
	s.Do(http.MethodDelete, one, nil, org).WantError(t, http.StatusNotFound, "", "Override not found")
	s.Do(http.MethodDelete, over+"/not-an-id", nil, org).WantError(t, http.StatusBadRequest, "id", "Override id must be a valid id")
	deleted := stacktest.QueryRow[string](t, s, `SELECT summary FROM competition.activity WHERE event_id = $1 AND action = 'override_deleted'`, ev.ID)
	if deleted != "Override for "+bob.Email+" in RX Pairs deleted: rule Membership applies again" {
		t.Fatalf("activity of the delete: %q", deleted)
	}
}

// Age and category come from the division's roster rule; no drop-back compares the levels of
// a series' divisions: an athlete confirmed in a higher one at an earlier event of the series
// cannot enter a lower one, unless the organiser overrides it.
func TestAgeCategoryAndNoDropBack(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	mixed := eventtest.Fields{"teamSize": 2, "composition": []apitest.Obj{{"category": "women", "count": 1}, {"category": "men", "count": 1}},
		"ageMin": 35, "ageMax": 39, "ageOn": "2027-03-10"}
	ev, masters := published(t, s, "Spring Cup", "2027-03-10", "Masters Mixed", mixed)
	ann, bob := s.SignUpAthlete("Ann", "Lee"), s.SignUpAthlete("Bob", "Roe")

	register(s, ev.ID, masters, "Young", ann, apitest.Obj{"birthDate": "2000-01-01", "category": "women"}).
		WantError(t, http.StatusBadRequest, "birthDate", "Age: Ann Lee is 27 on 2027-03-10; this division is for ages 35 to 39."+hint)
	register(s, ev.ID, masters, "Nobody", ann, apitest.Obj{"category": "women"}).
		WantError(t, http.StatusBadRequest, "birthDate", "Age: birth date is required, this division is for ages 35 to 39 on 2027-03-10."+hint)
	register(s, ev.ID, masters, "Kids", ann, apitest.Obj{"birthDate": "1990-01-01", "category": "children"}).
		WantError(t, http.StatusBadRequest, "category", "Category: children is not one of women, men."+hint)
	reg := apitest.Decode(t, register(s, ev.ID, masters, "Masters", ann, apitest.Obj{"birthDate": "1990-01-01", "category": "Women"}).MustStatus(t, http.StatusOK))
	accept(s, reg["shareCode"], bob, apitest.Obj{"birthDate": "1989-06-01", "category": "women"}).
		WantError(t, http.StatusBadRequest, "category", "Category: the team already has its 1 women; Masters Mixed asks for 1 women + 1 men."+hint)
	accept(s, reg["shareCode"], bob, apitest.Obj{"birthDate": "1989-06-01", "category": "men"}).MustStatus(t, http.StatusOK)

	// A series: Elite (level 2) at the earlier event, RX (level 1) at the later one.
	early, elite := published(t, s, "Series Round 1", "2027-04-01", "Elite", nil)
	late, rx := published(t, s, "Series Round 2", "2027-05-01", "RX", nil)
	series := apitest.Decode(t, s.Admin(http.MethodPost, "/api/series", apitest.Obj{"name": "North League"}).MustStatus(t, http.StatusOK))["id"].(string)
	for _, id := range []string{early.ID, late.ID} {
		s.Admin(http.MethodPost, "/api/series/"+series+"/events", apitest.Obj{"eventId": id}).MustStatus(t, http.StatusOK)
	}
	s.Admin(http.MethodPut, "/api/divisions/"+elite+"/eligibility", apitest.Obj{"level": 2}).MustStatus(t, http.StatusOK)
	got := apitest.Decode(t, s.Admin(http.MethodPut, "/api/divisions/"+rx+"/eligibility", apitest.Obj{"level": 1}).MustStatus(t, http.StatusOK))
	if s, _ := got["series"].([]any); len(s) != 1 || s[0] != "North League" {
		t.Fatalf("the division's series: %v", got)
	}
	cat, dan := s.SignUpAthlete("Cat", "Fox"), s.SignUpAthlete("Dan", "Poe")
	top := apitest.Decode(t, register(s, early.ID, elite, "Top", cat, nil).MustStatus(t, http.StatusOK))
	accept(s, top["shareCode"], dan, nil).MustStatus(t, http.StatusOK)

	register(s, late.ID, rx, "Back Down", cat, nil).WantError(t, http.StatusBadRequest, "divisionId",
		"No drop-back: Cat Fox competed in Elite at Series Round 1 (North League), a higher division of the series; RX is lower."+hint)
	down := apitest.Decode(t, register(s, late.ID, rx, "Back Down", ann, nil).MustStatus(t, http.StatusOK))
	accept(s, down["shareCode"], dan, nil).WantError(t, http.StatusBadRequest, "divisionId",
		"No drop-back: Dan Poe competed in Elite at Series Round 1 (North League), a higher division of the series; RX is lower."+hint)
	s.Admin(http.MethodPost, "/api/events/"+late.ID+"/eligibility/overrides", apitest.Obj{"divisionId": rx, "athleteEmail": dan.Email,
		"rule": "drop_back", "reason": "Injured: back from a shoulder operation"}).MustStatus(t, http.StatusOK)
	accept(s, down["shareCode"], dan, nil).MustStatus(t, http.StatusOK)
}
