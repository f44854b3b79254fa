package store

import (
	"context"
	"errors"
	"slices"
	"testing"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/pgtest"
)

// The batched read answers what the four reads one by one answer, in their orders.
func TestEventStructureIsTheFourReads(t *testing.T) {
	t.Parallel()
	f := newFx(t)
	e := f.event("Open", "2026-06-01", "2026-06-02")
	other := f.event("Other", "2026-06-01", "2026-06-01")
	scaled, rx := f.division(e.ID, "Scaled"), f.division(e.ID, "RX")
	for _, name := range []string{"Team 10", "Team 2", "Team 1"} {
		f.team(e.ID, rx, name)
	}
	f.team(e.ID, scaled, "Scaled 1")
	f.team(other.ID, f.division(other.ID, "RX"), "Elsewhere")
	for _, name := range []string{"Fran", "Grace", "Isabel"} {
		if _, err := f.s.CreateWorkout(f.ctx, Workout{EventID: e.ID, Name: name, ScoreType: typesv1.ScoreType_TIME}); err != nil {
			t.Fatal(err)
		}
	}

	st, err := f.s.EventStructure(f.ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	wantEvent, _ := f.s.GetEvent(f.ctx, e.ID)
	wantWorkouts, _ := f.s.ListWorkoutsByOrder(f.ctx, e.ID)
	wantDivisions, _ := f.s.ListEventDivisions(f.ctx, e.ID)
	wantTeams, _ := f.s.ListEventTeams(f.ctx, e.ID)
	if st.Event.ID != wantEvent.ID || st.Event.Name != "Open" {
		t.Errorf("event: %+v", st.Event)
	}
	ids := func(n int, id func(int) string) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = id(i)
		}
		return out
	}
	same := func(what string, got, want []string) {
		t.Helper()
		if len(want) == 0 || !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", what, got, want)
		}
	}
	same("workouts", ids(len(st.Workouts), func(i int) string { return st.Workouts[i].Name }), ids(len(wantWorkouts), func(i int) string { return wantWorkouts[i].Name }))
	same("divisions", ids(len(st.Divisions), func(i int) string { return st.Divisions[i].Name }), ids(len(wantDivisions), func(i int) string { return wantDivisions[i].Name }))
	same("teams", ids(len(st.Teams), func(i int) string { return st.Teams[i].Name }), ids(len(wantTeams), func(i int) string { return wantTeams[i].Name }))
	if len(st.Teams) != 4 {
		t.Errorf("%d teams, want the event's 4", len(st.Teams))
	}

	if _, err := f.s.EventStructure(f.ctx, "00000000-0000-0000-0000-000000000000"); !errors.Is(err, ErrNotFound) {
		t.Errorf("a missing event: %v, want ErrNotFound", err)
	}
	// The transaction is still usable after the not-found batch was closed.
	if _, err := f.s.GetEvent(f.ctx, e.ID); err != nil {
		t.Errorf("after a missing event: %v", err)
	}
}

// BenchmarkEventStructure: an event of 4 divisions × 40 teams × 6 workouts, read as a judge's
// save reads it, against the baseline of the same four queries one after another on the pool
// (what the read was). Reported as p50 and p99.
func BenchmarkEventStructure(b *testing.B) {
	ctx := context.Background()
	pool := pgtest.NewPool(b, Migrations)
	s := New(pool)
	var eventID string
	if err := pool.QueryRow(ctx, `
		WITH ev AS (INSERT INTO competition.events (name, date_from, date_to, status)
			VALUES ('Federation Open', date '2026-06-01', date '2026-06-02', 'IN_PROGRESS') RETURNING id),
		wo AS (INSERT INTO competition.workouts (event_id, name, score_type, workout_order)
			SELECT id, 'Workout ' || n, 'TIME', n FROM ev, generate_series(1, 6) n),
		dv AS (INSERT INTO competition.divisions (event_id, name) SELECT id, 'Division ' || n FROM ev, generate_series(1, 4) n RETURNING id, event_id)
		INSERT INTO competition.teams (event_id, division_id, name, athlete1_name, athlete2_name)
		SELECT dv.event_id, dv.id, 'Team ' || n, 'Athlete ' || n || 'a', 'Athlete ' || n || 'b'
		FROM dv, generate_series(1, 40) n
		RETURNING event_id::text`).Scan(&eventID); err != nil {
		b.Fatal(err)
	}
	b.Run("baseline-four-queries", func(b *testing.B) {
		timeEach(b, func(int) error {
			if _, err := s.GetEvent(ctx, eventID); err != nil {
				return err
			}
			if _, err := s.ListWorkoutsByOrder(ctx, eventID); err != nil {
				return err
			}
			if _, err := s.ListEventDivisions(ctx, eventID); err != nil {
				return err
			}
			_, err := s.ListEventTeams(ctx, eventID)
			return err
		})
	})
	b.Run("batch", func(b *testing.B) {
		timeEach(b, func(int) error { _, err := s.EventStructure(ctx, eventID); return err })
	})
}
