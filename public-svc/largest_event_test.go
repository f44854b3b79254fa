package publicsvc_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/internal/eventtest"
)

// TestTheLargestEventAnswersEveryView builds the largest event the limits allow — 5,000 teams
// in five divisions of 1,000 — with 20 workouts and every result entered and published, and
// reads every view of it (18,000 teams once made the division leaderboard
// fail with "received message larger than max"). The teams and results are written straight
// to the database; everything else goes through the API.
// serial: its views must be built within the request timeout, so it runs before the crowd
func TestTheLargestEventAnswersEveryView(t *testing.T) {
	if testing.Short() {
		t.Skip("builds 5,000 teams and 100,000 results")
	}
	// Rescoring 100,000 results takes seconds on a busy machine: no deadline here is the point.
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{"PODIUM_BACKEND_TIMEOUT": "120s"}})
	w := newWorld(t, s, eventtest.Fields{"name": "Largest Open", "dateFrom": "2026-06-01", "dateTo": "2026-06-03"})
	event := w.ID
	var divisions, workouts []string
	for d := 1; d <= 5; d++ {
		divisions = append(divisions, w.division(fmt.Sprintf("Division %d", d)))
	}
	for i := 1; i <= 20; i++ {
		name := fmt.Sprintf("Workout %02d", i)
		workouts = append(workouts, w.Workout(eventtest.Fields{"name": name, "scoreType": "REPS", "workoutOrder": i, "description": "# " + name}).GetId())
	}

	ctx := context.Background()
	db, err := pgx.Connect(ctx, s.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close(ctx)
	if _, err := db.Exec(ctx, `INSERT INTO competition.teams (event_id, division_id, name, athlete1_name, athlete2_name)
		SELECT $1, d, 'Team ' || lpad(g::text, 4, '0') || ' of a rather long name', 'Athlete One ' || g, 'Athlete Two ' || g
		FROM unnest($2::uuid[]) d, generate_series(1, 1000) g`, event, divisions); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(ctx, `INSERT INTO results.results (event_id, division_id, team_id, workout_id, status, value, is_published)
		SELECT t.event_id, t.division_id, t.id, w, 'completed', (abs(hashtext(t.id::text || w::text)) % 500)::float8, true
		FROM competition.teams t, unnest($2::uuid[]) w WHERE t.event_id = $1`, event, workouts); err != nil {
		t.Fatal(err)
	}
	s.Admin(http.MethodPost, "/api/events/"+event+"/results/recalculate", nil).MustStatus(t, http.StatusOK)
	s.Admin(http.MethodPost, "/api/events/"+event+"/start", nil).MustStatus(t, http.StatusOK)

	var team string
	if err := db.QueryRow(ctx, `SELECT id::text FROM competition.teams WHERE event_id = $1 LIMIT 1`, event).Scan(&team); err != nil {
		t.Fatal(err)
	}
	paths := map[string]string{
		"public event leaderboard":    "/api/public/events/" + event + "/leaderboard",
		"public division leaderboard": "/api/public/events/" + event + "/divisions/" + divisions[4] + "/leaderboard",
		"public workout leaderboard":  "/api/public/events/" + event + "/divisions/" + divisions[4] + "/workouts/" + workouts[19] + "/leaderboard",
		"public event":                "/api/public/events/" + event,
		"public team":                 "/api/public/teams/" + team,
		"admin result grid":           "/api/events/" + event + "/results?workoutId=" + workouts[19],
		"admin publication status":    "/api/results/publication/status?eventId=" + event,
		"admin teams":                 "/api/teams/by-event/" + event,
		"admin event":                 "/api/events/" + event,
	}
	for name, path := range paths {
		r := s.Admin(http.MethodGet, path, nil)
		if r.Status != http.StatusOK {
			t.Errorf("%s: %d %.300s", name, r.Status, r.Body)
			continue
		}
		t.Logf("%s: %d bytes", name, len(r.Body))
	}
}
