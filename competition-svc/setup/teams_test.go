package setup_test

import (
	"slices"
	"testing"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	"github.com/podium-dev/podium/competition-svc/setup"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

func teamCount(t *testing.T, f *apitest.Services) int {
	t.Helper()
	var n int
	if err := f.Pool.QueryRow(f.Ctx, `SELECT count(*) FROM competition.teams`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestCreateTeam(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "Open", "2026-01-01", "2026-01-02")
	d := f.Division(t, e.GetId(), "Elite")
	var tm *competitionv1.Team
	f.Bumped(t, e.GetId(), func() {
		tm = apitest.Must[*competitionv1.Team](t)(f.Srv.CreateTeam(f.Ctx, &competitionv1.CreateTeamRequest{
			Name: "  Barbell Bros ", DivisionId: d.GetId(), EventId: e.GetId(), Athlete1Name: " Ann ", Athlete2Name: "   "}))
	})
	if tm.GetName() != "Barbell Bros" || tm.GetAthlete1Name() != "Ann" || tm.GetAthlete2Name() != "" ||
		tm.GetAthleteCount() != 1 || tm.GetEventId() != e.GetId() || tm.GetEventName() != "Open" ||
		tm.GetDivisionId() != d.GetId() || tm.GetDivisionName() != "Elite" || tm.GetFinalResultsCount() != 0 ||
		tm.GetCreatedAt() == "" {
		t.Errorf("team: %v", tm)
	}
	if n := f.Team(t, d.GetId(), "Two", "A", "B").GetAthleteCount(); n != 2 {
		t.Errorf("athleteCount = %d, want 2", n)
	}
	if n := f.Team(t, d.GetId(), "None", "", "").GetAthleteCount(); n != 0 {
		t.Errorf("athleteCount = %d, want 0", n)
	}

	other := f.Event(t, "Other", "2026-01-01", "2026-01-02")
	for _, tc := range []struct {
		name  string
		req   *competitionv1.CreateTeamRequest
		kind  apperr.Kind
		field string
		msg   string
	}{
		{"short name", &competitionv1.CreateTeamRequest{Name: " x ", DivisionId: d.GetId()}, apperr.KindInvalid, "name", "Team name must be at least 2 characters"},
		{"long name", &competitionv1.CreateTeamRequest{Name: repeat("n", 256), DivisionId: d.GetId()}, apperr.KindInvalid, "name", "Team name must be less than 255 characters"},
		{"long athlete 1", &competitionv1.CreateTeamRequest{Name: "Team", Athlete1Name: repeat("a", 256), DivisionId: d.GetId()}, apperr.KindInvalid, "athlete1Name", setup.MsgAthlete1TooLong},
		{"long athlete 2", &competitionv1.CreateTeamRequest{Name: "Team", Athlete2Name: repeat("a", 256), DivisionId: d.GetId()}, apperr.KindInvalid, "athlete2Name", setup.MsgAthlete2TooLong},
		{"no division", &competitionv1.CreateTeamRequest{Name: "Team"}, apperr.KindInvalid, "divisionId", "Division is required"},
		{"malformed division", &competitionv1.CreateTeamRequest{Name: "Team", DivisionId: "d1"}, apperr.KindInvalid, "divisionId", "Division id must be a valid id"},
		{"unknown division", &competitionv1.CreateTeamRequest{Name: "Team", DivisionId: apitest.Missing}, apperr.KindNotFound, "", "Division not found"},
		{"unknown event", &competitionv1.CreateTeamRequest{Name: "Team", DivisionId: d.GetId(), EventId: apitest.Missing}, apperr.KindNotFound, "", "Event not found"},
		{"division of another event", &competitionv1.CreateTeamRequest{Name: "Team", DivisionId: d.GetId(), EventId: other.GetId()}, apperr.KindInvalid, "divisionId", core.MsgDivisionOtherEvent},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.Srv.CreateTeam(f.Ctx, tc.req)
			apitest.WantErr(t, err, tc.kind, tc.field, tc.msg)
		})
	}
	if n := teamCount(t, f); n != 3 {
		t.Errorf("%d teams saved, want 3", n)
	}
}

