package floor_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	activityv1 "github.com/podium-dev/podium/gen/go/podium/activity/v1"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
)

// Judge links (docs/judging.md) through the gateway: the organiser makes cards, a card's
// token scores its lanes and nothing else, a score sent twice is stored once, a value the
// judge never saw is not overwritten, and a revoked card answers 401.

// judgeWorld is an event in the future (links end with the event) with one heat of 3 lanes.
func judgeWorld(t *testing.T, s *stacktest.Stack) (*heatWorld, *competitionv1.Heat) {
	t.Helper()
	w := newHeatWorldOn(t, s, "2099-06-01", "2099-06-02", map[string]int{"Open": 3}, []string{"Open"})
	hs := w.generate(t, w.first, apitest.Obj{"divisionIds": w.divisions, "lanesPerHeat": 3, "order": "name", "firstStart": "2099-06-01T09:00:00Z"})
	return w, hs[0]
}

func createLinks(t *testing.T, w *heatWorld, body apitest.Obj, token string) []*competitionv1.JudgeLink {
	t.Helper()
	var out competitionv1.JudgeLinks
	w.s.Do(http.MethodPost, "/api/events/"+w.event+"/judge-links", body, token).MustStatus(t, http.StatusOK).Decode(t, &out)
	return out.Links
}

func laneResult(s *stacktest.Stack, heat string, lane int, body apitest.Obj, token string) *stacktest.Response {
	return s.Do(http.MethodPost, fmt.Sprintf("/api/heats/%s/lanes/%d/result", heat, lane), body, token)
}

// enteredResults counts the results of the world's first workout.
func enteredResults(t *testing.T, w *heatWorld) int {
	t.Helper()
	var g struct{ Rows []gridRow }
	w.s.Do(http.MethodGet, "/api/events/"+w.event+"/results?workoutId="+w.first, nil, w.organiser).MustStatus(t, http.StatusOK).Decode(t, &g)
	entered := 0
	for _, r := range g.Rows {
		if r.ID != nil {
			entered++
		}
	}
	return entered
}

