package security

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/internal/platform/authn"
)

// The callers of the access matrix (docs/access.md).
const (
	cAdmin     = "admin"
	cOrgE      = "organiser of the event"
	cOrgF      = "organiser of another event"
	cScorerE   = "scorer of the event"
	cScorerF   = "scorer of another event"
	cDisabled  = "disabled user"
	cLoggedOut = "logged-out token"
	cAthlete   = "athlete"
	// Judge links (docs/judging.md): a card for lane 1 of the event's heat, and one of another
	// event's.
	cJudgeE = "judge link of the event"
	cJudgeF = "judge link of another event"
	// The token the event's card's typed code opens: the link's access, no more.
	cJudgeCode = "judge code of the event"
)

var callers = []string{cAdmin, cOrgE, cOrgF, cScorerE, cScorerF, cDisabled, cLoggedOut, cAthlete, cJudgeE, cJudgeF, cJudgeCode}

// judgeSheet is the judge link's own route: no staff account has a sheet.
const judgeSheet = "podium.results.v1.ResultsService.GetJudgeSheet"

// scorerMay are the event routes a scorer may call: read the event and its parts, the result
// grid, and create, update and delete results.
var scorerMay = map[string]bool{}

func init() {
	for _, m := range []string{
		"competition.v1.CompetitionService.GetEvent", "competition.v1.CompetitionService.ListEventDivisions",
		"competition.v1.CompetitionService.GetDivision", "competition.v1.CompetitionService.ListEventTeams",
		"competition.v1.CompetitionService.ListDivisionTeams", "competition.v1.CompetitionService.GetTeam",
		"competition.v1.CompetitionService.ListWorkouts", "competition.v1.CompetitionService.GetWorkout",
		"registration.v1.RegistrationService.ListCheckIn", "registration.v1.RegistrationService.SetCheckIn",
		"registration.v1.RegistrationService.ScanCheckIn", "registration.v1.RegistrationService.SetAthleteCheckIn",
		"results.v1.ResultsService.GetResultGrid", "results.v1.ResultsService.CreateResult",
		"results.v1.ResultsService.UpdateResult", "results.v1.ResultsService.BatchSaveResults",
		"results.v1.ResultsService.DeleteResult", "results.v1.ResultsService.DeleteResults",
		"results.v1.ResultsService.GetPublicationStatus", "public.v1.PublicService.GetAdminDivisionLeaderboard",
		"competition.v1.CompetitionService.ListHeats", "results.v1.ResultsService.SaveLaneResult",
		"results.v1.ResultsService.ExportResultsCsv", "results.v1.ResultsService.GetResultHistory",
		"competition.v1.CompetitionService.ListEventActivity",
		"results.v1.ResultsService.ListSubmissionQueue", "results.v1.ResultsService.ReviewSubmission",
		"results.v1.ResultsService.GetLeaderboardFreeze", "results.v1.ResultsService.ListAppeals",
		// the door checks waivers as it checks teams in (docs/waivers.md)
		"competition.v1.CompetitionService.GetEventWaiver", "competition.v1.CompetitionService.ListWaiverStates",
		"competition.v1.CompetitionService.KioskAcceptWaiver",
	} {
		scorerMay["podium."+m] = true
	}
}

// anyone are routes every signed-in staff user may call (lists are filtered; see
// TestListsShowOnlyGrantedEvents). Routes for every account, athletes too, are authn.SignedIn.
var anyone = map[string]bool{
	"podium.competition.v1.CompetitionService.ListEvents": true, "podium.competition.v1.CompetitionService.ListDivisions": true,
	"podium.competition.v1.CompetitionService.ListTeams": true, "podium.competition.v1.CompetitionService.ListEventStatuses": true,
	"podium.competition.v1.CompetitionService.ListScoreTypes": true, // a fixed list, whatever the event
}

// teamOnly are the athlete routes that act for the caller's confirmed team (docs/qualifiers.md):
// the matrix athlete's team waits for its partner, so it has none.
var teamOnly = map[string]bool{"podium.results.v1.ResultsService.SubmitScore": true}

// invitedOnly are the athlete routes that answer an invitation of the caller's team to a
// final (docs/qualifiers.md): the matrix athlete has none, so another's is not found.
var invitedOnly = map[string]bool{
	"podium.registration.v1.RegistrationService.AcceptFinalInvitation":  true,
	"podium.registration.v1.RegistrationService.DeclineFinalInvitation": true,
}

