package setup_test

import (
	"slices"
	"testing"

	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

func TestCreateDivision(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "Open", "2026-01-01", "2026-01-02")
	var d *competitionv1.Division
	f.Bumped(t, e.GetId(), func() {
		d = apitest.Must[*competitionv1.Division](t)(f.Srv.CreateDivision(f.Ctx, &competitionv1.CreateDivisionRequest{
			Name: "  Elite Mixed ", Description: "RX", EventId: e.GetId()}))
	})
	if d.GetName() != "Elite Mixed" || d.GetDescription() != "RX" || d.GetEventId() != e.GetId() ||
		d.GetEventName() != "Open" || d.GetTeamCount() != 0 || d.GetCreatedAt() == "" || d.GetUpdatedAt() == "" {
		t.Errorf("division: %v", d)
	}

	for _, tc := range []struct {
		name  string
		req   *competitionv1.CreateDivisionRequest
		kind  apperr.Kind
		field string
		msg   string
	}{
		{"short name", &competitionv1.CreateDivisionRequest{Name: " A ", EventId: e.GetId()}, apperr.KindInvalid, "name", "Division name must be at least 2 characters"},
		{"long name", &competitionv1.CreateDivisionRequest{Name: repeat("a", 256), EventId: e.GetId()}, apperr.KindInvalid, "name", "Division name must be less than 255 characters"},
		{"long description", &competitionv1.CreateDivisionRequest{Name: "Scaled", Description: repeat("d", 501), EventId: e.GetId()}, apperr.KindInvalid, "description", "Description must be less than 500 characters"},
		{"no event", &competitionv1.CreateDivisionRequest{Name: "Scaled"}, apperr.KindInvalid, "eventId", "Event is required"},
		{"malformed event", &competitionv1.CreateDivisionRequest{Name: "Scaled", EventId: "abc"}, apperr.KindInvalid, "eventId", "Event id must be a valid id"},
		{"unknown event", &competitionv1.CreateDivisionRequest{Name: "Scaled", EventId: apitest.Missing}, apperr.KindNotFound, "", "Event not found"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.Srv.CreateDivision(f.Ctx, tc.req)
			apitest.WantErr(t, err, tc.kind, tc.field, tc.msg)
		})
	}
	// Limits are inclusive: 255 characters and 500 characters pass.
	apitest.Must[*competitionv1.Division](t)(f.Srv.CreateDivision(f.Ctx, &competitionv1.CreateDivisionRequest{
		Name: repeat("ä", 255), Description: repeat("d", 500), EventId: e.GetId()}))
}

func TestListDivisions(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e1 := f.Event(t, "Later", "2026-09-01", "2026-09-01")
	e2 := f.Event(t, "Sooner", "2026-03-01", "2026-03-01")
	f.Division(t, e1.GetId(), "scaled")
	elite := f.Division(t, e1.GetId(), "Elite")
	f.Division(t, e1.GetId(), "Masters")
	f.Division(t, e2.GetId(), "Teens")
	f.Team(t, elite.GetId(), "T1", "", "")
	f.Team(t, elite.GetId(), "T2", "", "")

	byEvent := apitest.Must[*competitionv1.ListDivisionsResponse](t)(f.Srv.ListEventDivisions(f.Ctx, &competitionv1.ListEventDivisionsRequest{EventId: e1.GetId()}))
	var names []string
	for _, d := range byEvent.GetDivisions() {
		names = append(names, d.GetName())
	}
	if want := []string{"Elite", "Masters", "scaled"}; !slices.Equal(names, want) {
		t.Errorf("by event = %q, want %q", names, want)
	}
	if byEvent.GetDivisions()[0].GetTeamCount() != 2 {
		t.Errorf("teamCount: %v", byEvent.GetDivisions()[0])
	}

	all := apitest.Must[*competitionv1.ListDivisionsResponse](t)(f.Srv.ListDivisions(f.Ctx, &competitionv1.ListDivisionsRequest{}))
	names = nil
	for _, d := range all.GetDivisions() {
		names = append(names, d.GetEventName()+"/"+d.GetName())
	}
	if want := []string{"Sooner/Teens", "Later/Elite", "Later/Masters", "Later/scaled"}; !slices.Equal(names, want) {
		t.Errorf("all = %q, want %q", names, want)
	}

	_, err := f.Srv.ListEventDivisions(f.Ctx, &competitionv1.ListEventDivisionsRequest{EventId: apitest.Missing})
	apitest.WantErr(t, err, apperr.KindNotFound, "", "Event not found")
	_, err = f.Srv.ListEventDivisions(f.Ctx, &competitionv1.ListEventDivisionsRequest{EventId: "nope"})
	apitest.WantErr(t, err, apperr.KindInvalid, "eventId", "Event id must be a valid id")
}