func TestJudgeLinkScoresItsLanesOnly(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	w, h := judgeWorld(t, s)
	other, otherHeat := judgeWorld(t, s)

	links := createLinks(t, w, apitest.Obj{"workoutId": w.first, "heatId": h.Id, "stations": []apitest.Obj{{"lanes": []int{1}}, {"lanes": []int{2, 3}}}}, w.organiser)
	if len(links) != 2 || links[0].Label != "Heat 1 · Lane 1" || links[1].Label != "Heat 1 · Lanes 2, 3" || links[0].Token == "" {
		t.Fatalf("links: %+v", links)
	}
	if !strings.HasPrefix(links[0].ExpiresAt, "2099-06-03T12:00:00") {
		t.Errorf("expires %s, want noon UTC after the last day", links[0].ExpiresAt)
	}
	judge := links[0].Token

	// The sheet: the link's lanes only.
	var sheet resultsv1.JudgeSheet
	s.Do(http.MethodGet, "/api/judge/sheet", nil, judge).MustStatus(t, http.StatusOK).Decode(t, &sheet)
	if len(sheet.Heats) != 1 || len(sheet.Heats[0].Lanes) != 1 || sheet.Heats[0].Lanes[0].Lane != 1 || sheet.WorkoutName != "Fran" || sheet.Label != "Heat 1 · Lane 1" {
		t.Errorf("sheet: %+v", &sheet)
	}

	laneResult(s, h.Id, 1, apitest.Obj{"resultValue": 300}, judge).MustStatus(t, http.StatusOK)
	for _, tc := range []struct {
		what, method, path string
		body               any
		want               int
	}{
		{"another lane", "POST", fmt.Sprintf("/api/heats/%s/lanes/2/result", h.Id), apitest.Obj{"resultValue": 300}, 403},
		{"another event's heat", "POST", fmt.Sprintf("/api/heats/%s/lanes/1/result", otherHeat.Id), apitest.Obj{"resultValue": 300}, 401},
		{"publishing the heat", "POST", "/api/heats/" + h.Id + "/publish", nil, 403},
		{"the event", "GET", "/api/events/" + w.event, nil, 403},
		{"the events", "GET", "/api/events", nil, 403},
		{"the grid", "GET", "/api/events/" + w.event + "/results", nil, 403},
		{"the heats", "GET", w.heatsPath(w.first), nil, 403},
		{"more links", "POST", "/api/events/" + w.event + "/judge-links", apitest.Obj{"workoutId": w.first, "stations": []apitest.Obj{{}}}, 403},
		{"who am I", "GET", "/api/auth/me", nil, 403},
		{"users", "GET", "/api/users", nil, 403},
	} {
		if r := s.Do(tc.method, tc.path, tc.body, judge); r.Status != tc.want {
			t.Errorf("judge link, %s: %d, want %d: %s", tc.what, r.Status, tc.want, r.Body)
		}
	}
	// Public pages still answer a phone that carries the token.
	s.Do(http.MethodGet, "/api/public/events/"+w.event+"/schedule", nil, judge).MustStatus(t, http.StatusOK)

	// Who may make, list and revoke links.
	for _, tc := range []struct {
		who, token string
		want       int
	}{{"scorer", w.scorer, 403}, {"other organiser", other.organiser, 404}, {"nobody", "", 401}} {
		r := s.Do(http.MethodGet, "/api/events/"+w.event+"/judge-links", nil, tc.token)
		if r.Status != tc.want {
			t.Errorf("%s lists links: %d, want %d", tc.who, r.Status, tc.want)
		}
		if r := s.Do(http.MethodPost, "/api/judge-links/"+links[0].Id+"/revoke", nil, tc.token); r.Status != tc.want {
			t.Errorf("%s revokes a link: %d, want %d", tc.who, r.Status, tc.want)
		}
		if r := s.Do(http.MethodGet, "/api/judge-links/"+links[0].Id+"/card", nil, tc.token); r.Status != tc.want {
			t.Errorf("%s reads a card: %d, want %d", tc.who, r.Status, tc.want)
		}
	}

	// The card again: a fresh token that works.
	var card competitionv1.JudgeLink
	s.Do(http.MethodGet, "/api/judge-links/"+links[0].Id+"/card", nil, w.organiser).MustStatus(t, http.StatusOK).Decode(t, &card)
	s.Do(http.MethodGet, "/api/judge/sheet", nil, card.Token).MustStatus(t, http.StatusOK)

	// Revoked: 401 at once, for both tokens; the list drops it.
	s.Do(http.MethodPost, "/api/judge-links/"+links[0].Id+"/revoke", nil, w.organiser).MustStatus(t, http.StatusOK)
	for _, tok := range []string{judge, card.Token} {
		if r := laneResult(s, h.Id, 1, apitest.Obj{"resultValue": 301}, tok); r.Status != http.StatusUnauthorized {
			t.Errorf("revoked link saves: %d %s", r.Status, r.Body)
		}
	}
	var list competitionv1.JudgeLinks
	s.Do(http.MethodGet, "/api/events/"+w.event+"/judge-links", nil, w.organiser).MustStatus(t, http.StatusOK).Decode(t, &list)
	if len(list.Links) != 1 || list.Links[0].Id != links[1].Id || list.Links[0].Token != "" {
		t.Errorf("links in use after revoking one: %+v", list.Links)
	}
	// Revoke all.
	var all competitionv1.RevokeJudgeLinksResponse
	s.Do(http.MethodPost, "/api/events/"+w.event+"/judge-links/revoke", nil, w.organiser).MustStatus(t, http.StatusOK).Decode(t, &all)
	if all.RevokedCount != 1 {
		t.Errorf("revoked %d, want 1", all.RevokedCount)
	}
	if r := s.Do(http.MethodGet, "/api/judge/sheet", nil, links[1].Token); r.Status != http.StatusUnauthorized {
		t.Errorf("a link revoked with all: %d", r.Status)
	}

	// The event's activity says who made and revoked judge cards.
	page := &activityv1.ActivityPage{}
	s.Do(http.MethodGet, "/api/events/"+w.event+"/activity", nil, w.organiser).MustStatus(t, http.StatusOK).Decode(t, page)
	var made, revokedOne, revokedAll int
	for _, en := range page.Entries {
		switch {
		case en.Action == "created" && strings.Contains(en.Summary, "judge cards made for"):
			made++
		case en.Action == "revoked" && strings.HasPrefix(en.Summary, "Judge card revoked: "):
			revokedOne++
		case en.Action == "revoked" && en.Summary == "All 1 judge card revoked":
			revokedAll++
		}
	}
	if made == 0 || revokedOne != 1 || revokedAll != 1 {
		t.Errorf("judge card activity: %d made, %d revoked one by one, %d revoked all; entries %v", made, revokedOne, revokedAll, page.Entries)
	}
}