// answersAsEmpty are the routes that answer an unknown id with nothing done (publication
// ignores unknown result ids; the status of an unknown event counts nothing): a hidden event
// answers the same, 200.
var answersAsEmpty = map[string]bool{
	"podium.results.v1.ResultsService.TogglePublication": true, "podium.results.v1.ResultsService.PublishResults": true,
	"podium.results.v1.ResultsService.UnpublishResults": true, "podium.results.v1.ResultsService.GetPublicationStatus": true,
}

// expected is the status a caller gets from a route, or 0 for "allowed" (any answer but
// 401, 403 and 404).
func expected(r Route, caller string) int {
	switch {
	case caller == cDisabled || caller == cLoggedOut:
		return http.StatusUnauthorized
	case caller == cJudgeE || caller == cJudgeF || caller == cJudgeCode: // a judge link: its sheet and its lanes only
		switch {
		case r.Selector == judgeSheet:
			return 0
		case r.Access() != authn.Judging:
			return http.StatusForbidden
		case caller == cJudgeF: // another event's heat
			return http.StatusUnauthorized
		}
		return 0
	case r.Selector == judgeSheet: // no staff account or athlete has one
		return http.StatusForbidden
	case r.Access() == authn.SignedIn: // one's own session, staff or athlete
		return 0
	case r.Access() == authn.Athlete: // the athlete's own account: no staff
		if caller == cAthlete && teamOnly[r.Selector] { // the matrix athlete's team is not confirmed
			return http.StatusForbidden
		}
		if caller == cAthlete && invitedOnly[r.Selector] {
			return http.StatusNotFound
		}
		if caller == cAthlete {
			return 0
		}
		return http.StatusForbidden
	case caller == cAthlete: // no admin route answers an athlete
		return http.StatusForbidden
	case anyone[r.Selector]:
		return 0
	case strings.HasPrefix(r.Selector, "podium.auth.v1.AuthService."), // user management
		r.Selector == "podium.competition.v1.CompetitionService.ListMailOutbox", // mail holds sign-in links
		r.Selector == "podium.results.v1.ResultsService.ListMailOutbox",
		adminOnlySeries[r.Selector]: // a series spans events: the federation's (docs/series.md)
		if caller == cAdmin {
			return 0
		}
		return http.StatusForbidden
	case seriesWork[r.Selector]: // admins, and the organiser granted the series (the event's organiser here)
		switch {
		case caller == cAdmin || caller == cOrgE:
			return 0
		case caller == cOrgF && r.Selector == "podium.competition.v1.CompetitionService.ListSeries":
			return 0 // filtered: the series granted them
		case caller == cOrgF:
			return http.StatusNotFound
		}
		return http.StatusForbidden
	case r.Selector == "podium.competition.v1.CompetitionService.CreateEvent",
		r.Selector == "podium.competition.v1.CompetitionService.ImportEvent":
		if caller == cScorerE || caller == cScorerF {
			return http.StatusForbidden
		}
		return 0
	case caller == cAdmin || caller == cOrgE:
		return 0
	case caller == cOrgF || caller == cScorerF:
		return http.StatusNotFound
	case scorerMay[r.Selector]:
		return 0
	}
	return http.StatusForbidden
}

// world is one event with a division, two teams, a workout, an unpublished result and a heat
// with the first team in lane 1.
type world struct {
	event, division, team, otherTeam, workout, result, heat, user string
	// judgeLink is a card for lane 1 of the heat; judgeToken its token, judgeCode its code.
	judgeLink, judgeToken, judgeCode string
	// registration is the matrix athlete's team in the division (docs/registration.md).
	registration string
	// series holds the event; seriesUser is the organiser a series access route addresses
	// (the event's organiser, who is granted the series).
	series, seriesUser string
}