func TestGetAndUpdateDivision(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "Open", "2026-01-01", "2026-01-02")
	d := apitest.Must[*competitionv1.Division](t)(f.Srv.CreateDivision(f.Ctx, &competitionv1.CreateDivisionRequest{Name: "Elite", Description: "old", EventId: e.GetId()}))

	got := apitest.Must[*competitionv1.Division](t)(f.Srv.GetDivision(f.Ctx, &competitionv1.DivisionRequest{Id: d.GetId()}))
	if got.GetName() != "Elite" || got.GetEventName() != "Open" {
		t.Errorf("get: %v", got)
	}
	_, err := f.Srv.GetDivision(f.Ctx, &competitionv1.DivisionRequest{Id: apitest.Missing})
	apitest.WantErr(t, err, apperr.KindNotFound, "", "Division not found")
	_, err = f.Srv.GetDivision(f.Ctx, &competitionv1.DivisionRequest{Id: "zz"})
	apitest.WantErr(t, err, apperr.KindInvalid, "id", "Division id must be a valid id")

	f.Bumped(t, e.GetId(), func() {
		got = apitest.Must[*competitionv1.Division](t)(f.Srv.UpdateDivision(f.Ctx, &competitionv1.UpdateDivisionRequest{Id: d.GetId(), Name: "Elite RX"}))
	})
	if got.GetName() != "Elite RX" || got.GetDescription() != "old" || got.GetEventId() != e.GetId() {
		t.Errorf("update keeping description: %v", got)
	}
	empty := ""
	got = apitest.Must[*competitionv1.Division](t)(f.Srv.UpdateDivision(f.Ctx, &competitionv1.UpdateDivisionRequest{Id: d.GetId(), Name: "Elite RX", Description: &empty}))
	if got.GetDescription() != "" {
		t.Errorf("update clearing description: %v", got)
	}
	_, err = f.Srv.UpdateDivision(f.Ctx, &competitionv1.UpdateDivisionRequest{Id: d.GetId(), Name: "E"})
	apitest.WantErr(t, err, apperr.KindInvalid, "name", "Division name must be at least 2 characters")
	long := repeat("x", 501)
	_, err = f.Srv.UpdateDivision(f.Ctx, &competitionv1.UpdateDivisionRequest{Id: d.GetId(), Name: "Elite", Description: &long})
	apitest.WantErr(t, err, apperr.KindInvalid, "description", "Description must be less than 500 characters")
	_, err = f.Srv.UpdateDivision(f.Ctx, &competitionv1.UpdateDivisionRequest{Id: apitest.Missing, Name: "Elite"})
	apitest.WantErr(t, err, apperr.KindNotFound, "", "Division not found")
}

func TestDeleteDivisionCascadesTeams(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "Open", "2026-01-01", "2026-01-02")
	d := f.Division(t, e.GetId(), "Elite")
	other := f.Division(t, e.GetId(), "Scaled")
	t1 := f.Team(t, d.GetId(), "T1", "", "")
	t2 := f.Team(t, d.GetId(), "T2", "", "")
	keep := f.Team(t, other.GetId(), "T3", "", "")
	w1, w2 := f.Workout(t, e.GetId(), "W1", "REPS"), f.Workout(t, e.GetId(), "W2", "REPS")
	// A team with published results (a locked team) keeps its division: 409 naming it.
	published := f.SaveResults(t, t1.GetId(), true, w1, w2)
	f.SaveResults(t, t2.GetId(), false, w1)
	f.SaveResults(t, keep.GetId(), false, w1, w2)
	_, err := f.Srv.DeleteDivision(f.Ctx, &competitionv1.DivisionRequest{Id: d.GetId()})
	apitest.WantErr(t, err, apperr.KindConflict, "id", "Division Elite cannot be deleted because these teams have published results: T1. Unpublish or delete their results first.")
	apitest.Must[*competitionv1.Team](t)(f.Srv.GetTeam(f.Ctx, &competitionv1.TeamRequest{Id: t1.GetId()}))
	// Draft results go with the division.
	apitest.Must[*resultsv1.PublicationResponse](t)(f.Results.UnpublishResults(f.Ctx, &resultsv1.PublicationRequest{ResultIds: published}))

	f.Bumped(t, e.GetId(), func() {
		apitest.Must[any](t)(f.Srv.DeleteDivision(f.Ctx, &competitionv1.DivisionRequest{Id: d.GetId()}))
	})
	for _, id := range []string{t1.GetId(), t2.GetId()} {
		_, err := f.Srv.GetTeam(f.Ctx, &competitionv1.TeamRequest{Id: id})
		apitest.WantErr(t, err, apperr.KindNotFound, "", "Team not found")
	}
	apitest.Must[*competitionv1.Team](t)(f.Srv.GetTeam(f.Ctx, &competitionv1.TeamRequest{Id: keep.GetId()}))

	// results-svc purged the division's results, its teams' included, and only those.
	for team, want := range map[string]int{"T1": 0, "T2": 0, "T3": 2} {
		id := map[string]string{"T1": t1.GetId(), "T2": t2.GetId(), "T3": keep.GetId()}[team]
		if n := f.StoredResults(t, id); n != want {
			t.Errorf("%s: %d results left in results-svc, want %d", team, n, want)
		}
	}

	_, err = f.Srv.DeleteDivision(f.Ctx, &competitionv1.DivisionRequest{Id: d.GetId()})
	apitest.WantErr(t, err, apperr.KindNotFound, "", "Division not found")
	_, err = f.Srv.DeleteDivision(f.Ctx, &competitionv1.DivisionRequest{Id: "1"})
	apitest.WantErr(t, err, apperr.KindInvalid, "id", "Division id must be a valid id")
}