func TestJudgeLinkOfADeletedHeatStopsWorking(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	w, h := judgeWorld(t, s)
	links := createLinks(t, w, apitest.Obj{"workoutId": w.first, "heatId": h.Id, "stations": []apitest.Obj{{"lanes": []int{1}}}}, w.organiser)
	every := createLinks(t, w, apitest.Obj{"workoutId": w.first, "stations": []apitest.Obj{{}}}, w.organiser)
	s.Do(http.MethodGet, "/api/judge/sheet", nil, links[0].Token).MustStatus(t, http.StatusOK)

	s.Do(http.MethodDelete, "/api/heats/"+h.Id, nil, w.organiser).MustStatus(t, http.StatusOK)
	// The heat's card answers as a revoked one, on the sheet and on a score.
	if r := s.Do(http.MethodGet, "/api/judge/sheet", nil, links[0].Token); r.Status != http.StatusUnauthorized {
		t.Errorf("the card of a deleted heat reads its sheet: %d %s", r.Status, r.Body)
	}
	if r := laneResult(s, h.Id, 1, apitest.Obj{"resultValue": 300}, links[0].Token); r.Status != http.StatusUnauthorized {
		t.Errorf("the card of a deleted heat saves: %d %s", r.Status, r.Body)
	}
	// A card for every heat of the workout still works.
	s.Do(http.MethodGet, "/api/judge/sheet", nil, every[0].Token).MustStatus(t, http.StatusOK)
}

func TestJudgeLinkRefusals(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	w, h := judgeWorld(t, s)
	past := newHeatWorld(t, s, map[string]int{"Open": 1}, []string{"Open"}) // ended in 2026-06
	path := "/api/events/" + w.event + "/judge-links"
	for _, tc := range []struct {
		body          apitest.Obj
		status        int
		field, substr string
	}{
		{apitest.Obj{"workoutId": w.first, "stations": []apitest.Obj{}}, 400, "stations", "Make between 1 and 50"},
		{apitest.Obj{"workoutId": w.first, "heatId": h.Id, "stations": []apitest.Obj{{"lanes": []int{7}}}}, 400, "stations[0].lanes", "Lane 7 of heat 1 has no team"},
		{apitest.Obj{"workoutId": w.first, "stations": []apitest.Obj{{"lanes": []int{51}}}}, 400, "stations[0].lanes", "Lanes are numbered 1 to 50"},
		{apitest.Obj{"workoutId": w.second, "heatId": h.Id, "stations": []apitest.Obj{{}}}, 400, "heatId", "is not a heat of Grace"},
		{apitest.Obj{"workoutId": w.first, "stations": []apitest.Obj{{"label": strings.Repeat("x", 61)}}}, 400, "stations[0].label", "at most 60"},
	} {
		r := s.Do(http.MethodPost, path, tc.body, w.organiser)
		if r.Status != tc.status || !strings.Contains(r.Message(), tc.substr) || !strings.Contains(string(r.Body), `"field":"`+tc.field+`"`) {
			t.Errorf("%v: %d %s", tc.body, r.Status, r.Body)
		}
	}
	r := s.Do(http.MethodPost, "/api/events/"+past.event+"/judge-links", apitest.Obj{"workoutId": past.first, "stations": []apitest.Obj{{}}}, past.organiser)
	if r.Status != http.StatusConflict || !strings.Contains(r.Message(), "The event ended on 2026-06-02") {
		t.Errorf("links of an event that ended: %d %s", r.Status, r.Body)
	}
	var list competitionv1.JudgeLinks
	s.Do(http.MethodGet, path, nil, w.organiser).MustStatus(t, http.StatusOK).Decode(t, &list)
	if len(list.Links) != 0 {
		t.Errorf("refused requests made links: %+v", list.Links)
	}
}