func (w world) path(r Route) string {
	var b strings.Builder
	segs := strings.Split(strings.TrimPrefix(r.Path, "/"), "/")
	for i, seg := range segs {
		b.WriteString("/")
		switch seg {
		case "{event_id}":
			seg = w.event
		case "{division_id}":
			seg = w.division
		case "{workout_id}":
			seg = w.workout
		case "{heat_id}":
			seg = w.heat
		case "{team_id}":
			seg = w.team
		case "{lane}", "{position}":
			seg = "1"
		case "{user_id}":
			seg = w.user
			if strings.Contains(r.Selector, "SeriesAccess") {
				seg = w.seriesUser
			}
		case "{series_id}":
			seg = w.series
		case "{id}":
			seg = map[string]string{"events": w.event, "divisions": w.division, "teams": w.team,
				"results": w.result, "users": w.user, "workouts": w.workout, "heats": w.heat, "registrations": w.registration,
				"judge-links": w.judgeLink, "series": w.series, "final-invitations": w.registration}[segs[i-1]]
		}
		b.WriteString(seg)
	}
	// Query parameters as the console sends them.
	switch r.Selector {
	case "podium.results.v1.ResultsService.DeleteResults":
		b.WriteString("?workoutId=" + w.workout + "&divisionId=" + w.division)
	case "podium.results.v1.ResultsService.GetPublicationStatus":
		b.WriteString("?eventId=" + w.event)
	case "podium.public.v1.PublicService.GetAdminDivisionLeaderboard":
		b.WriteString("?includeUnpublished=true")
	}
	return b.String()
}

// body is a request body for any write route of the contract, aimed at w: when a refused
// call got through, it would change something.
func (w world) body() map[string]any {
	return map[string]any{
		"name": "Hijacked " + w.event[:8], "description": "hijacked", "eventId": w.event, "divisionId": w.division,
		"dateFrom": "2026-09-01", "dateTo": "2026-09-02", "teamId": w.otherTeam, "workoutId": w.workout,
		"resultValue": 99, "teams": []map[string]string{{"name": "Hijack Team"}},
		"results":   []map[string]any{{"teamId": w.otherTeam, "workoutId": w.workout, "resultValue": 98}},
		"resultIds": []string{w.result}, "workoutIds": []string{w.workout},
		"scoreType": "TIME", "timeCapSeconds": 600, "role": "organiser", "disabled": true,
		"username": "hijacker-" + w.event[:8], "password": "a-perfectly-long-passphrase",
		"currentPassword": "not-the-password", "newPassword": "another-long-passphrase",
		"startTime": "2026-06-01T09:00:00Z", "lanes": []map[string]any{{"lane": 1, "teamId": w.otherTeam}},
		"divisionIds": []string{w.division}, "lanesPerHeat": 4, "order": "name", "firstStart": "2026-06-01T09:00:00Z",
	}
}

func (w world) call(s *stacktest.Stack, r Route, token string) *stacktest.Response {
	var body any
	if r.Method == http.MethodPost || r.Method == http.MethodPut {
		body = w.body()
	}
	return s.Do(r.Method, w.path(r), body, token)
}

type accounts struct {
	s      *stacktest.Stack
	ids    map[string]string
	tokens map[string]string
}

func (a *accounts) create(t *testing.T, name, role string) {
	t.Helper()
	var u struct{ ID string }
	a.s.Admin(http.MethodPost, "/api/users", map[string]any{"username": name, "password": name + "-passphrase", "role": role}).
		MustStatus(t, http.StatusOK).Decode(t, &u)
	a.ids[name] = u.ID
	a.tokens[name] = a.s.Login(name, name+"-passphrase")
}

func (a *accounts) grant(t *testing.T, event, name, role string) {
	t.Helper()
	a.s.Admin(http.MethodPut, "/api/events/"+event+"/access/"+a.ids[name], map[string]any{"role": role}).MustStatus(t, http.StatusOK)
}

