package store

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/pg"
	"github.com/podium-dev/podium/internal/platform/pgtest"
)

func day(s string) time.Time {
	d, err := time.Parse("2006-01-02", s)
	if err != nil {
		panic(err)
	}
	return d
}

type fx struct {
	ctx context.Context
	s   *Store
	t   *testing.T
}

func newFx(t *testing.T) *fx {
	pool := pgtest.NewPool(t, Migrations)
	return &fx{ctx: context.Background(), s: New(pgtest.Tx(t, pool)), t: t}
}

func (f *fx) event(name, from, to string) Event {
	f.t.Helper()
	e, err := f.s.CreateEvent(f.ctx, Event{Name: name, DateFrom: day(from), DateTo: day(to), Status: typesv1.EventStatus_DRAFT, DetailsVisible: true, ScoringTable: "podium100"})
	if err != nil {
		f.t.Fatal(err)
	}
	return e
}

func (f *fx) division(eventID, name string) string {
	f.t.Helper()
	id, err := f.s.CreateDivision(f.ctx, Division{EventID: eventID, Name: name})
	if err != nil {
		f.t.Fatal(err)
	}
	return id
}

func (f *fx) team(eventID, divisionID, name string) string {
	f.t.Helper()
	id, err := f.s.CreateTeam(f.ctx, Team{EventID: eventID, DivisionID: divisionID, Name: name})
	if err != nil {
		f.t.Fatal(err)
	}
	return id
}

func TestEventRoundTrip(t *testing.T) {
	t.Parallel()
	f := newFx(t)
	e, err := f.s.CreateEvent(f.ctx, Event{Name: "Open", DateFrom: day("2026-05-12"), DateTo: day("2026-05-14"), Location: "Hall",
		Status: typesv1.EventStatus_PUBLISHED, ScoringTable: "custom", CustomPoints: []float64{10, 7.5, 0}})
	if err != nil {
		t.Fatal(err)
	}
	got, err := f.s.GetEvent(f.ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Name != "Open" || !got.DateFrom.Equal(day("2026-05-12")) || !got.DateTo.Equal(day("2026-05-14")) || got.Location != "Hall" ||
		got.Status != typesv1.EventStatus_PUBLISHED || got.DetailsVisible || !slices.Equal(got.CustomPoints, []float64{10, 7.5, 0}) || got.CreatedAt.IsZero() {
		t.Errorf("round trip: %+v", got)
	}
	if _, err := f.s.GetEvent(f.ctx, "00000000-0000-4000-8000-000000000000"); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing event: %v", err)
	}
}

