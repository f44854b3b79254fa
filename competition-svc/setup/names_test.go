package setup_test

import (
	"strings"
	"testing"

	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// badNames would show blank, reversed or broken on public pages and exports; the refusal of
// each names the field, and nothing is stored.
var badNames = []struct {
	name, value, problem string
}{
	{"zero-width only", "\u200b\u200b", "must contain visible characters"},
	{"bidi override", "\u202eevil", "must not contain text direction characters"},
	{"line break", "x\r\ny", "must not contain line breaks or control characters"},
}

// Every create and update path of event, division, team, athlete and workout names applies
// the one name rule: forms, the bulk grid, the team CSV and the event import.
func TestEveryNamePathRefusesInvisibleBidiAndBrokenNames(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "Open", "2026-01-01", "2026-01-02")
	d := f.Division(t, e.GetId(), "Elite")
	tm := f.Team(t, d.GetId(), "Alpha", "Ann", "Bea")
	w := f.Workout(t, e.GetId(), "Grace", "TIME")

	for _, bad := range badNames {
		t.Run(bad.name, func(t *testing.T) {
			v := bad.value
			paths := []struct {
				what, field, label string
				call               func() error
			}{
				{"create event", "name", "Event name", func() error {
					_, err := f.Srv.CreateEvent(f.Ctx, &competitionv1.CreateEventRequest{Name: v, DateFrom: "2026-01-01", DateTo: "2026-01-01"})
					return err
				}},
				{"update event", "name", "Event name", func() error {
					_, err := f.Srv.UpdateEvent(f.Ctx, &competitionv1.UpdateEventRequest{Id: e.GetId(), Name: v, DateFrom: "2026-01-01", DateTo: "2026-01-02"})
					return err
				}},
				{"create division", "name", "Division name", func() error {
					_, err := f.Srv.CreateDivision(f.Ctx, &competitionv1.CreateDivisionRequest{EventId: e.GetId(), Name: v})
					return err
				}},
				{"update division", "name", "Division name", func() error {
					_, err := f.Srv.UpdateDivision(f.Ctx, &competitionv1.UpdateDivisionRequest{Id: d.GetId(), Name: v})
					return err
				}},
				{"create team", "name", "Team name", func() error {
					_, err := f.Srv.CreateTeam(f.Ctx, &competitionv1.CreateTeamRequest{DivisionId: d.GetId(), Name: v})
					return err
				}},
				{"create team, athlete", "athlete1Name", "Athlete 1 name", func() error {
					_, err := f.Srv.CreateTeam(f.Ctx, &competitionv1.CreateTeamRequest{DivisionId: d.GetId(), Name: "Bravo", Athlete1Name: v})
					return err
				}},
				{"update team", "name", "Team name", func() error {
					_, err := f.Srv.UpdateTeam(f.Ctx, &competitionv1.UpdateTeamRequest{Id: tm.GetId(), Name: v, DivisionId: d.GetId()})
					return err
				}},
				{"update team, athlete", "athlete2Name", "Athlete 2 name", func() error {
					_, err := f.Srv.UpdateTeam(f.Ctx, &competitionv1.UpdateTeamRequest{Id: tm.GetId(), Name: "Alpha", DivisionId: d.GetId(), Athlete2Name: v})
					return err
				}},
				{"bulk create teams", "teams[0].name", "Team name", func() error {
					_, err := f.Srv.BulkCreateTeams(f.Ctx, &competitionv1.BulkCreateTeamsRequest{EventId: e.GetId(), DivisionId: d.GetId(), Teams: []*competitionv1.NewTeam{{Name: v}}})
					return err
				}},
				{"create workout", "name", "Workout name", func() error {
					_, err := f.Srv.CreateWorkout(f.Ctx, &competitionv1.CreateWorkoutRequest{EventId: e.GetId(), Name: v, ScoreType: "TIME"})
					return err
				}},
				{"update workout", "name", "Workout name", func() error {
					_, err := f.Srv.UpdateWorkout(f.Ctx, &competitionv1.UpdateWorkoutRequest{EventId: e.GetId(), Id: w.GetId(), Name: v, ScoreType: "TIME"})
					return err
				}},
			}
			for _, p := range paths {
				apitest.WantErr(t, p.call(), apperr.KindInvalid, p.field, p.label+" "+bad.problem)
			}
		})
	}
	if got := teamCount(t, f); got != 1 {
		t.Errorf("%d teams after the refusals, want 1", got)
	}
}

// The team CSV and the event import refuse such names too.
func TestImportsRefuseInvisibleBidiAndBrokenNames(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "Open", "2026-01-01", "2026-01-02")
	d := f.Division(t, e.GetId(), "Elite")
	f.Team(t, d.GetId(), "Alpha", "Ann", "Bea")
	f.Workout(t, e.GetId(), "Grace", "TIME")

	for _, bad := range badNames {
		csv := "Team Name,Athlete 1\n\"" + strings.ReplaceAll(bad.value, `"`, `""`) + "\",Ann\n"
		res := importTeams(t, f, &competitionv1.ImportTeamsRequest{EventId: e.GetId(), DivisionId: d.GetId(), Csv: csv})
		if len(res.GetErrors()) != 1 || res.GetErrors()[0].GetMessage() != "Team name "+bad.problem {
			t.Errorf("CSV %s: errors %v", bad.name, res.GetErrors())
		}

		doc := apitest.Must[*competitionv1.EventDocument](t)(f.Srv.ExportEvent(f.Ctx, &competitionv1.EventRequest{Id: e.GetId()}))
		doc.GetTeams()[0].Name = bad.value
		_, err := f.Srv.ImportEvent(f.Ctx, doc)
		apitest.WantErr(t, err, apperr.KindInvalid, "teams[0].name", "Team name "+bad.problem)

		doc = apitest.Must[*competitionv1.EventDocument](t)(f.Srv.ExportEvent(f.Ctx, &competitionv1.EventRequest{Id: e.GetId()}))
		doc.GetDivisions()[0].Name = bad.value
		_, err = f.Srv.ImportEvent(f.Ctx, doc)
		apitest.WantErr(t, err, apperr.KindInvalid, "divisions[0].name", "Division name "+bad.problem)
	}
}

// What is kept is stored in NFC: a decomposed "ü" becomes the one character.
func TestNamesAreStoredInNFC(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "Mu\u0308nchen Open", "2026-01-01", "2026-01-02")
	d := f.Division(t, e.GetId(), "Ma\u0308nner")
	tm := f.Team(t, d.GetId(), "Kraftwerk Mu\u0308ller", "Ju\u0308rgen", "")
	w := f.Workout(t, e.GetId(), "Gro\u0308ße", "TIME")
	for got, want := range map[string]string{
		e.GetName(): "München Open", d.GetName(): "Männer", tm.GetName(): "Kraftwerk Müller",
		tm.GetAthlete1Name(): "Jürgen", w.GetName(): "Größe",
	} {
		if got != want {
			t.Errorf("stored %q (%d bytes), want %q", got, len(got), want)
		}
	}
}