func TestBulkCreateTeams(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "Open", "2026-01-01", "2026-01-02")
	d := f.Division(t, e.GetId(), "Elite")
	req := &competitionv1.BulkCreateTeamsRequest{EventId: e.GetId(), DivisionId: d.GetId(), Teams: []*competitionv1.NewTeam{
		{Name: "Zeta", Athlete1Name: "Z1", Athlete2Name: "Z2"},
		{Name: " Alpha ", Athlete1Name: " A1 "},
		{Name: "Mid"},
	}}
	var resp *competitionv1.ListTeamsResponse
	f.Bumped(t, e.GetId(), func() {
		resp = apitest.Must[*competitionv1.ListTeamsResponse](t)(f.Srv.BulkCreateTeams(f.Ctx, req))
	})
	var names []string
	for _, tm := range resp.GetTeams() {
		names = append(names, tm.GetName())
		if tm.GetId() == "" || tm.GetEventId() != e.GetId() || tm.GetDivisionId() != d.GetId() || tm.GetFinalResultsCount() != 0 {
			t.Errorf("created team: %v", tm)
		}
	}
	if want := []string{"Zeta", "Alpha", "Mid"}; !slices.Equal(names, want) {
		t.Errorf("order = %q, want input order %q", names, want)
	}
	if a := resp.GetTeams()[1]; a.GetAthlete1Name() != "A1" || a.GetAthleteCount() != 1 {
		t.Errorf("trimmed: %v", a)
	}

	// An empty batch creates nothing and is not an error.
	empty := apitest.Must[*competitionv1.ListTeamsResponse](t)(f.Srv.BulkCreateTeams(f.Ctx, &competitionv1.BulkCreateTeamsRequest{EventId: e.GetId(), DivisionId: d.GetId()}))
	if len(empty.GetTeams()) != 0 {
		t.Errorf("empty batch: %v", empty)
	}
}

func TestBulkCreateTeamsAllOrNothing(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "Open", "2026-01-01", "2026-01-02")
	d := f.Division(t, e.GetId(), "Elite")
	other := f.Event(t, "Other", "2026-01-01", "2026-01-02")
	otherDiv := f.Division(t, other.GetId(), "Elite")
	good := []*competitionv1.NewTeam{{Name: "One"}, {Name: "Two"}}

	// A row breaking a rule: nothing saved, the row is named.
	_, err := f.Srv.BulkCreateTeams(f.Ctx, &competitionv1.BulkCreateTeamsRequest{EventId: e.GetId(), DivisionId: d.GetId(),
		Teams: append(slices.Clone(good), &competitionv1.NewTeam{Name: "X"})})
	apitest.WantErr(t, err, apperr.KindInvalid, "teams[2].name", "Team name must be at least 2 characters")
	_, err = f.Srv.BulkCreateTeams(f.Ctx, &competitionv1.BulkCreateTeamsRequest{EventId: e.GetId(), DivisionId: d.GetId(),
		Teams: append(slices.Clone(good), &competitionv1.NewTeam{Name: "Three", Athlete2Name: repeat("a", 256)})})
	apitest.WantErr(t, err, apperr.KindInvalid, "teams[2].athlete2Name", setup.MsgAthlete2TooLong)

	// A row the database refuses after the others were inserted: the transaction rolls back.
	f.NotBumped(t, e.GetId(), func() {
		_, err = f.Srv.BulkCreateTeams(f.Ctx, &competitionv1.BulkCreateTeamsRequest{EventId: e.GetId(), DivisionId: d.GetId(),
			Teams: append(slices.Clone(good), &competitionv1.NewTeam{Name: "Bad\x00Byte"})})
	})
	if err == nil {
		t.Fatal("a NUL byte was stored")
	}

	// The division must belong to the event.
	_, err = f.Srv.BulkCreateTeams(f.Ctx, &competitionv1.BulkCreateTeamsRequest{EventId: e.GetId(), DivisionId: otherDiv.GetId(), Teams: good})
	apitest.WantErr(t, err, apperr.KindInvalid, "divisionId", core.MsgDivisionOtherEvent)
	_, err = f.Srv.BulkCreateTeams(f.Ctx, &competitionv1.BulkCreateTeamsRequest{DivisionId: d.GetId(), Teams: good})
	apitest.WantErr(t, err, apperr.KindInvalid, "eventId", "Event is required")
	_, err = f.Srv.BulkCreateTeams(f.Ctx, &competitionv1.BulkCreateTeamsRequest{EventId: e.GetId(), Teams: good})
	apitest.WantErr(t, err, apperr.KindInvalid, "divisionId", "Division is required")
	_, err = f.Srv.BulkCreateTeams(f.Ctx, &competitionv1.BulkCreateTeamsRequest{EventId: "e", DivisionId: d.GetId(), Teams: good})
	apitest.WantErr(t, err, apperr.KindInvalid, "eventId", "Event id must be a valid id")
	_, err = f.Srv.BulkCreateTeams(f.Ctx, &competitionv1.BulkCreateTeamsRequest{EventId: e.GetId(), DivisionId: apitest.Missing, Teams: good})
	apitest.WantErr(t, err, apperr.KindNotFound, "", "Division not found")

	if n := teamCount(t, f); n != 0 {
		t.Errorf("%d teams saved by failed batches", n)
	}
}

