package apitest

import (
	"testing"

	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/podium-dev/podium/competition-svc/store"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
)

// SaveResults enters a result of team in each of workouts through results-svc (a value that
// fits every score type), publishes them when publish is set, and returns their ids.
func (f *Services) SaveResults(t *testing.T, teamID string, publish bool, workouts ...*competitionv1.Workout) []string {
	t.Helper()
	rows := make([]*resultsv1.ResultInput, len(workouts))
	for i, w := range workouts {
		rows[i] = &resultsv1.ResultInput{TeamId: teamID, WorkoutId: w.GetId(), ResultValue: wrapperspb.Double(float64(60 + i))}
	}
	saved, err := f.Results.BatchSaveResults(f.Ctx, &resultsv1.BatchSaveResultsRequest{Results: rows})
	if err != nil {
		t.Fatalf("save results: %v", err)
	}
	ids := make([]string, 0, len(saved.GetResults()))
	for _, r := range saved.GetResults() {
		ids = append(ids, r.GetId().GetValue())
	}
	if publish {
		if _, err := f.Results.PublishResults(f.Ctx, &resultsv1.PublicationRequest{ResultIds: ids}); err != nil {
			t.Fatalf("publish results: %v", err)
		}
	}
	return ids
}

// StoredResults is how many results results-svc holds for the team or workout id.
func (f *Services) StoredResults(t *testing.T, id string) int {
	t.Helper()
	var n int
	if err := f.Pool.QueryRow(f.Ctx, `SELECT count(*) FROM results.results WHERE team_id = $1 OR workout_id = $1`, id).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// PublicVersion is the event's public version (store/migrations/0135_public_versions.sql).
func (f *Services) PublicVersion(t *testing.T, eventID string) int64 {
	t.Helper()
	n, err := store.New(f.Pool).PublicVersion(f.Ctx, eventID)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// Bumped runs fn and checks that it raised the event's public version.
func (f *Services) Bumped(t *testing.T, eventID string, fn func()) {
	t.Helper()
	before := f.PublicVersion(t, eventID)
	fn()
	if after := f.PublicVersion(t, eventID); after <= before {
		t.Errorf("public version of %s not bumped: %d -> %d", eventID, before, after)
	}
}

// NotBumped runs fn and checks that it left the event's public version alone.
func (f *Services) NotBumped(t *testing.T, eventID string, fn func()) {
	t.Helper()
	before := f.PublicVersion(t, eventID)
	fn()
	if after := f.PublicVersion(t, eventID); after != before {
		t.Errorf("public version of %s bumped on a failed change: %d -> %d", eventID, before, after)
	}
}

// Event creates an event.
func (f *Services) Event(t *testing.T, name, from, to string) *competitionv1.Event {
	t.Helper()
	e, err := f.Srv.CreateEvent(f.Ctx, &competitionv1.CreateEventRequest{Name: name, DateFrom: from, DateTo: to})
	if err != nil {
		t.Fatalf("create event %s: %v", name, err)
	}
	return e
}

// Division creates a division of the event.
func (f *Services) Division(t *testing.T, eventID, name string) *competitionv1.Division {
	t.Helper()
	d, err := f.Srv.CreateDivision(f.Ctx, &competitionv1.CreateDivisionRequest{EventId: eventID, Name: name})
	if err != nil {
		t.Fatalf("create division %s: %v", name, err)
	}
	return d
}

// Team creates a team of two athletes (names may be empty) in the division.
func (f *Services) Team(t *testing.T, divisionID, name, a1, a2 string) *competitionv1.Team {
	t.Helper()
	tm, err := f.Srv.CreateTeam(f.Ctx, &competitionv1.CreateTeamRequest{DivisionId: divisionID, Name: name, Athlete1Name: a1, Athlete2Name: a2})
	if err != nil {
		t.Fatalf("create team %s: %v", name, err)
	}
	return tm
}

// Workout creates a workout of the event.
func (f *Services) Workout(t *testing.T, eventID, name, scoreType string) *competitionv1.Workout {
	t.Helper()
	w, err := f.Srv.CreateWorkout(f.Ctx, &competitionv1.CreateWorkoutRequest{EventId: eventID, Name: name, ScoreType: scoreType})
	if err != nil {
		t.Fatalf("create workout %s: %v", name, err)
	}
	return w
}