// newWorld builds an event (by the admin) with every caller's grant on it as its name says.
func newWorld(t *testing.T, a *accounts, grants map[string]string) world {
	t.Helper()
	s := a.s
	// In the future: judge links end with the event.
	ev := s.Events(t).Event(eventtest.Fields{"name": "Matrix Games", "dateFrom": "2099-06-01", "dateTo": "2099-06-02", "status": "PUBLISHED"})
	div := ev.Division("Open", "", eventtest.Named("Alpha", "Bravo")...)
	wo := ev.Workout(eventtest.WorkoutFields("Grace", "TIME", 600, 0)).GetId()
	saved := ev.Result("Alpha", "Grace", eventtest.Fields{"resultValue": 245}) // a draft
	teams := ev.Teams
	var heat struct{ ID string }
	s.Admin(http.MethodPost, "/api/events/"+ev.ID+"/workouts/"+wo+"/heats", map[string]any{"startTime": "2026-06-01T09:00:00Z",
		"lanes": []map[string]any{{"lane": 1, "teamId": teams[0].GetId()}}}).MustStatus(t, http.StatusOK).Decode(t, &heat)
	for name, role := range grants {
		a.grant(t, ev.ID, name, role)
	}
	s.Admin(http.MethodPut, "/api/divisions/"+div.GetId()+"/registration", map[string]any{"capacity": 10,
		"opensAt": time.Now().Add(-time.Hour).UTC().Format(time.RFC3339), "closesAt": time.Now().Add(time.Hour).UTC().Format(time.RFC3339)}).
		MustStatus(t, http.StatusOK)
	var reg struct{ ID string }
	s.Do(http.MethodPost, "/api/registration/events/"+ev.ID+"/registrations", map[string]any{"divisionId": div.GetId(), "teamName": "Matrix Pair"},
		a.tokens[cAthlete]).MustStatus(t, http.StatusOK).Decode(t, &reg)
	var series struct{ ID string }
	s.Admin(http.MethodPost, "/api/series", map[string]any{"name": "Matrix League"}).MustStatus(t, http.StatusOK).Decode(t, &series)
	s.Admin(http.MethodPost, "/api/series/"+series.ID+"/events", map[string]any{"eventId": ev.ID}).MustStatus(t, http.StatusOK)
	if grants[cOrgE] == "organiser" {
		s.Admin(http.MethodPut, "/api/series/"+series.ID+"/access/"+a.ids[cOrgE], map[string]any{}).MustStatus(t, http.StatusOK)
	}
	var links struct {
		Links []struct{ ID, Token, Code string }
	}
	s.Admin(http.MethodPost, "/api/events/"+ev.ID+"/judge-links", map[string]any{"workoutId": wo, "heatId": heat.ID,
		"stations": []map[string]any{{"lanes": []int{1}}}}).MustStatus(t, http.StatusOK).Decode(t, &links)
	return world{event: ev.ID, division: div.GetId(), team: teams[0].GetId(), otherTeam: teams[1].GetId(), workout: wo, result: saved.GetId().GetValue(),
		heat: heat.ID, user: a.ids["target"], registration: reg.ID, judgeLink: links.Links[0].ID, judgeToken: links.Links[0].Token, judgeCode: links.Links[0].Code,
		series: series.ID, seriesUser: a.ids[cOrgE]}
}