func TestListTeamsSortedWithOneCountCall(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "Open", "2026-01-01", "2026-01-02")
	e2 := f.Event(t, "Other", "2026-01-01", "2026-01-02")
	elite := f.Division(t, e.GetId(), "Elite")
	scaled := f.Division(t, e.GetId(), "Scaled")
	otherDiv := f.Division(t, e2.GetId(), "Open")
	b := f.Team(t, elite.GetId(), "bravo", "", "")
	f.Team(t, scaled.GetId(), "Alpha", "", "")
	f.Team(t, elite.GetId(), "Charlie", "", "")
	f.Team(t, otherDiv.GetId(), "Delta", "", "")
	var wods []*competitionv1.Workout
	for _, name := range []string{"W1", "W2", "W3", "W4"} {
		wods = append(wods, f.Workout(t, e.GetId(), name, "REPS"))
	}
	f.SaveResults(t, b.GetId(), true, wods...)

	names := func(r *competitionv1.ListTeamsResponse) []string {
		var out []string
		for _, tm := range r.GetTeams() {
			out = append(out, tm.GetName())
		}
		return out
	}
	// The counts are competition-svc's own (results-svc records them): no call for them.
	before := f.Calls.Total()
	all := apitest.Must[*competitionv1.ListTeamsResponse](t)(f.Srv.ListTeams(f.Ctx, &competitionv1.ListTeamsRequest{}))
	if got := f.Calls.Total() - before; got != 0 {
		t.Errorf("ListTeams made %d calls to results-svc, want none", got)
	}
	if want := []string{"Alpha", "bravo", "Charlie", "Delta"}; !slices.Equal(names(all), want) {
		t.Errorf("all = %q, want %q", names(all), want)
	}
	if all.GetTeams()[1].GetFinalResultsCount() != 4 || all.GetTeams()[0].GetFinalResultsCount() != 0 {
		t.Errorf("finalResultsCount: %v", all.GetTeams())
	}

	byEvent := apitest.Must[*competitionv1.ListTeamsResponse](t)(f.Srv.ListEventTeams(f.Ctx, &competitionv1.ListEventTeamsRequest{EventId: e.GetId()}))
	if want := []string{"Alpha", "bravo", "Charlie"}; !slices.Equal(names(byEvent), want) {
		t.Errorf("by event = %q, want %q", names(byEvent), want)
	}
	byDivision := apitest.Must[*competitionv1.ListTeamsResponse](t)(f.Srv.ListDivisionTeams(f.Ctx, &competitionv1.ListDivisionTeamsRequest{DivisionId: elite.GetId()}))
	if want := []string{"bravo", "Charlie"}; !slices.Equal(names(byDivision), want) {
		t.Errorf("by division = %q, want %q", names(byDivision), want)
	}
	if byDivision.GetTeams()[0].GetFinalResultsCount() != 4 {
		t.Errorf("finalResultsCount by division: %v", byDivision.GetTeams()[0])
	}

	_, err := f.Srv.ListEventTeams(f.Ctx, &competitionv1.ListEventTeamsRequest{EventId: apitest.Missing})
	apitest.WantErr(t, err, apperr.KindNotFound, "", "Event not found")
	_, err = f.Srv.ListDivisionTeams(f.Ctx, &competitionv1.ListDivisionTeamsRequest{DivisionId: apitest.Missing})
	apitest.WantErr(t, err, apperr.KindNotFound, "", "Division not found")
	_, err = f.Srv.ListDivisionTeams(f.Ctx, &competitionv1.ListDivisionTeamsRequest{DivisionId: "x"})
	apitest.WantErr(t, err, apperr.KindInvalid, "divisionId", "Division id must be a valid id")

	emptyEvent := f.Event(t, "Empty", "2026-01-01", "2026-01-01").GetId()
	before = f.Calls.Total()
	empty := apitest.Must[*competitionv1.ListTeamsResponse](t)(f.Srv.ListEventTeams(f.Ctx, &competitionv1.ListEventTeamsRequest{EventId: emptyEvent}))
	if n := f.Calls.Total() - before; len(empty.GetTeams()) != 0 || n != 0 {
		t.Errorf("empty list: %v, %d calls", empty, n)
	}
}

