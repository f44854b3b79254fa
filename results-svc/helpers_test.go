package resultssvc

import (
	"crypto/rand"
	"fmt"
	"testing"

	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/jackc/pgx/v5/pgxpool"

	competitionsvc "github.com/podium-dev/podium/competition-svc"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/pgtest"
)

func newID() string {
	b := make([]byte, 16)
	rand.Read(b) // never fails
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// fixture is an event structure with its parts by name: built in memory (newFixture,
// standard) for the pure tests of the domain, or created in the real competition-svc
// (pair.standard, competition_test.go) for the use-case tests.
type fixture struct {
	es *competitionv1.EventStructure
	// by name
	w map[string]*competitionv1.Workout
	d map[string]*competitionv1.Division
	t map[string]*competitionv1.Team
}

func (f *fixture) eventID() string { return f.es.Event.Id }

func newFixture(table string, custom ...float64) *fixture {
	f := &fixture{
		es: &competitionv1.EventStructure{Event: &competitionv1.Event{
			Id: newID(), Name: "Spring Throwdown", Status: typesv1.EventStatus_IN_PROGRESS, ScoringTable: table, CustomPoints: custom,
		}},
		w: map[string]*competitionv1.Workout{}, d: map[string]*competitionv1.Division{}, t: map[string]*competitionv1.Team{},
	}
	return f
}

func (f *fixture) workout(name, scoreType string, capSeconds, order int32) *competitionv1.Workout {
	w := &competitionv1.Workout{Id: newID(), EventId: f.eventID(), Name: name, ScoreType: typesv1.ScoreType(typesv1.ScoreType_value[scoreType])}
	if capSeconds > 0 {
		w.TimeCapSeconds = wrapperspb.Int32(capSeconds)
	}
	if order > 0 {
		w.WorkoutOrder = wrapperspb.Int32(order)
	}
	f.es.Event.Workouts = append(f.es.Event.Workouts, w)
	f.w[name] = w
	return w
}

func (f *fixture) division(name string, teams ...string) *competitionv1.Division {
	d := &competitionv1.Division{Id: newID(), EventId: f.eventID(), Name: name}
	f.es.Event.Divisions = append(f.es.Event.Divisions, d)
	f.d[name] = d
	for _, tn := range teams {
		t := &competitionv1.Team{Id: newID(), Name: tn, EventId: f.eventID(), DivisionId: d.Id, DivisionName: name}
		f.es.Teams = append(f.es.Teams, t)
		f.t[tn] = t
	}
	return d
}

func (f *fixture) structure(t testing.TB) *structure {
	t.Helper()
	st, err := newStructure(f.es)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// standard is the in-memory twin of pair.standard for the domain tests: four workouts of
// each score type and two divisions. Like every fixture it gives the parts in competition-svc's
// orders (workouts by order, divisions and teams by name), as the contract does.
func standard() *fixture {
	f := newFixture("")
	f.workout("Fran", "TIME", 600, 1)
	f.workout("Cindy", "REPS", 0, 2)
	f.workout("Clean", "MAX_WEIGHT", 0, 3)
	f.workout("Judged", "POINTS", 0, 4)
	f.division("Rx", "Alpha", "Bravo", "Charlie", "Delta")
	f.division("Scaled", "Echo", "Foxtrot")
	return f
}

// newPool is a fresh database with results-svc's schema and competition-svc's, whose grants
// the service reads (competitionsvc.NewGrants) as it does in production over gRPC.
func newPool(t testing.TB) *pgxpool.Pool {
	t.Helper()
	return pgtest.NewPool(t, Migrations, competitionsvc.Migrations)
}

// newServer is New with the real grant source on d.Pool.
func newServer(t testing.TB, d Deps) *Server {
	t.Helper()
	d.Grants = competitionsvc.NewGrants(d.Pool)
	srv, err := New(d)
	if err != nil {
		t.Fatal(err)
	}
	return srv
}

func f64(v float64) *float64 { return &v }
func i32(v int32) *int32     { return &v }
