package store

import (
	"context"
	"slices"
	"testing"
	"time"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/pgtest"
)

// BenchmarkSearch: the public search over a season of 100,000 athletes (50,000 teams of two
// in 10 published events, names of a realistic spread). The baseline is the event lookup by
// id every public view makes; the variants are the three searches of one query, reported as
// p50 and p99 (docs/series.md, "Search"; goal: p99 under 50 ms).
func BenchmarkSearch(b *testing.B) {
	ctx := context.Background()
	pool := pgtest.NewPool(b, Migrations)
	s := New(pool)
	var eventID string
	if err := pool.QueryRow(ctx, `
		WITH ev AS (INSERT INTO competition.events (name, date_from, date_to, status)
			SELECT 'Season Event ' || i, date '2026-01-01' + i * 30, date '2026-01-01' + i * 30, 'PUBLISHED'
			FROM generate_series(1, 10) i RETURNING id),
		dv AS (INSERT INTO competition.divisions (event_id, name) SELECT id, 'Rx' FROM ev RETURNING id, event_id)
		INSERT INTO competition.teams (event_id, division_id, name, athlete1_name, athlete2_name)
		SELECT dv.event_id, dv.id, 'Team ' || md5(dv.id::text || n), 'Athlete ' || substr(md5(n::text || 'a'), 1, 10) || ' Müller',
			'Athlete ' || substr(md5(n::text || 'b'), 1, 10) || ' Schmidt'
		FROM dv, generate_series(1, 5000) n
		RETURNING event_id::text`).Scan(&eventID); err != nil {
		b.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `ANALYZE competition.teams; ANALYZE competition.events`); err != nil {
		b.Fatal(err)
	}
	statuses := []typesv1.EventStatus{typesv1.EventStatus_PUBLISHED, typesv1.EventStatus_IN_PROGRESS, typesv1.EventStatus_ARCHIVED}
	b.Run("baseline-event-by-id", func(b *testing.B) {
		timeEach(b, func(int) error { _, err := s.GetEvent(ctx, eventID); return err })
	})
	queries := []string{"muller", "ATHLETE 3f", "schmidt", "team a1", "season", "zz"}
	b.Run("search", func(b *testing.B) {
		timeEach(b, func(i int) error {
			q, err := s.SearchKey(ctx, queries[i%len(queries)])
			if err != nil {
				return err
			}
			if _, err := s.SearchEvents(ctx, q, statuses, 10); err != nil {
				return err
			}
			if _, err := s.SearchTeams(ctx, q, statuses, 10); err != nil {
				return err
			}
			_, err = s.SearchAthletes(ctx, q, statuses, 50)
			return err
		})
	})
}

// timeEach runs op once per benchmark iteration (i counts them) and reports its p50 and p99:
// a store's reads are judged by their tail, not their mean.
func timeEach(b *testing.B, op func(i int) error) {
	var took []time.Duration
	for i := 0; b.Loop(); i++ {
		start := time.Now()
		if err := op(i); err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(start))
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99-ms")
}
