package competitionsvc

import (
	"slices"
	"testing"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

func TestCreateDivision(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	e := f.event(t, "Open", "2026-01-01", "2026-01-02")
	var d *competitionv1.Division
	f.bumped(t, e.GetId(), func() {
		d = must[*competitionv1.Division](t)(f.srv.CreateDivision(f.ctx, &competitionv1.CreateDivisionRequest{
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
		{"unknown event", &competitionv1.CreateDivisionRequest{Name: "Scaled", EventId: missingID}, apperr.KindNotFound, "", "Event not found"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.srv.CreateDivision(f.ctx, tc.req)
			wantErr(t, err, tc.kind, tc.field, tc.msg)
		})
	}
	// Limits are inclusive: 255 characters and 500 characters pass.
	must[*competitionv1.Division](t)(f.srv.CreateDivision(f.ctx, &competitionv1.CreateDivisionRequest{
		Name: repeat("ä", 255), Description: repeat("d", 500), EventId: e.GetId()}))
}

func TestListDivisions(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	e1 := f.event(t, "Later", "2026-09-01", "2026-09-01")
	e2 := f.event(t, "Sooner", "2026-03-01", "2026-03-01")
	f.division(t, e1.GetId(), "scaled")
	elite := f.division(t, e1.GetId(), "Elite")
	f.division(t, e1.GetId(), "Masters")
	f.division(t, e2.GetId(), "Teens")
	f.team(t, elite.GetId(), "T1", "", "")
	f.team(t, elite.GetId(), "T2", "", "")

	byEvent := must[*competitionv1.ListDivisionsResponse](t)(f.srv.ListEventDivisions(f.ctx, &competitionv1.ListEventDivisionsRequest{EventId: e1.GetId()}))
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

	all := must[*competitionv1.ListDivisionsResponse](t)(f.srv.ListDivisions(f.ctx, &competitionv1.ListDivisionsRequest{}))
	names = nil
	for _, d := range all.GetDivisions() {
		names = append(names, d.GetEventName()+"/"+d.GetName())
	}
	if want := []string{"Sooner/Teens", "Later/Elite", "Later/Masters", "Later/scaled"}; !slices.Equal(names, want) {
		t.Errorf("all = %q, want %q", names, want)
	}

	_, err := f.srv.ListEventDivisions(f.ctx, &competitionv1.ListEventDivisionsRequest{EventId: missingID})
	wantErr(t, err, apperr.KindNotFound, "", "Event not found")
	_, err = f.srv.ListEventDivisions(f.ctx, &competitionv1.ListEventDivisionsRequest{EventId: "nope"})
	wantErr(t, err, apperr.KindInvalid, "eventId", "Event id must be a valid id")
}

func TestGetAndUpdateDivision(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	e := f.event(t, "Open", "2026-01-01", "2026-01-02")
	d := must[*competitionv1.Division](t)(f.srv.CreateDivision(f.ctx, &competitionv1.CreateDivisionRequest{Name: "Elite", Description: "old", EventId: e.GetId()}))

	got := must[*competitionv1.Division](t)(f.srv.GetDivision(f.ctx, &competitionv1.DivisionRequest{Id: d.GetId()}))
	if got.GetName() != "Elite" || got.GetEventName() != "Open" {
		t.Errorf("get: %v", got)
	}
	_, err := f.srv.GetDivision(f.ctx, &competitionv1.DivisionRequest{Id: missingID})
	wantErr(t, err, apperr.KindNotFound, "", "Division not found")
	_, err = f.srv.GetDivision(f.ctx, &competitionv1.DivisionRequest{Id: "zz"})
	wantErr(t, err, apperr.KindInvalid, "id", "Division id must be a valid id")

	f.bumped(t, e.GetId(), func() {
		got = must[*competitionv1.Division](t)(f.srv.UpdateDivision(f.ctx, &competitionv1.UpdateDivisionRequest{Id: d.GetId(), Name: "Elite RX"}))
	})
	if got.GetName() != "Elite RX" || got.GetDescription() != "old" || got.GetEventId() != e.GetId() {
		t.Errorf("update keeping description: %v", got)
	}
	empty := ""
	got = must[*competitionv1.Division](t)(f.srv.UpdateDivision(f.ctx, &competitionv1.UpdateDivisionRequest{Id: d.GetId(), Name: "Elite RX", Description: &empty}))
	if got.GetDescription() != "" {
		t.Errorf("update clearing description: %v", got)
	}
	_, err = f.srv.UpdateDivision(f.ctx, &competitionv1.UpdateDivisionRequest{Id: d.GetId(), Name: "E"})
	wantErr(t, err, apperr.KindInvalid, "name", "Division name must be at least 2 characters")
	long := repeat("x", 501)
	_, err = f.srv.UpdateDivision(f.ctx, &competitionv1.UpdateDivisionRequest{Id: d.GetId(), Name: "Elite", Description: &long})
	wantErr(t, err, apperr.KindInvalid, "description", "Description must be less than 500 characters")
	_, err = f.srv.UpdateDivision(f.ctx, &competitionv1.UpdateDivisionRequest{Id: missingID, Name: "Elite"})
	wantErr(t, err, apperr.KindNotFound, "", "Division not found")
}

func TestDeleteDivisionCascadesTeams(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	e := f.event(t, "Open", "2026-01-01", "2026-01-02")
	d := f.division(t, e.GetId(), "Elite")
	other := f.division(t, e.GetId(), "Scaled")
	t1 := f.team(t, d.GetId(), "T1", "", "")
	t2 := f.team(t, d.GetId(), "T2", "", "")
	keep := f.team(t, other.GetId(), "T3", "", "")
	w1, w2 := f.workout(t, e.GetId(), "W1", "REPS"), f.workout(t, e.GetId(), "W2", "REPS")
	// A team with published results (a locked team) keeps its division: 409 naming it.
	published := f.saveResults(t, t1.GetId(), true, w1, w2)
	f.saveResults(t, t2.GetId(), false, w1)
	f.saveResults(t, keep.GetId(), false, w1, w2)
	_, err := f.srv.DeleteDivision(f.ctx, &competitionv1.DivisionRequest{Id: d.GetId()})
	wantErr(t, err, apperr.KindConflict, "id", "Division Elite cannot be deleted because these teams have published results: T1. Unpublish or delete their results first.")
	must[*competitionv1.Team](t)(f.srv.GetTeam(f.ctx, &competitionv1.TeamRequest{Id: t1.GetId()}))
	// Draft results go with the division.
	must[*resultsv1.PublicationResponse](t)(f.results.UnpublishResults(f.ctx, &resultsv1.PublicationRequest{ResultIds: published}))

	f.bumped(t, e.GetId(), func() {
		must[any](t)(f.srv.DeleteDivision(f.ctx, &competitionv1.DivisionRequest{Id: d.GetId()}))
	})
	for _, id := range []string{t1.GetId(), t2.GetId()} {
		_, err := f.srv.GetTeam(f.ctx, &competitionv1.TeamRequest{Id: id})
		wantErr(t, err, apperr.KindNotFound, "", "Team not found")
	}
	must[*competitionv1.Team](t)(f.srv.GetTeam(f.ctx, &competitionv1.TeamRequest{Id: keep.GetId()}))

	// results-svc purged the division's results, its teams' included, and only those.
	for team, want := range map[string]int{"T1": 0, "T2": 0, "T3": 2} {
		id := map[string]string{"T1": t1.GetId(), "T2": t2.GetId(), "T3": keep.GetId()}[team]
		if n := f.storedResults(t, id); n != want {
			t.Errorf("%s: %d results left in results-svc, want %d", team, n, want)
		}
	}

	_, err = f.srv.DeleteDivision(f.ctx, &competitionv1.DivisionRequest{Id: d.GetId()})
	wantErr(t, err, apperr.KindNotFound, "", "Division not found")
	_, err = f.srv.DeleteDivision(f.ctx, &competitionv1.DivisionRequest{Id: "1"})
	wantErr(t, err, apperr.KindInvalid, "id", "Division id must be a valid id")
}