func TestGetTeam(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "Open", "2026-01-01", "2026-01-02")
	d := f.Division(t, e.GetId(), "Elite")
	tm := f.Team(t, d.GetId(), "Team", "A", "B")
	draft := f.Workout(t, e.GetId(), "Draft", "REPS")
	f.SaveResults(t, tm.GetId(), true, f.Workout(t, e.GetId(), "W1", "REPS"), f.Workout(t, e.GetId(), "W2", "TIME"), f.Workout(t, e.GetId(), "W3", "POINTS"))
	f.SaveResults(t, tm.GetId(), false, draft) // not final: not counted
	got := apitest.Must[*competitionv1.Team](t)(f.Srv.GetTeam(f.Ctx, &competitionv1.TeamRequest{Id: tm.GetId()}))
	if got.GetFinalResultsCount() != 3 || got.GetAthleteCount() != 2 || got.GetDivisionName() != "Elite" || got.GetEventName() != "Open" {
		t.Errorf("team: %v", got)
	}
	_, err := f.Srv.GetTeam(f.Ctx, &competitionv1.TeamRequest{Id: apitest.Missing})
	apitest.WantErr(t, err, apperr.KindNotFound, "", "Team not found")
	_, err = f.Srv.GetTeam(f.Ctx, &competitionv1.TeamRequest{Id: "t"})
	apitest.WantErr(t, err, apperr.KindInvalid, "id", "Team id must be a valid id")
}

