package setup_test

import (
	"testing"

	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	"github.com/podium-dev/podium/competition-svc/setup"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// fill adds n teams to a division directly in the database (fast; the limits are checked by
// the service on what is there).
func fill(t *testing.T, f *apitest.Services, eventID, divisionID string, n int) {
	t.Helper()
	if _, err := f.Pool.Exec(f.Ctx, `INSERT INTO competition.teams (event_id, division_id, name)
		SELECT $1, $2, 'Filler ' || g FROM generate_series(1, $3) g`, eventID, divisionID, n); err != nil {
		t.Fatal(err)
	}
}

// TestTeamLimitsAtTheirEdges: 100,000 teams per division and 300,000 per event (an online
// qualifier's, seeded with one statement each): the
// last team that fits is accepted, the next is a 400 naming the limit, for
// single creation, bulk creation (all or nothing) and a move between divisions.
func TestTeamLimitsAtTheirEdges(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "Huge Open", "2026-01-01", "2026-01-02")
	d := f.Division(t, e.GetId(), "Elite")
	fill(t, f, e.GetId(), d.GetId(), setup.TeamsPerDivisionMax-2)

	_, err := f.Srv.BulkCreateTeams(f.Ctx, &competitionv1.BulkCreateTeamsRequest{EventId: e.GetId(), DivisionId: d.GetId(),
		Teams: []*competitionv1.NewTeam{{Name: "Nine Nine Nine"}, {Name: "One Thousand"}, {Name: "One Too Many"}}})
	apitest.WantErr(t, err, apperr.KindInvalid, "divisionId", "A division can have at most 100,000 teams")
	if n := apitest.Must[*competitionv1.Division](t)(f.Srv.GetDivision(f.Ctx, &competitionv1.DivisionRequest{Id: d.GetId()})).GetTeamCount(); n != setup.TeamsPerDivisionMax-2 {
		t.Fatalf("a refused bulk creation left %d teams", n)
	}
	apitest.Must[*competitionv1.ListTeamsResponse](t)(f.Srv.BulkCreateTeams(f.Ctx, &competitionv1.BulkCreateTeamsRequest{
		EventId: e.GetId(), DivisionId: d.GetId(), Teams: []*competitionv1.NewTeam{{Name: "Nine Nine Nine"}, {Name: "One Thousand"}}}))
	_, err = f.Srv.CreateTeam(f.Ctx, &competitionv1.CreateTeamRequest{DivisionId: d.GetId(), Name: "One Too Many"})
	apitest.WantErr(t, err, apperr.KindInvalid, "divisionId", "A division can have at most 100,000 teams")

	other := f.Division(t, e.GetId(), "Scaled")
	mover := f.Team(t, other.GetId(), "Mover", "", "")
	_, err = f.Srv.UpdateTeam(f.Ctx, &competitionv1.UpdateTeamRequest{Id: mover.GetId(), DivisionId: d.GetId(), Name: "Mover"})
	apitest.WantErr(t, err, apperr.KindInvalid, "divisionId", "A division can have at most 100,000 teams")
}

// TestEventTeamLimitAtItsEdge: 300,000 teams in an event, refused in a division that has room.
func TestEventTeamLimitAtItsEdge(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "Huge Open", "2026-01-01", "2026-01-02")
	for _, name := range []string{"Elite", "Masters"} {
		fill(t, f, e.GetId(), f.Division(t, e.GetId(), name).GetId(), setup.TeamsPerDivisionMax)
	}
	scaled, teens := f.Division(t, e.GetId(), "Scaled"), f.Division(t, e.GetId(), "Teens")
	// 200,000; Scaled takes 99,999 more, the last one in makes 300,000, then the event is full.
	fill(t, f, e.GetId(), scaled.GetId(), setup.TeamsPerEventMax-2*setup.TeamsPerDivisionMax-1)
	f.Team(t, scaled.GetId(), "Last One In", "", "")
	_, err := f.Srv.CreateTeam(f.Ctx, &competitionv1.CreateTeamRequest{DivisionId: teens.GetId(), Name: "First One Out"})
	apitest.WantErr(t, err, apperr.KindInvalid, "eventId", "An event can have at most 300,000 teams")
}

// TestWorkoutOrderAndYearRanges: workoutOrder 1..1000, and an event's dates in 1970..2100.
func TestWorkoutOrderAndYearRanges(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "Open", "1970-01-01", "2100-12-31")
	create := func(order int32) (*competitionv1.Workout, error) {
		return f.Srv.CreateWorkout(f.Ctx, &competitionv1.CreateWorkoutRequest{EventId: e.GetId(), Name: "Fran", ScoreType: "TIME",
			WorkoutOrder: wrapperspb.Int32(order)})
	}
	_, err := create(2147483647)
	apitest.WantErr(t, err, apperr.KindInvalid, "workoutOrder", "Workout order must be at most 1000")
	apitest.Must[*competitionv1.Workout](t)(create(1000))
	// The next number after 1000 is past the limit: a clear 400, not an overflow.
	_, err = f.Srv.CreateWorkout(f.Ctx, &competitionv1.CreateWorkoutRequest{EventId: e.GetId(), Name: "Grace", ScoreType: "TIME"})
	apitest.WantErr(t, err, apperr.KindInvalid, "workoutOrder", "Workout order must be at most 1000")

	for _, c := range []struct{ from, to, field, msg string }{
		{"0000-01-01", "2026-01-01", "dateFrom", "Start date must be in the years 1970 to 2100"},
		{"1969-12-31", "2026-01-01", "dateFrom", "Start date must be in the years 1970 to 2100"},
		{"2026-01-01", "9999-12-31", "dateTo", "End date must be in the years 1970 to 2100"},
		{"2026-01-01", "2101-01-01", "dateTo", "End date must be in the years 1970 to 2100"},
	} {
		_, err := f.Srv.CreateEvent(f.Ctx, &competitionv1.CreateEventRequest{Name: "Odd", DateFrom: c.from, DateTo: c.to})
		apitest.WantErr(t, err, apperr.KindInvalid, c.field, c.msg)
	}
}