func TestEventConstraints(t *testing.T) {
	t.Parallel()
	f := newFx(t)
	for name, e := range map[string]Event{
		"end before start":  {Name: "E", DateFrom: day("2026-01-02"), DateTo: day("2026-01-01"), Status: typesv1.EventStatus_DRAFT, ScoringTable: "podium100"},
		"unknown status":    {Name: "E", DateFrom: day("2026-01-01"), DateTo: day("2026-01-01"), Status: typesv1.EventStatus(99), ScoringTable: "podium100"},
		"unknown table":     {Name: "E", DateFrom: day("2026-01-01"), DateTo: day("2026-01-01"), Status: typesv1.EventStatus_DRAFT, ScoringTable: "x"},
		"custom, no points": {Name: "E", DateFrom: day("2026-01-01"), DateTo: day("2026-01-01"), Status: typesv1.EventStatus_DRAFT, ScoringTable: "custom"},
	} {
		err := f.s.InTx(f.ctx, func(tx *Store) error { _, err := tx.CreateEvent(f.ctx, e); return err })
		if err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestTeamMustBeInItsDivisionsEvent(t *testing.T) {
	t.Parallel()
	f := newFx(t)
	e1 := f.event("One", "2026-01-01", "2026-01-01")
	e2 := f.event("Two", "2026-01-01", "2026-01-01")
	d1 := f.division(e1.ID, "Elite")
	err := f.s.InTx(f.ctx, func(tx *Store) error {
		_, err := tx.CreateTeam(f.ctx, Team{EventID: e2.ID, DivisionID: d1, Name: "Wrong"})
		return err
	})
	if !pg.IsForeignKeyViolation(err) {
		t.Errorf("team in another event's division: %v", err)
	}
}

func TestDeleteDivisionRemovesTeamsAndQueuesOnePurge(t *testing.T) {
	t.Parallel()
	f := newFx(t)
	e := f.event("One", "2026-01-01", "2026-01-01")
	d := f.division(e.ID, "Elite")
	keepDiv := f.division(e.ID, "Scaled")
	f.team(e.ID, d, "A")
	f.team(e.ID, d, "B")
	keep := f.team(e.ID, keepDiv, "C")

	if err := f.s.DeleteDivision(f.ctx, d); err != nil {
		t.Fatal(err)
	}
	teams, err := f.s.ListEventTeams(f.ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(teams) != 1 || teams[0].ID != keep {
		t.Errorf("teams left: %+v", teams)
	}
	// The division's purge covers its teams: no second purge for the cascaded team rows.
	if got := f.queued(); len(got) != 1 || got[0].EventID != e.ID || !slices.Equal(got[0].DivisionIDs, []string{d}) || len(got[0].TeamIDs) != 0 {
		t.Errorf("queued purges: %+v", got)
	}
	if err := f.s.DeleteDivision(f.ctx, d); !errors.Is(err, ErrNotFound) {
		t.Errorf("second delete: %v", err)
	}
}

// TestEveryDeleteQueuesItsPurge: the purge of a deleted team, workout or event is queued in
// the delete's own transaction, whatever deletes it; an event's purge covers everything in it.
func TestEveryDeleteQueuesItsPurge(t *testing.T) {
	t.Parallel()
	f := newFx(t)
	e := f.event("One", "2026-01-01", "2026-01-01")
	d := f.division(e.ID, "Elite")
	a, b := f.team(e.ID, d, "A"), f.team(e.ID, d, "B")
	w, err := f.s.CreateWorkout(f.ctx, Workout{EventID: e.ID, Name: "Fran", ScoreType: typesv1.ScoreType_TIME})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.s.DeleteTeam(f.ctx, a); err != nil {
		t.Fatal(err)
	}
	if err := f.s.DeleteWorkout(f.ctx, w.ID); err != nil {
		t.Fatal(err)
	}
	got := f.queued()
	if len(got) != 2 || !slices.Equal(got[0].TeamIDs, []string{a}) || !slices.Equal(got[1].WorkoutIDs, []string{w.ID}) {
		t.Fatalf("queued after team and workout deletes: %+v", got)
	}
	if _, err := f.s.db.Exec(f.ctx, `DELETE FROM competition.purge_outbox`); err != nil {
		t.Fatal(err)
	}
	f.s.CreateWorkout(f.ctx, Workout{EventID: e.ID, Name: "Grace", ScoreType: typesv1.ScoreType_TIME}) //nolint:errcheck // cascaded below
	if err := f.s.DeleteEvent(f.ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	if got := f.queued(); len(got) != 1 || !got[0].EventDeleted || got[0].EventID != e.ID {
		t.Fatalf("queued after the event delete (team %s cascaded): %+v", b, got)
	}
}

// queued lists every queued purge, oldest first.
func (f *fx) queued() []QueuedPurge {
	f.t.Helper()
	var out []QueuedPurge
	err := f.s.InTx(f.ctx, func(tx *Store) error {
		var err error
		out, err = tx.DuePurges(f.ctx, 100)
		return err
	})
	if err != nil {
		f.t.Fatal(err)
	}
	return out
}

func TestDeleteEventCascades(t *testing.T) {
	t.Parallel()
	f := newFx(t)
	e := f.event("One", "2026-01-01", "2026-01-01")
	d := f.division(e.ID, "Elite")
	f.team(e.ID, d, "A")
	if _, err := f.s.CreateWorkout(f.ctx, Workout{EventID: e.ID, Name: "Fran", ScoreType: typesv1.ScoreType_TIME}); err != nil {
		t.Fatal(err)
	}
	if err := f.s.DeleteEvent(f.ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	for kind, list := range map[string]func() (int, error){
		"divisions": func() (int, error) { l, err := f.s.ListDivisions(f.ctx); return len(l), err },
		"teams":     func() (int, error) { l, err := f.s.ListTeams(f.ctx); return len(l), err },
		"workouts":  func() (int, error) { l, err := f.s.ListWorkoutsByOrder(f.ctx, e.ID); return len(l), err },
	} {
		if n, err := list(); err != nil || n != 0 {
			t.Errorf("%s left: %d %v", kind, n, err)
		}
	}
	if err := f.s.DeleteEvent(f.ctx, e.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("second delete: %v", err)
	}
}

func TestInTxRollsBack(t *testing.T) {
	t.Parallel()
	f := newFx(t)
	e := f.event("One", "2026-01-01", "2026-01-01")
	d := f.division(e.ID, "Elite")
	boom := errors.New("boom")
	err := f.s.InTx(f.ctx, func(tx *Store) error {
		if _, err := tx.CreateTeam(f.ctx, Team{EventID: e.ID, DivisionID: d, Name: "A"}); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatal(err)
	}
	if teams, _ := f.s.ListTeams(f.ctx); len(teams) != 0 {
		t.Errorf("rolled-back team visible: %+v", teams)
	}
}

func TestGetTeamsKeepsRequestOrder(t *testing.T) {
	t.Parallel()
	f := newFx(t)
	e := f.event("One", "2026-01-01", "2026-01-01")
	d := f.division(e.ID, "Elite")
	z := f.team(e.ID, d, "Z")
	a := f.team(e.ID, d, "A")
	m := f.team(e.ID, d, "M")
	teams, err := f.s.GetTeams(f.ctx, []string{z, a, m})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, tm := range teams {
		got = append(got, tm.Name)
	}
	if !slices.Equal(got, []string{"Z", "A", "M"}) {
		t.Errorf("order %v", got)
	}
}

func TestWorkoutNumbering(t *testing.T) {
	t.Parallel()
	f := newFx(t)
	e := f.event("One", "2026-01-01", "2026-01-01")
	other := f.event("Two", "2026-01-01", "2026-01-01")
	if n, err := f.s.NextWorkoutOrder(f.ctx, e.ID); err != nil || n != 1 {
		t.Fatalf("first number %d %v", n, err)
	}
	seven := int32(7)
	w1, _ := f.s.CreateWorkout(f.ctx, Workout{EventID: e.ID, Name: "A", ScoreType: typesv1.ScoreType_TIME, WorkoutOrder: &seven})
	w2, _ := f.s.CreateWorkout(f.ctx, Workout{EventID: e.ID, Name: "B", ScoreType: typesv1.ScoreType_REPS})
	wx, _ := f.s.CreateWorkout(f.ctx, Workout{EventID: other.ID, Name: "X", ScoreType: typesv1.ScoreType_REPS, WorkoutOrder: &seven})
	if n, err := f.s.NextWorkoutOrder(f.ctx, e.ID); err != nil || n != 8 {
		t.Fatalf("next number %d %v", n, err)
	}
	// A foreign workout id is ignored: only the event's workouts are numbered.
	changed, err := f.s.NumberWorkouts(f.ctx, e.ID, []string{w2.ID, wx.ID, w1.ID})
	if err != nil || changed != 2 {
		t.Fatalf("numbered %d %v", changed, err)
	}
	ws, _ := f.s.ListWorkoutsByOrder(f.ctx, e.ID)
	if len(ws) != 2 || ws[0].ID != w2.ID || *ws[0].WorkoutOrder != 1 || ws[1].ID != w1.ID || *ws[1].WorkoutOrder != 3 {
		t.Errorf("orders: %+v", ws)
	}
	x, _ := f.s.GetWorkout(f.ctx, wx.ID)
	if *x.WorkoutOrder != 7 {
		t.Errorf("foreign workout renumbered: %+v", x)
	}
	bad := int32(59)
	err = f.s.InTx(f.ctx, func(tx *Store) error {
		_, err := tx.CreateWorkout(f.ctx, Workout{EventID: e.ID, Name: "C", ScoreType: typesv1.ScoreType_TIME, TimeCapSeconds: &bad})
		return err
	})
	if err == nil {
		t.Error("time cap 59 accepted by the table")
	}
}

func TestEventIDOf(t *testing.T) {
	t.Parallel()
	f := newFx(t)
	e := f.event("One", "2026-01-01", "2026-01-01")
	d := f.division(e.ID, "Elite")
	tm := f.team(e.ID, d, "A")
	w, _ := f.s.CreateWorkout(f.ctx, Workout{EventID: e.ID, Name: "Fran", ScoreType: typesv1.ScoreType_TIME})
	for kind, id := range map[string]string{"division": d, "team": tm, "workout": w.ID} {
		got, err := f.s.EventIDOf(f.ctx, kind, id)
		if err != nil || got != e.ID {
			t.Errorf("%s: %q %v", kind, got, err)
		}
		if _, err := f.s.EventIDOf(f.ctx, kind, "00000000-0000-4000-8000-000000000000"); !errors.Is(err, ErrNotFound) {
			t.Errorf("%s missing: %v", kind, err)
		}
	}
}