func TestJudgeLinkScoresOnceAndNeverOverwrites(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	w, h := judgeWorld(t, s)
	// A station for lane 2 of every heat of the workout.
	links := createLinks(t, w, apitest.Obj{"workoutId": w.first, "stations": []apitest.Obj{{"lanes": []int{2}, "label": "Station B"}}}, w.organiser)
	judge := links[0].Token
	team := h.Lanes[1].TeamId

	// Sent twice with one client id (the answer was lost): one result, the first answer.
	body := apitest.Obj{"resultValue": 245, "clientId": "0b6f1c9e-8f0e-4a34-9b1e-3f1f6c1d2a01", "basedOn": "", "teamId": team}
	var first, again resultsv1.Result
	laneResult(s, h.Id, 2, body, judge).MustStatus(t, http.StatusOK).Decode(t, &first)
	// The organiser corrects it meanwhile; the resend still gets the first answer, changes nothing.
	laneResult(s, h.Id, 2, apitest.Obj{"resultValue": 250}, w.organiser).MustStatus(t, http.StatusOK)
	laneResult(s, h.Id, 2, body, judge).MustStatus(t, http.StatusOK).Decode(t, &again)
	if first.GetId().GetValue() == "" || again.GetId().GetValue() != first.GetId().GetValue() || again.ResultText != "4:05" {
		t.Errorf("resend answered %+v, first %+v", &again, &first)
	}
	if entered := enteredResults(t, w); entered != 1 {
		t.Errorf("%d results after a resend, want 1", entered)
	}

	// A new score based on 4:05 while the server holds 4:10: refused, nothing saved.
	r := laneResult(s, h.Id, 2, apitest.Obj{"resultValue": 260, "clientId": "0b6f1c9e-8f0e-4a34-9b1e-3f1f6c1d2a02", "basedOn": "4:05"}, judge)
	if r.Status != http.StatusConflict || !strings.Contains(string(r.Body), `"field":"basedOn"`) || !strings.Contains(r.Message(), "holds 4:10 now") {
		t.Errorf("overwrite of an unseen value: %d %s", r.Status, r.Body)
	}
	// The judge keeps theirs, knowing 4:10: saved.
	var mine resultsv1.Result
	laneResult(s, h.Id, 2, apitest.Obj{"resultValue": 260, "clientId": "0b6f1c9e-8f0e-4a34-9b1e-3f1f6c1d2a02", "basedOn": "4:10"}, judge).
		MustStatus(t, http.StatusOK).Decode(t, &mine)
	if mine.ResultText != "4:20" {
		t.Errorf("chosen value saved as %q", mine.ResultText)
	}
	if r := laneResult(s, h.Id, 2, apitest.Obj{"resultValue": 260, "clientId": "not-a-uuid"}, judge); r.Status != http.StatusBadRequest || !strings.Contains(string(r.Body), "clientId") {
		t.Errorf("bad client id: %d %s", r.Status, r.Body)
	}
	// The history names the card.
	var hist struct{ Entries []struct{ Actor string } }
	s.Do(http.MethodGet, "/api/results/"+mine.GetId().GetValue()+"/history", nil, w.organiser).MustStatus(t, http.StatusOK).Decode(t, &hist)
	found := false
	for _, e := range hist.Entries {
		found = found || e.Actor == "Judge link: Station B"
	}
	if !found {
		t.Errorf("history does not name the judge link: %+v", hist.Entries)
	}
}

// A score's id answers a resend only from where it was sent, by whoever sent it (docs/judging.md,
// "Sent twice"): the same id from another event's judge, another lane, another card or a staff
// member is refused with nothing saved, and never answered with the first lane's team or value.
func TestJudgeLinkResendIsAnsweredOnlyWhereItWasMade(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	w, h := judgeWorld(t, s)
	other, otherHeat := judgeWorld(t, s)
	a := createLinks(t, w, apitest.Obj{"workoutId": w.first, "stations": []apitest.Obj{{"lanes": []int{2, 3}, "label": "Station A"}, {"lanes": []int{2}, "label": "Station A2"}}}, w.organiser)
	b := createLinks(t, other, apitest.Obj{"workoutId": other.first, "stations": []apitest.Obj{{"lanes": []int{2}, "label": "Station B"}}}, other.organiser)
	const id = "6a1d2c3e-4f50-4a61-8b72-9c8d7e6f5a40"
	body := apitest.Obj{"resultValue": 245, "clientId": id, "basedOn": ""}
	var first resultsv1.Result
	laneResult(s, h.Id, 2, body, a[0].Token).MustStatus(t, http.StatusOK).Decode(t, &first)

	secret := []string{first.GetId().GetValue(), first.GetTeamId(), "4:05", "245"}
	for _, c := range []struct {
		what, heat string
		lane       int
		token      string
	}{
		{"another event's judge", otherHeat.Id, 2, b[0].Token},
		{"the same card on another lane", h.Id, 3, a[0].Token},
		{"another card on the same lane", h.Id, 2, a[1].Token},
		{"the organiser on the same lane", h.Id, 2, w.organiser},
	} {
		r := laneResult(s, c.heat, c.lane, apitest.Obj{"resultValue": 300, "clientId": id, "basedOn": ""}, c.token)
		if r.Status != http.StatusConflict || !strings.Contains(string(r.Body), `"field":"clientId"`) {
			t.Errorf("%s: %d %s, want 409 on clientId", c.what, r.Status, r.Body)
		}
		for _, word := range secret {
			if strings.Contains(string(r.Body), word) {
				t.Errorf("%s was answered with the first lane's %q: %s", c.what, word, r.Body)
			}
		}
	}
	// Nothing was saved anywhere else.
	for _, ev := range []*heatWorld{w, other} {
		if entered, want := enteredResults(t, ev), map[bool]int{true: 1, false: 0}[ev == w]; entered != want {
			t.Errorf("event %s holds %d results, want %d", ev.event, entered, want)
		}
	}
	// The card's own resend still gets its first answer.
	var again resultsv1.Result
	laneResult(s, h.Id, 2, body, a[0].Token).MustStatus(t, http.StatusOK).Decode(t, &again)
	if again.GetId().GetValue() != first.GetId().GetValue() || again.ResultText != "4:05" {
		t.Errorf("resend answered %+v, first %+v", &again, &first)
	}
}
