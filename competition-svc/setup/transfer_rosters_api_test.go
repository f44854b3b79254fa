package setup_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
)

// rosterLines are an event's teams with their rosters, one line each, sorted: what an export
// and its import must agree on (names, categories, birth dates, substitutes, captain).
func rosterLines(t *testing.T, teams []apitest.Obj) string {
	t.Helper()
	var lines []string
	for _, team := range teams {
		var places []string
		athletes, _ := team["athletes"].([]any)
		for _, a := range athletes {
			p := a.(map[string]any)
			str := func(k string) string { v, _ := p[k].(string); return v }
			place := fmt.Sprintf("%s/%s/%s", str("name"), str("category"), str("birthDate"))
			if p["substitute"] == true {
				place += "/sub"
			}
			if p["captain"] == true {
				place += "/captain"
			}
			if id, _ := p["athleteId"].(string); id != "" {
				place += "/account"
			}
			places = append(places, place)
		}
		lines = append(lines, fmt.Sprintf("%v in %v: %s", team["name"], team["divisionName"], strings.Join(places, ", ")))
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// divisionRules are an event's divisions with their roster rules, sorted.
func divisionRules(t *testing.T, s *stacktest.Stack, eventID string) string {
	t.Helper()
	var lines []string
	for _, d := range apitest.DecodeList(t, s.Admin(http.MethodGet, "/api/divisions/events/"+eventID+"/divisions", nil).MustStatus(t, http.StatusOK)) {
		r, _ := json.Marshal(d["roster"])
		lines = append(lines, fmt.Sprintf("%v: %s", d["name"], r))
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

func eventTeams(t *testing.T, s *stacktest.Stack, eventID string) []apitest.Obj {
	t.Helper()
	return apitest.DecodeList(t, s.Admin(http.MethodGet, "/api/teams/by-event/"+eventID, nil).MustStatus(t, http.StatusOK))
}

// An event document of format podium.event/v2 carries each division's roster rule and each
// team's roster (no account); its import makes the same divisions and rosters. A roster that
// breaks its division's rule is refused on the document's field, and no event is made.
func TestEventDocumentCarriesRosters(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	eventID, solo, pairs, mixed := rosterEvent(t, s)
	masters := apitest.Decode(t, s.Admin(http.MethodPost, "/api/divisions", apitest.Obj{"name": "Masters Pairs", "eventId": eventID,
		"roster": apitest.Obj{"teamSize": 2, "ageMin": 35, "ageMax": 39, "ageOn": "2026-06-01"}}).MustStatus(t, http.StatusOK))["id"].(string)
	for _, team := range []apitest.Obj{
		{"name": "Jo Solo", "divisionId": solo},
		{"name": "Pair One", "divisionId": pairs, "athlete1Name": "Ann", "athlete2Name": "Bob"},
		{"name": "Four One", "divisionId": mixed, "athletes": []apitest.Obj{place("Ann", "women"), place("Bob", "men"),
			{"name": "Cat", "category": "women", "captain": true}, place("Dan", "men"), {"name": "Eve", "category": "women", "substitute": true}}},
		{"name": "Old Hands", "divisionId": masters, "athletes": []apitest.Obj{{"name": "Gus", "birthDate": "1990-01-02"},
			{"name": "Hal", "birthDate": "1988-07-01"}}},
	} {
		s.Admin(http.MethodPost, "/api/teams", team).MustStatus(t, http.StatusOK)
	}
	want, wantRules := rosterLines(t, eventTeams(t, s, eventID)), divisionRules(t, s, eventID)
	for _, line := range []string{"Four One in Mixed Four: Ann/women/, Bob/men/, Cat/women//captain, Dan/men/, Eve/women//sub",
		"Old Hands in Masters Pairs: Gus//1990-01-02", "Hal//1988-07-01"} {
		if !strings.Contains(want, line) {
			t.Fatalf("the original's rosters lack %q:\n%s", line, want)
		}
	}

	exported := s.Admin(http.MethodGet, "/api/events/"+eventID+"/export", nil).MustStatus(t, http.StatusOK)
	doc := apitest.Decode(t, exported)
	if doc["format"] != "podium.event/v2" || strings.Contains(string(exported.Body), "athleteId") {
		t.Fatalf("the document: %s", exported.Body)
	}
	imported := apitest.Decode(t, s.Admin(http.MethodPost, "/api/events/import", json.RawMessage(exported.Body)).MustStatus(t, http.StatusOK))["id"].(string)
	if got := rosterLines(t, eventTeams(t, s, imported)); got != want {
		t.Errorf("imported rosters:\n%s\nwant:\n%s", got, want)
	}
	if got := divisionRules(t, s, imported); got != wantRules {
		t.Errorf("imported rules:\n%s\nwant:\n%s", got, wantRules)
	}

	events := func() int {
		return len(apitest.DecodeList(t, s.Admin(http.MethodGet, "/api/events", nil).MustStatus(t, http.StatusOK)))
	}
	before := events()
	for _, c := range []struct {
		what, msg string
		change    func(doc apitest.Obj) string // the field it breaks
	}{
		{"five starting in a team of four", "A team in Mixed Four has at most 4 athletes", func(doc apitest.Obj) string {
			i, team := teamNamed(doc, "Four One")
			eve := team["athletes"].([]any)[4].(map[string]any)
			eve["substitute"], eve["category"] = false, "men"
			return fmt.Sprintf("teams[%d].athletes", i)
		}},
		{"an age outside the range", "Gus is 16 on 2026-06-01; this division is for ages 35 to 39", func(doc apitest.Obj) string {
			i, team := teamNamed(doc, "Old Hands")
			team["athletes"].([]any)[0].(map[string]any)["birthDate"] = "2010-01-02"
			return fmt.Sprintf("teams[%d].athletes[0].birthDate", i)
		}},
		{"a bad rule", "Team size must be between 1 and 8", func(doc apitest.Obj) string {
			doc["divisions"].([]any)[0].(map[string]any)["roster"].(map[string]any)["teamSize"] = 9
			return "divisions[0].roster.teamSize"
		}},
	} {
		doc := apitest.Decode(t, exported)
		field := c.change(doc)
		apitest.WantError(t, s.Admin(http.MethodPost, "/api/events/import", doc), http.StatusBadRequest, field, c.msg)
		if after := events(); after != before {
			t.Errorf("%s: %d events after a refused import, %d before", c.what, after, before)
		}
	}
}

// teamNamed is a document's team of that name and its index.
func teamNamed(doc apitest.Obj, name string) (int, map[string]any) {
	for i, team := range doc["teams"].([]any) {
		if m := team.(map[string]any); m["name"] == name {
			return i, m
		}
	}
	panic("no team " + name)
}

// A document of the old format (podium.event/v1, from before rosters: testdata/event-v1.json)
// still imports: its divisions are pairs, its teams' two names their rosters, its results kept.
func TestEventDocumentOfTheOldFormatImports(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	raw, err := os.ReadFile("testdata/event-v1.json")
	if err != nil {
		t.Fatal(err)
	}
	ev := apitest.Decode(t, s.Admin(http.MethodPost, "/api/events/import", json.RawMessage(raw)).MustStatus(t, http.StatusOK))
	if ev["name"] != "Spring Pairs (copy)" || ev["status"] != "DRAFT" {
		t.Fatalf("imported: %v", ev)
	}
	id := ev["id"].(string)
	want := "Barbell Bandits in RX Pairs: Ann Lee///captain, Bob Roe//\n" +
		"Half Pair in Scaled Pairs: Eve Kay///captain\n" +
		"Kettle Crew in RX Pairs: Cat Poe///captain, Dan Moe//"
	if got := rosterLines(t, eventTeams(t, s, id)); got != want {
		t.Errorf("rosters:\n%s\nwant:\n%s", got, want)
	}
	for _, d := range apitest.DecodeList(t, s.Admin(http.MethodGet, "/api/divisions/events/"+id+"/divisions", nil).MustStatus(t, http.StatusOK)) {
		if r := d["roster"].(map[string]any); r["teamSize"] != float64(2) {
			t.Errorf("division %v: roster %v, want pairs", d["name"], r)
		}
	}
}
