package setup_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
)

// rosterEvent is an event with an individual division, a pairs division (no rule: the
// default) and a team-of-4 "2 women + 2 men" division with one substitute, through the API.
func rosterEvent(t *testing.T, s *stacktest.Stack) (eventID, solo, pairs, mixed string) {
	t.Helper()
	ev := apitest.Decode(t, s.Admin(http.MethodPost, "/api/events", apitest.Obj{"name": "Roster Games", "dateFrom": "2026-06-01", "dateTo": "2026-06-02"}).MustStatus(t, http.StatusOK))
	eventID = ev["id"].(string)
	division := func(name string, roster apitest.Obj) string {
		body := apitest.Obj{"name": name, "eventId": eventID}
		if roster != nil {
			body["roster"] = roster
		}
		return apitest.Decode(t, s.Admin(http.MethodPost, "/api/divisions", body).MustStatus(t, http.StatusOK))["id"].(string)
	}
	solo = division("Open Individual", apitest.Obj{"teamSize": 1})
	pairs = division("RX Pairs", nil)
	mixed = division("Mixed Four", apitest.Obj{"teamSize": 4, "substitutes": 1,
		"composition": []apitest.Obj{{"category": "women", "count": 2}, {"category": "men", "count": 2}}})
	return eventID, solo, pairs, mixed
}

func place(name, category string) apitest.Obj {
	return apitest.Obj{"name": name, "category": category}
}

// rosterNames are a team's roster names in order.
func rosterNames(team apitest.Obj) string {
	var out []string
	for _, a := range team["athletes"].([]any) {
		out = append(out, a.(map[string]any)["name"].(string))
	}
	return fmt.Sprint(out)
}

// A division keeps its roster rule; one created without a rule is pairs; a bad rule is refused
// naming its field and nothing is created.
func TestDivisionRosterRule(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	eventID, solo, pairs, mixed := rosterEvent(t, s)
	for id, want := range map[string]string{solo: "1 0 0", pairs: "2 0 0", mixed: "4 1 2"} {
		d := apitest.Decode(t, s.Admin(http.MethodGet, "/api/divisions/"+id, nil).MustStatus(t, http.StatusOK))
		r := d["roster"].(map[string]any)
		composition, _ := r["composition"].([]any)
		substitutes, _ := r["substitutes"].(float64)
		if got := fmt.Sprintf("%v %v %d", r["teamSize"], substitutes, len(composition)); got != want {
			t.Errorf("division %s roster %v: %s, want %s", d["name"], r, got, want)
		}
	}
	before := s.Rows(t, "competition.divisions", "event_id = $1", eventID)
	apitest.WantError(t, s.Admin(http.MethodPost, "/api/divisions", apitest.Obj{"name": "Nines", "eventId": eventID, "roster": apitest.Obj{"teamSize": 9}}),
		http.StatusBadRequest, "roster.teamSize", "Team size must be between 1 and 8")
	apitest.WantError(t, s.Admin(http.MethodPost, "/api/divisions", apitest.Obj{"name": "Odd", "eventId": eventID,
		"roster": apitest.Obj{"teamSize": 4, "composition": []apitest.Obj{{"category": "women", "count": 3}}}}),
		http.StatusBadRequest, "roster.composition", "The composition counts 3 athletes; the team size is 4")
	if after := s.Rows(t, "competition.divisions", "event_id = $1", eventID); after != before {
		t.Errorf("a refused division was created: %d divisions, was %d", after, before)
	}
}