// TestAccessMatrix walks every admin route of the contract with each kind of caller: the
// refusals are the expected status (an event without a grant answers exactly as a missing
// one), and the database is unchanged after every refusal; the allowed calls get through.
func TestAccessMatrix(t *testing.T) {
	t.Parallel()
	routes, err := Routes()
	if err != nil {
		t.Fatal(err)
	}
	s := stacktest.Start(t)
	a := &accounts{s: s, ids: map[string]string{}, tokens: map[string]string{cAdmin: s.Token}}
	for _, c := range []struct{ name, role string }{
		{cOrgE, "organiser"}, {cOrgF, "organiser"}, {cScorerE, "scorer"}, {cScorerF, "scorer"},
		{cDisabled, "organiser"}, {cLoggedOut, "organiser"}, {"target", "scorer"},
	} {
		a.create(t, strings.ReplaceAll(c.name, " ", "-"), c.role)
		a.ids[c.name], a.tokens[c.name] = a.ids[strings.ReplaceAll(c.name, " ", "-")], a.tokens[strings.ReplaceAll(c.name, " ", "-")]
	}
	athlete := s.SignUpAthlete("Matrix", "Athlete")
	a.tokens[cAthlete] = athlete.Token
	f := newWorld(t, a, map[string]string{cOrgF: "organiser", cScorerF: "scorer"})
	w := newWorld(t, a, map[string]string{cOrgE: "organiser", cScorerE: "scorer", cDisabled: "organiser", cLoggedOut: "organiser", "target": "scorer"})
	a.tokens[cJudgeE], a.tokens[cJudgeF] = w.judgeToken, f.judgeToken
	var redeemed struct{ ID, Token string }
	s.Do(http.MethodPost, "/api/judge/code", map[string]any{"code": w.judgeCode}, "").MustStatus(t, http.StatusOK).Decode(t, &redeemed)
	if redeemed.ID != w.judgeLink {
		t.Fatalf("the card's code opened link %s, want %s", redeemed.ID, w.judgeLink)
	}
	a.tokens[cJudgeCode] = redeemed.Token
	s.Admin(http.MethodPut, "/api/users/"+a.ids[cDisabled], map[string]any{"role": "organiser", "disabled": true}).MustStatus(t, http.StatusOK)
	s.Do(http.MethodPost, "/api/auth/logout", nil, a.tokens[cLoggedOut]).MustStatus(t, http.StatusOK)
	time.Sleep(authn.MaxSessionStaleness)
	missing := world{event: uuid.NewString(), division: uuid.NewString(), team: uuid.NewString(), otherTeam: uuid.NewString(), registration: uuid.NewString(),
		workout: uuid.NewString(), result: uuid.NewString(), heat: uuid.NewString(), user: w.user, judgeLink: uuid.NewString(),
		series: uuid.NewString(), seriesUser: w.seriesUser}

	refusals, admin := 0, 0
	before := snapshot(t, s)
	for _, r := range routes {
		if r.Public() {
			continue
		}
		admin++
		for _, c := range callers {
			want := expected(r, c)
			if want == 0 {
				continue
			}
			refusals++
			resp := w.call(s, r, a.tokens[c])
			if want == http.StatusNotFound && answersAsEmpty[r.Selector] {
				want = http.StatusOK
			}
			if resp.Status != want {
				t.Errorf("%s %s as %s: %d, want %d: %s", r.Method, r.Path, c, resp.Status, want, resp.Body)
				continue
			}
			if want == http.StatusNotFound || answersAsEmpty[r.Selector] && (c == cOrgF || c == cScorerF) {
				if gone := missing.call(s, r, a.tokens[c]); gone.Status != resp.Status || string(gone.Body) != string(resp.Body) {
					t.Errorf("%s %s as %s: hidden event answers %d %q, a missing one %d %q", r.Method, r.Path, c, resp.Status, resp.Message(), gone.Status, gone.Message())
				}
			}
			if after := snapshot(t, s); after != before {
				t.Fatalf("%s %s as %s changed the database", r.Method, r.Path, c)
			}
		}
	}
	if admin < 50 {
		t.Fatalf("only %d admin routes found in proto/http.yaml", admin)
	}

	// The allowed calls, each caller on a world of its own, destructive routes last.
	allowed := 0
	for _, c := range []string{cJudgeE, cJudgeF, cJudgeCode, cAdmin, cOrgE, cOrgF, cScorerE, cScorerF, cAthlete} {
		mine := w // a judge link's token names w's lane (its two routes change nothing else)
		judge := c == cJudgeE || c == cJudgeF || c == cJudgeCode
		if !judge {
			mine = newWorld(t, a, map[string]string{cOrgE: "organiser", cScorerE: "scorer"})
		}
		for _, r := range ordered(routes) {
			if r.Public() || expected(r, c) != 0 {
				continue
			}
			allowed++
			resp := mine.call(s, r, a.tokens[c])
			if resp.Status == http.StatusUnauthorized || resp.Status == http.StatusForbidden || resp.Status == http.StatusNotFound || resp.Status >= 500 {
				t.Errorf("%s %s as %s: %d: %s", r.Method, r.Path, c, resp.Status, resp.Body)
			}
		}
		// The Logout route signed the caller out: sign in again.
		switch c {
		case cJudgeE, cJudgeF, cJudgeCode: // no Logout: still signed in
		case cAdmin:
			s.Token = s.Login(s.AdminUsername, stacktest.AdminPassword)
			a.tokens[c] = s.Token
		case cAthlete:
			a.tokens[c] = s.SignInAthlete(athlete.Email, stacktest.AthletePassword)
		default:
			a.tokens[c] = s.Login(strings.ReplaceAll(c, " ", "-"), strings.ReplaceAll(c, " ", "-")+"-passphrase")
		}
	}
	refusals += publishedRows(t, s, a)
	t.Logf("%d admin routes: %d refusals and %d allowed calls checked", admin, refusals, allowed)
}