func TestUpdateTeam(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "Open", "2026-01-01", "2026-01-02")
	elite := f.Division(t, e.GetId(), "Elite")
	scaled := f.Division(t, e.GetId(), "Scaled")
	foreign := f.Division(t, f.Event(t, "Other", "2026-01-01", "2026-01-02").GetId(), "Elite")
	tm := f.Team(t, elite.GetId(), "Team", "A", "B")

	var got *competitionv1.Team
	f.Bumped(t, e.GetId(), func() {
		got = apitest.Must[*competitionv1.Team](t)(f.Srv.UpdateTeam(f.Ctx, &competitionv1.UpdateTeamRequest{
			Id: tm.GetId(), Name: " Renamed ", DivisionId: scaled.GetId(), Athlete1Name: "Ann", Athlete2Name: ""}))
	})
	if got.GetName() != "Renamed" || got.GetDivisionId() != scaled.GetId() || got.GetDivisionName() != "Scaled" ||
		got.GetAthlete1Name() != "Ann" || got.GetAthlete2Name() != "" || got.GetAthleteCount() != 1 || got.GetEventId() != e.GetId() {
		t.Errorf("updated: %v", got)
	}

	_, err := f.Srv.UpdateTeam(f.Ctx, &competitionv1.UpdateTeamRequest{Id: tm.GetId(), Name: "Team", DivisionId: foreign.GetId()})
	apitest.WantErr(t, err, apperr.KindInvalid, "divisionId", setup.MsgTeamMoveOtherEvent)
	_, err = f.Srv.UpdateTeam(f.Ctx, &competitionv1.UpdateTeamRequest{Id: tm.GetId(), Name: "Team", DivisionId: apitest.Missing})
	apitest.WantErr(t, err, apperr.KindNotFound, "", "Division not found")
	_, err = f.Srv.UpdateTeam(f.Ctx, &competitionv1.UpdateTeamRequest{Id: tm.GetId(), Name: "T", DivisionId: scaled.GetId()})
	apitest.WantErr(t, err, apperr.KindInvalid, "name", "Team name must be at least 2 characters")
	_, err = f.Srv.UpdateTeam(f.Ctx, &competitionv1.UpdateTeamRequest{Id: apitest.Missing, Name: "Team"})
	apitest.WantErr(t, err, apperr.KindNotFound, "", "Team not found")
	_, err = f.Srv.UpdateTeam(f.Ctx, &competitionv1.UpdateTeamRequest{Id: "bad", Name: "Team"})
	apitest.WantErr(t, err, apperr.KindInvalid, "id", "Team id must be a valid id")

	// Final results lock the team.
	f.SaveResults(t, tm.GetId(), true, f.Workout(t, e.GetId(), "Fran", "TIME"))
	f.NotBumped(t, e.GetId(), func() {
		_, err = f.Srv.UpdateTeam(f.Ctx, &competitionv1.UpdateTeamRequest{Id: tm.GetId(), Name: "Again", DivisionId: scaled.GetId()})
	})
	apitest.WantErr(t, err, apperr.KindConflict, "", "This team has final results and cannot be edited or deleted.")
	still := apitest.Must[*competitionv1.Team](t)(f.Srv.GetTeam(f.Ctx, &competitionv1.TeamRequest{Id: tm.GetId()}))
	if still.GetName() != "Renamed" {
		t.Errorf("locked team changed: %v", still)
	}
}