// Teams of every size: an individual's roster is its name; a pair's two name fields are its
// roster's first places and read back unchanged; a team of four sends its roster. Each rule
// is refused naming its field, nothing written.
func TestTeamRostersOfEverySize(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	eventID, solo, pairs, mixed := rosterEvent(t, s)

	jo := apitest.Decode(t, s.Admin(http.MethodPost, "/api/teams", apitest.Obj{"name": "Jo Solo", "divisionId": solo}).MustStatus(t, http.StatusOK))
	if rosterNames(jo) != "[Jo Solo]" {
		t.Errorf("an individual's roster: %s", rosterNames(jo))
	}
	pair := apitest.Decode(t, s.Admin(http.MethodPost, "/api/teams", apitest.Obj{"name": "Pair One", "divisionId": pairs,
		"athlete1Name": "Ann", "athlete2Name": "Bob"}).MustStatus(t, http.StatusOK))
	if rosterNames(pair) != "[Ann Bob]" || pair["athlete1Name"] != "Ann" || pair["athlete2Name"] != "Bob" || pair["athleteCount"] != float64(2) {
		t.Errorf("a pair: %v", pair)
	}
	four := apitest.Decode(t, s.Admin(http.MethodPost, "/api/teams", apitest.Obj{"name": "Four One", "divisionId": mixed,
		"athletes": []apitest.Obj{place("Ann", "women"), place("Bob", "Men"), place("Cat", "women"), place("Dan", "men"),
			{"name": "Eve", "category": "women", "substitute": true}}}).MustStatus(t, http.StatusOK))
	if rosterNames(four) != "[Ann Bob Cat Dan Eve]" || four["athlete1Name"] != "Ann" || four["athlete2Name"] != "Bob" {
		t.Errorf("a team of four: %v", four)
	}

	// The spec's call on a pair changes its places and keeps the roster.
	updated := apitest.Decode(t, s.Admin(http.MethodPut, "/api/teams/"+pair["id"].(string), apitest.Obj{"name": "Pair One",
		"divisionId": pairs, "athlete1Name": "Ann", "athlete2Name": "Bea"}).MustStatus(t, http.StatusOK))
	if rosterNames(updated) != "[Ann Bea]" {
		t.Errorf("a pair's partner renamed: %s", rosterNames(updated))
	}

	teams := s.Rows(t, "competition.teams", "event_id = $1", eventID)
	for _, c := range []struct {
		what, division string
		body           apitest.Obj
		field, msg     string
	}{
		{"two in an individual division", solo, apitest.Obj{"name": "Two", "athlete1Name": "A", "athlete2Name": "B"}, "athlete2Name", "A team in Open Individual has at most 1 athlete"},
		{"five starting of four", mixed, apitest.Obj{"name": "Five", "athletes": []apitest.Obj{place("A", "women"), place("B", "men"), place("C", "women"), place("D", "men"), place("E", "men")}},
			"athletes", "A team in Mixed Four has at most 4 athletes"},
		{"three women", mixed, apitest.Obj{"name": "Three Women", "athletes": []apitest.Obj{place("A", "women"), place("B", "women"), place("C", "women")}},
			"athletes", "The team has 3 women; Mixed Four asks for 2 women + 2 men"},
		{"no category", mixed, apitest.Obj{"name": "Nameless", "athletes": []apitest.Obj{place("A", "")}}, "athletes[0].category", "Category must be one of women, men"},
	} {
		c.body["divisionId"] = c.division
		apitest.WantError(t, s.Admin(http.MethodPost, "/api/teams", c.body), http.StatusBadRequest, c.field, c.msg)
	}
	if after := s.Rows(t, "competition.teams", "event_id = $1", eventID); after != teams {
		t.Errorf("refused teams were written: %d teams, was %d", after, teams)
	}
}

