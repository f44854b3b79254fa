package resultssvc_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/internal/poll"
)

// TestResultsSvcAppliesAnErasureOnlyAfterCompetitionSvc: while competition-svc cannot apply
// the erasure feed (its cursor held), results-svc reads the deletion and waits, since it ranks
// its boards again against the teams competition-svc renamed; once competition-svc has applied
// it, results-svc does and the erasure is done (docs/access.md, "Athletes"; docs/boards.md,
// "Erasure").
func TestResultsSvcAppliesAnErasureOnlyAfterCompetitionSvc(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	ctx := context.Background()
	ida := s.SignUpAthlete("Ida", "Order")
	conn, err := pgx.Connect(ctx, s.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	hold, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := hold.Exec(ctx, `SELECT seq FROM competition.feed_cursors FOR UPDATE`); err != nil {
		t.Fatal(err)
	}
	s.Do(http.MethodPost, "/api/athlete/account/delete", map[string]any{"password": stacktest.AthletePassword}, ida.Token).
		MustStatus(t, http.StatusOK)
	// Time is the input here: results-svc reads the feed every second, so three rounds pass.
	time.Sleep(3 * time.Second)
	if n := s.Rows(t, "results.feed_cursors", "seq > 0"); n != 0 {
		t.Fatal("results-svc applied the erasure before competition-svc renamed the athlete")
	}
	if err := hold.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	poll.Until(t, 30*time.Second, "the erasure done", func() bool {
		return s.Rows(t, "auth.athlete_erasures", "done_at IS NOT NULL") == 1 &&
			s.Rows(t, "competition.feed_cursors", "seq > 0") == 1 && s.Rows(t, "results.feed_cursors", "seq > 0") == 1
	})
}
