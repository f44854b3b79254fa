package resultssvc

import (
	"context"
	"crypto/rand"
	"fmt"
	"sync"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/wrapperspb"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

func newID() string {
	b := make([]byte, 16)
	rand.Read(b) //nolint:errcheck // never fails
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// fixture is an event structure built in the test, standing in for competition-svc.
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

// standard is the fixture most tests use: four workouts of each score type and two
// divisions.
func standard() *fixture {
	f := newFixture("")
	f.workout("Fran", "TIME", 600, 1)
	f.workout("Cindy", "REPS", 0, 2)
	f.workout("Clean", "MAX_WEIGHT", 0, 3)
	f.workout("Judged", "POINTS", 0, 4)
	f.division("Rx", "Delta", "Alpha", "Charlie", "Bravo")
	f.division("Scaled", "Echo", "Foxtrot")
	return f
}

// fakeCompetition answers GetEventStructure from fixtures, by any id of the event, as
// competition-svc does.
type fakeCompetition struct {
	competitionv1.CompetitionServiceClient
	mu       sync.Mutex
	events   []*fixture
	down     bool
	requests int
}

func (c *fakeCompetition) add(f *fixture) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.events = append(c.events, f)
}

func (c *fakeCompetition) GetEventStructure(_ context.Context, req *competitionv1.EventStructureRequest, _ ...grpc.CallOption) (*competitionv1.EventStructure, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.requests++
	if c.down {
		return nil, asStatus(apperr.Unavailable("The competition-svc service is unavailable right now. Please try again shortly."))
	}
	for _, f := range c.events {
		es := f.es
		switch {
		case req.EventId != "" && es.Event.Id == req.EventId:
		case req.WorkoutId != "" && f.hasWorkout(req.WorkoutId):
		case req.DivisionId != "" && f.hasDivision(req.DivisionId):
		case req.TeamId != "" && f.hasTeam(req.TeamId):
		default:
			continue
		}
		return proto.Clone(es).(*competitionv1.EventStructure), nil
	}
	switch {
	case req.WorkoutId != "":
		return nil, asStatus(apperr.NotFound("Workout not found"))
	case req.DivisionId != "":
		return nil, asStatus(apperr.NotFound("Division not found"))
	case req.TeamId != "":
		return nil, asStatus(apperr.NotFound("Team not found"))
	}
	return nil, asStatus(apperr.NotFound("Event not found"))
}

// asStatus is err as a gRPC client receives it.
func asStatus(err error) error {
	st, _ := apperr.ToStatus(err)
	return st.Err()
}

func (f *fixture) hasWorkout(id string) bool {
	for _, w := range f.es.Event.Workouts {
		if w.Id == id {
			return true
		}
	}
	return false
}

func (f *fixture) hasDivision(id string) bool {
	for _, d := range f.es.Event.Divisions {
		if d.Id == id {
			return true
		}
	}
	return false
}

func (f *fixture) hasTeam(id string) bool {
	for _, t := range f.es.Teams {
		if t.Id == id {
			return true
		}
	}
	return false
}

func f64(v float64) *float64 { return &v }
func i32(v int32) *int32     { return &v }