// An athlete is on one team of a division: by name and birth date across teams (in one bulk
// request too), and an age range on its date needs the birth date and keeps to the range.
func TestAthleteOnceAndAgeRange(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	ev := apitest.Decode(t, s.Admin(http.MethodPost, "/api/events", apitest.Obj{"name": "Masters Cup", "dateFrom": "2026-06-01", "dateTo": "2026-06-01"}).MustStatus(t, http.StatusOK))
	masters := apitest.Decode(t, s.Admin(http.MethodPost, "/api/divisions", apitest.Obj{"name": "Masters 35-39", "eventId": ev["id"],
		"roster": apitest.Obj{"teamSize": 2, "ageMin": 35, "ageMax": 39, "ageOn": "2026-06-01"}}).MustStatus(t, http.StatusOK))["id"].(string)
	born := func(name, date string) apitest.Obj { return apitest.Obj{"name": name, "birthDate": date} }
	apitest.Decode(t, s.Admin(http.MethodPost, "/api/teams", apitest.Obj{"name": "First", "divisionId": masters,
		"athletes": []apitest.Obj{born("Ann Lee", "1988-01-01"), born("Bob Ray", "1990-05-05")}}).MustStatus(t, http.StatusOK))

	apitest.WantError(t, s.Admin(http.MethodPost, "/api/teams", apitest.Obj{"name": "Second", "divisionId": masters,
		"athletes": []apitest.Obj{born("Cy Doe", "1989-01-01"), born("ann  lee", "1988-01-01")}}),
		http.StatusBadRequest, "athletes[1].name", "ann lee is already on team First in this division")
	apitest.WantError(t, s.Admin(http.MethodPost, "/api/teams/bulk", apitest.Obj{"eventId": ev["id"], "divisionId": masters, "teams": []apitest.Obj{
		{"name": "Third", "athletes": []apitest.Obj{born("Dee", "1989-01-01")}},
		{"name": "Fourth", "athletes": []apitest.Obj{born("Dee", "1989-01-01")}},
	}}), http.StatusBadRequest, "teams[1].athletes[0].name", "Dee is already on team Third in this division")
	apitest.WantError(t, s.Admin(http.MethodPost, "/api/teams", apitest.Obj{"name": "Young", "divisionId": masters, "athletes": []apitest.Obj{born("Kid", "1991-06-02")}}),
		http.StatusBadRequest, "athletes[0].birthDate", "Kid is 34 on 2026-06-01; this division is for ages 35 to 39")
	apitest.WantError(t, s.Admin(http.MethodPost, "/api/teams", apitest.Obj{"name": "Undated", "divisionId": masters, "athletes": []apitest.Obj{{"name": "Nodate"}}}),
		http.StatusBadRequest, "athletes[0].birthDate", "Birth date is required: this division is for ages 35 to 39 on 2026-06-01")
	if n := s.Rows(t, "competition.teams", "division_id = $1", masters); n != 1 {
		t.Errorf("%d teams in the division, want the first only", n)
	}
}

// The public boards of an individual division say so (team size 1) and every board line
// carries its starting athletes; the team page lists the roster.
func TestPublicBoardsCarryRosters(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	eventID, solo, _, mixed := rosterEvent(t, s)
	apitest.Decode(t, s.Admin(http.MethodPost, "/api/teams", apitest.Obj{"name": "Jo Solo", "divisionId": solo}).MustStatus(t, http.StatusOK))
	four := apitest.Decode(t, s.Admin(http.MethodPost, "/api/teams", apitest.Obj{"name": "Four One", "divisionId": mixed,
		"athletes": []apitest.Obj{place("Ann", "women"), place("Bob", "men"), place("Cat", "women"), place("Dan", "men"),
			{"name": "Eve", "category": "women", "substitute": true}}}).MustStatus(t, http.StatusOK))
	s.Admin(http.MethodPost, "/api/events/"+eventID+"/publish", nil).MustStatus(t, http.StatusOK)

	board := apitest.Decode(t, s.Do(http.MethodGet, "/api/public/events/"+eventID+"/divisions/"+solo+"/leaderboard", nil, "").MustStatus(t, http.StatusOK))
	if board["division"].(map[string]any)["teamSize"] != float64(1) {
		t.Errorf("individual board's division: %v", board["division"])
	}
	board = apitest.Decode(t, s.Do(http.MethodGet, "/api/public/events/"+eventID+"/divisions/"+mixed+"/leaderboard", nil, "").MustStatus(t, http.StatusOK))
	line := board["standings"].([]any)[0].(map[string]any)
	if fmt.Sprint(line["athleteNames"]) != "[Ann Bob Cat Dan]" {
		t.Errorf("a team of four's board line: %v", line)
	}
	page := apitest.Decode(t, s.Do(http.MethodGet, "/api/public/teams/"+four["id"].(string), nil, "").MustStatus(t, http.StatusOK))
	if got := rosterNames(page["team"].(map[string]any)); got != "[Ann Bob Cat Dan Eve]" {
		t.Errorf("team page roster: %s", got)
	}
}