func TestDeleteTeam(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "Open", "2026-01-01", "2026-01-02")
	d := f.Division(t, e.GetId(), "Elite")
	locked := f.Team(t, d.GetId(), "Locked", "", "")
	free := f.Team(t, d.GetId(), "Free", "", "")
	w1, w2 := f.Workout(t, e.GetId(), "W1", "REPS"), f.Workout(t, e.GetId(), "W2", "REPS")
	f.SaveResults(t, locked.GetId(), true, w1, w2)
	f.SaveResults(t, free.GetId(), false, w1, w2) // drafts go with the team

	_, err := f.Srv.DeleteTeam(f.Ctx, &competitionv1.TeamRequest{Id: locked.GetId()})
	apitest.WantErr(t, err, apperr.KindConflict, "", "This team has final results and cannot be edited or deleted.")
	apitest.Must[*competitionv1.Team](t)(f.Srv.GetTeam(f.Ctx, &competitionv1.TeamRequest{Id: locked.GetId()}))

	f.Bumped(t, e.GetId(), func() {
		apitest.Must[any](t)(f.Srv.DeleteTeam(f.Ctx, &competitionv1.TeamRequest{Id: free.GetId()}))
	})
	_, err = f.Srv.DeleteTeam(f.Ctx, &competitionv1.TeamRequest{Id: free.GetId()})
	apitest.WantErr(t, err, apperr.KindNotFound, "", "Team not found")
	// results-svc purged the deleted team's results, and only those.
	if n := f.StoredResults(t, free.GetId()); n != 0 {
		t.Errorf("%d results of the deleted team left in results-svc", n)
	}
	if n := f.StoredResults(t, locked.GetId()); n != 2 {
		t.Errorf("%d results of the other team left in results-svc, want 2", n)
	}
	if n := apitest.Must[*competitionv1.Division](t)(f.Srv.GetDivision(f.Ctx, &competitionv1.DivisionRequest{Id: d.GetId()})).GetTeamCount(); n != 1 {
		t.Errorf("teamCount after delete = %d", n)
	}
}

func TestTeamNamesAreUniqueInTheirDivision(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "Open", "2026-01-01", "2026-01-02")
	elite := f.Division(t, e.GetId(), "Elite")
	scaled := f.Division(t, e.GetId(), "Scaled")
	bandits := f.Team(t, elite.GetId(), "Barbell Bandits", "", "")
	other := f.Team(t, elite.GetId(), "Kettle Crew", "", "")
	taken := `A team named "Barbell Bandits" is already in this division`

	for _, name := range []string{"Barbell Bandits", "barbell bandits", " BARBELL   Bandits ", "Bärbell Bandits"} {
		_, err := f.Srv.CreateTeam(f.Ctx, &competitionv1.CreateTeamRequest{DivisionId: elite.GetId(), Name: name})
		apitest.WantErr(t, err, apperr.KindConflict, "name", taken)
	}
	_, err := f.Srv.BulkCreateTeams(f.Ctx, &competitionv1.BulkCreateTeamsRequest{EventId: e.GetId(), DivisionId: elite.GetId(),
		Teams: []*competitionv1.NewTeam{{Name: "New One"}, {Name: "BARBELL BANDITS"}}})
	apitest.WantErr(t, err, apperr.KindConflict, "teams[1].name", taken)
	_, err = f.Srv.BulkCreateTeams(f.Ctx, &competitionv1.BulkCreateTeamsRequest{EventId: e.GetId(), DivisionId: elite.GetId(),
		Teams: []*competitionv1.NewTeam{{Name: "Twin"}, {Name: "twin"}}})
	apitest.WantErr(t, err, apperr.KindConflict, "teams[0].name", `Team name "Twin" appears more than once in this division`)
	_, err = f.Srv.UpdateTeam(f.Ctx, &competitionv1.UpdateTeamRequest{Id: other.GetId(), Name: "barbell bandits"})
	apitest.WantErr(t, err, apperr.KindConflict, "name", taken)
	if n := teamCount(t, f); n != 2 {
		t.Fatalf("%d teams, want 2", n)
	}

	// The same name in another division, a team keeping or recasing its own name: fine.
	f.Team(t, scaled.GetId(), "Barbell Bandits", "", "")
	if _, err := f.Srv.UpdateTeam(f.Ctx, &competitionv1.UpdateTeamRequest{Id: bandits.GetId(), Name: "BARBELL BANDITS", Athlete1Name: "Ann"}); err != nil {
		t.Fatalf("recasing its own name: %v", err)
	}
	// Moving into a division where the name is taken is a clash too.
	_, err = f.Srv.UpdateTeam(f.Ctx, &competitionv1.UpdateTeamRequest{Id: bandits.GetId(), Name: "Barbell Bandits", DivisionId: scaled.GetId()})
	apitest.WantErr(t, err, apperr.KindConflict, "name", taken)
}