// publishedRows are the matrix's rows on a published result (docs/result-invariants.md,
// "Pending changes"): a scorer may edit it (the change is pending) but neither delete it, one or
// all of its cell, nor save with publication: 403, and nothing changes. The event's organiser
// may. It returns the number of refusals checked.
func publishedRows(t *testing.T, s *stacktest.Stack, a *accounts) int {
	t.Helper()
	w := newWorld(t, a, map[string]string{cOrgE: "organiser", cScorerE: "scorer"})
	s.Admin(http.MethodPost, "/api/results/publication/publish", map[string]any{"resultIds": []string{w.result}}).MustStatus(t, http.StatusOK)
	deleteOne := fmt.Sprintf("/api/results/%s", w.result)
	deleteAll := fmt.Sprintf("/api/events/%s/results?workoutId=%s&divisionId=%s", w.event, w.workout, w.division)
	saveAndPublish := map[string]any{"publish": true, "results": []map[string]any{{"teamId": w.team, "workoutId": w.workout, "resultValue": 200}}}
	rows := []struct {
		method, path string
		body         any
		caller       string
		want         int
	}{
		{http.MethodDelete, deleteOne, nil, cScorerE, http.StatusForbidden},
		{http.MethodDelete, deleteAll, nil, cScorerE, http.StatusForbidden},
		{http.MethodPost, "/api/results/batch", saveAndPublish, cScorerE, http.StatusForbidden},
	}
	before := snapshot(t, s)
	for _, r := range rows {
		resp := s.Do(r.method, r.path, r.body, a.tokens[r.caller])
		if resp.Status != r.want {
			t.Errorf("%s %s on a published result as %s: %d, want %d: %s", r.method, r.path, r.caller, resp.Status, r.want, resp.Body)
		}
		if after := snapshot(t, s); after != before {
			t.Fatalf("%s %s on a published result as %s changed the database", r.method, r.path, r.caller)
		}
	}
	// The organiser may: save and publish, then delete the cell's published results.
	s.Do(http.MethodPost, "/api/results/batch", saveAndPublish, a.tokens[cOrgE]).MustStatus(t, http.StatusOK)
	s.Do(http.MethodDelete, deleteAll, nil, a.tokens[cOrgE]).MustStatus(t, http.StatusOK)
	return len(rows)
}

// ordered puts the routes that end sessions or delete things last, the parts of an event
// before what holds them.
func ordered(routes []Route) []Route {
	last := []string{
		// Generating replaces the world's heat: after every call that addresses it.
		"podium.competition.v1.CompetitionService.DeleteHeat", "podium.competition.v1.CompetitionService.GenerateHeats",
		"podium.results.v1.ResultsService.DeleteResult", "podium.results.v1.ResultsService.DeleteResults",
		"podium.competition.v1.CompetitionService.DeleteTeam", "podium.competition.v1.CompetitionService.DeleteWorkout",
		"podium.competition.v1.CompetitionService.DeleteDivision", "podium.competition.v1.CompetitionService.RevokeEventAccess",
		"podium.competition.v1.CompetitionService.RemoveSeriesEvent", "podium.competition.v1.CompetitionService.RevokeSeriesAccess",
		"podium.competition.v1.CompetitionService.DeleteSeries",
		"podium.competition.v1.CompetitionService.DeleteEvent", "podium.auth.v1.AuthService.Logout",
	}
	rank := func(r Route) int {
		for i, sel := range last {
			if r.Selector == sel {
				return i + 1
			}
		}
		return 0
	}
	out := make([]Route, 0, len(routes))
	for k := 0; k <= len(last); k++ {
		for _, r := range routes {
			if rank(r) == k {
				out = append(out, r)
			}
		}
	}
	return out
}

// adminOnlySeries are the series calls only admins make: creating and deleting a series, and
// granting it to organisers.
var adminOnlySeries = map[string]bool{
	"podium.competition.v1.CompetitionService.CreateSeries":       true,
	"podium.competition.v1.CompetitionService.DeleteSeries":       true,
	"podium.competition.v1.CompetitionService.ListSeriesAccess":   true,
	"podium.competition.v1.CompetitionService.GrantSeriesAccess":  true,
	"podium.competition.v1.CompetitionService.RevokeSeriesAccess": true,
}

// seriesWork are the calls that work on one series: admins, and the organisers granted it
// (another organiser's series answers as a missing one; the list shows theirs only).
var seriesWork = map[string]bool{
	"podium.competition.v1.CompetitionService.ListSeries":           true,
	"podium.competition.v1.CompetitionService.GetSeries":            true,
	"podium.competition.v1.CompetitionService.UpdateSeries":         true,
	"podium.competition.v1.CompetitionService.AddSeriesEvent":       true,
	"podium.competition.v1.CompetitionService.RemoveSeriesEvent":    true,
	"podium.competition.v1.CompetitionService.MapSeriesDivisions":   true,
	"podium.competition.v1.CompetitionService.CreateSeriesDivision": true,
	"podium.competition.v1.CompetitionService.ListSeriesActivity":   true,
}