// A CSV of teams of four carries Athlete 1 … Athlete 4; a pairs file is read as before.
func TestTeamImportOfFours(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	ev := apitest.Decode(t, s.Admin(http.MethodPost, "/api/events", apitest.Obj{"name": "Fours Cup", "dateFrom": "2026-06-01", "dateTo": "2026-06-01"}).MustStatus(t, http.StatusOK))
	fours := apitest.Decode(t, s.Admin(http.MethodPost, "/api/divisions", apitest.Obj{"name": "Fours", "eventId": ev["id"], "roster": apitest.Obj{"teamSize": 4}}).MustStatus(t, http.StatusOK))["id"].(string)
	out := apitest.Decode(t, s.Admin(http.MethodPost, "/api/teams/import", apitest.Obj{"eventId": ev["id"], "divisionId": fours,
		"csv": "Team Name;Athlete 1;Athlete 2;Athlete 3;Athlete 4\nQuad;Ann;Bob;Cat;Dan\nDuo;Eve;Fay;;\n"}).MustStatus(t, http.StatusOK))
	created := out["created"].([]any)
	if len(created) != 2 || rosterNames(created[0].(map[string]any)) != "[Ann Bob Cat Dan]" || rosterNames(created[1].(map[string]any)) != "[Eve Fay]" {
		t.Fatalf("imported: %v", out)
	}
	out = apitest.Decode(t, s.Admin(http.MethodPost, "/api/teams/import", apitest.Obj{"eventId": ev["id"], "divisionId": fours,
		"csv": "Team Name,Athlete 1,Athlete 2,Athlete 3,Athlete 4,Athlete 5\nFive,A,B,C,D,E\n"}).MustStatus(t, http.StatusOK))
	if errs := out["errors"].([]any); len(errs) != 1 || errs[0].(map[string]any)["message"] != "A team in Fours has at most 4 athletes" {
		t.Errorf("five in a team of four: %v", out)
	}
}

// A team moves to a division of another size only when its roster fits there (size,
// substitutes, composition, age range): else 409 naming divisionId with the rule's words, and
// the team stays where it was with its roster.
func TestTeamMovesAcrossSizes(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	eventID, solo, pairs, mixed := rosterEvent(t, s)
	division := func(name string, roster apitest.Obj) string {
		return apitest.Decode(t, s.Admin(http.MethodPost, "/api/divisions", apitest.Obj{"name": name, "eventId": eventID, "roster": roster}).
			MustStatus(t, http.StatusOK))["id"].(string)
	}
	openFours := division("Open Fours", apitest.Obj{"teamSize": 4, "substitutes": 1})
	masters := division("Masters Four", apitest.Obj{"teamSize": 4, "ageMin": 35, "ageOn": "2026-06-01"})
	noSubs := division("Strict Four", apitest.Obj{"teamSize": 4})

	four := apitest.Decode(t, s.Admin(http.MethodPost, "/api/teams", apitest.Obj{"name": "Four One", "divisionId": mixed,
		"athletes": []apitest.Obj{place("Ann", "women"), place("Bob", "men"), place("Cat", "women"), place("Dan", "men"),
			{"name": "Eve", "category": "women", "substitute": true}}}).MustStatus(t, http.StatusOK))
	pair := apitest.Decode(t, s.Admin(http.MethodPost, "/api/teams", apitest.Obj{"name": "Pair One", "divisionId": pairs,
		"athlete1Name": "Ida", "athlete2Name": "Jon"}).MustStatus(t, http.StatusOK))
	half := apitest.Decode(t, s.Admin(http.MethodPost, "/api/teams", apitest.Obj{"name": "Kim Solo", "divisionId": pairs,
		"athlete1Name": "Kim"}).MustStatus(t, http.StatusOK))
	move := func(team apitest.Obj, division string) *stacktest.Response {
		return s.Admin(http.MethodPut, "/api/teams/"+team["id"].(string), apitest.Obj{"name": team["name"], "divisionId": division,
			"athlete1Name": team["athlete1Name"], "athlete2Name": team["athlete2Name"]})
	}
	for _, c := range []struct {
		what     string
		team     apitest.Obj
		division string
		msg      string
	}{
		{"four to pairs", four, pairs, "A team in RX Pairs has at most 2 athletes"},
		{"four to no substitutes", four, noSubs, "A team in Strict Four has no substitutes"},
		{"four to masters", four, masters, "Birth date is required: this division is for ages 35 and over on 2026-06-01"},
		{"pair to individuals", pair, solo, "A team in Open Individual has at most 1 athlete"},
		{"pair to a composition", pair, mixed, "Category must be one of women, men"},
		{"pair to an age range", pair, masters, "Birth date is required: this division is for ages 35 and over on 2026-06-01"},
	} {
		apitest.WantError(t, move(c.team, c.division), http.StatusConflict, "divisionId", c.msg)
		got := apitest.Decode(t, s.Admin(http.MethodGet, "/api/teams/"+c.team["id"].(string), nil).MustStatus(t, http.StatusOK))
		if got["divisionId"] != c.team["divisionId"] || rosterNames(got) != rosterNames(c.team) {
			t.Errorf("%s: refused, yet the team is now %v", c.what, got)
		}
	}
	// Fitting moves go through, the roster whole.
	moved := apitest.Decode(t, move(four, openFours).MustStatus(t, http.StatusOK))
	if moved["divisionId"] != openFours || rosterNames(moved) != "[Ann Bob Cat Dan Eve]" {
		t.Errorf("four to open fours: %v", moved)
	}
	moved = apitest.Decode(t, move(half, solo).MustStatus(t, http.StatusOK))
	if moved["divisionId"] != solo || rosterNames(moved) != "[Kim]" {
		t.Errorf("a pair of one to individuals: %v", moved)
	}
	moved = apitest.Decode(t, move(pair, openFours).MustStatus(t, http.StatusOK))
	if moved["divisionId"] != openFours || rosterNames(moved) != "[Ida Jon]" {
		t.Errorf("a pair to open fours: %v", moved)
	}
}

// A division's teams download as the CSV the import reads, one Athlete column per athlete of
// the division's size (substitutes left out); the file imports again into a division of that
// size with the same rosters.
func TestTeamCSVExportOfEverySize(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	eventID, solo, pairs, mixed := rosterEvent(t, s)
	for _, team := range []apitest.Obj{
		{"name": "Jo Solo", "divisionId": solo},
		{"name": "Pair One", "divisionId": pairs, "athlete1Name": "Ann", "athlete2Name": "=Bob"},
		{"name": "Four One", "divisionId": mixed, "athletes": []apitest.Obj{place("Ann", "women"), place("Bob", "men"), place("Cat", "women"),
			place("Dan", "men"), {"name": "Eve", "category": "women", "substitute": true}}},
		{"name": "Three So Far", "divisionId": mixed, "athletes": []apitest.Obj{place("Fay", "women"), place("Gus", "men"), place("Hal", "men")}},
	} {
		s.Admin(http.MethodPost, "/api/teams", team).MustStatus(t, http.StatusOK)
	}
	download := func(division string) string {
		r := s.Admin(http.MethodGet, "/api/teams/by-division/"+division+"/teams.csv", nil).MustStatus(t, http.StatusOK)
		if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/csv") {
			t.Errorf("content type %q", ct)
		}
		return strings.ReplaceAll(strings.TrimPrefix(string(r.Body), "\uFEFF"), "\r\n", "\n")
	}
	for division, want := range map[string]string{
		solo:  "Team Name,Athlete 1\nJo Solo,Jo Solo\n",
		pairs: "Team Name,Athlete 1,Athlete 2\nPair One,Ann,'=Bob\n",
		mixed: "Team Name,Athlete 1,Athlete 2,Athlete 3,Athlete 4\nFour One,Ann,Bob,Cat,Dan\nThree So Far,Fay,Gus,Hal,\n",
	} {
		if got := download(division); got != want {
			t.Errorf("division %s's file:\n%q\nwant\n%q", division, got, want)
		}
	}
	fours := apitest.Decode(t, s.Admin(http.MethodPost, "/api/divisions", apitest.Obj{"name": "Open Fours", "eventId": eventID, "roster": apitest.Obj{"teamSize": 4}}).
		MustStatus(t, http.StatusOK))["id"].(string)
	out := apitest.Decode(t, s.Admin(http.MethodPost, "/api/teams/import", apitest.Obj{"eventId": eventID, "divisionId": fours, "csv": download(mixed)}).
		MustStatus(t, http.StatusOK))
	created := out["created"].([]any)
	if len(created) != 2 || rosterNames(created[0].(map[string]any)) != "[Ann Bob Cat Dan]" || rosterNames(created[1].(map[string]any)) != "[Fay Gus Hal]" {
		t.Errorf("the file imported again: %v", out)
	}
	// Signed-out callers get none (tests/security walks every role).
	s.Do(http.MethodGet, "/api/teams/by-division/"+mixed+"/teams.csv", nil, "").MustStatus(t, http.StatusUnauthorized)
}
