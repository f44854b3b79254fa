//go:build chaos

package chaos

import (
	"context"
	"fmt"
	"net/http"
	"sort"
	"testing"
	"time"

	"google.golang.org/protobuf/types/known/wrapperspb"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/eventtest"
)

// event is a competition built through the admin API for a scenario.
type event struct {
	ID        string
	Divisions []string
	Teams     []team // in creation order
	Workouts  []string
}

type team struct {
	ID, Name, DivisionID string
}

type eventSpec struct {
	name          string
	divisions     int
	teamsPerDiv   int
	workouts      int
	scoreType     string // TIME, REPS, MAX_WEIGHT, POINTS
	timeCap       int    // for TIME
	publishStatus string // "", "publish" or "start"
}

// buildEvent creates an event with its divisions, teams and workouts through the gateway
// (eventtest).
func buildEvent(t *testing.T, s *stack, spec eventSpec) event {
	t.Helper()
	if spec.scoreType == "" {
		spec.scoreType = "POINTS"
	}
	built := eventtest.New(t, eventtest.API{URL: s.URL, Token: s.token}).Event(eventtest.Fields{
		"name": spec.name, "dateFrom": "2026-06-01", "dateTo": "2026-06-02", "location": "Loopback Arena",
	})
	ev := event{ID: built.ID}
	for d := 0; d < spec.divisions; d++ {
		teams := make([]*competitionv1.NewTeam, spec.teamsPerDiv)
		for i := range teams {
			teams[i] = &competitionv1.NewTeam{Name: fmt.Sprintf("Team %02d-%03d", d+1, i+1), Athlete1Name: "Ann", Athlete2Name: "Bob"}
		}
		div := built.Division(fmt.Sprintf("Division %02d", d+1), "", teams...)
		ev.Divisions = append(ev.Divisions, div.GetId())
	}
	for _, tm := range built.Teams {
		ev.Teams = append(ev.Teams, team{ID: tm.GetId(), Name: tm.GetName(), DivisionID: tm.GetDivisionId()})
	}
	for w := 0; w < spec.workouts; w++ {
		ev.Workouts = append(ev.Workouts, built.Workout(eventtest.WorkoutFields(fmt.Sprintf("Workout %02d", w+1), spec.scoreType, spec.timeCap, 0)).GetId())
	}
	if spec.publishStatus != "" {
		built.Transition(spec.publishStatus)
	}
	return ev
}

// row is one result as a batch sends it.
type row struct {
	TeamID    string  `json:"teamId"`
	WorkoutID string  `json:"workoutId"`
	Status    string  `json:"status,omitempty"`
	Value     float64 `json:"resultValue"`
}

// storedRow is a row of results.results read straight from the database.
type storedRow struct {
	ID        string
	Status    string
	Value     *float64
	Place     *int32
	Points    *float64
	Published bool
}

// storedResults reads the results of an event from the database, keyed by team|workout.
// It retries while the database is restarting.
func storedResults(t *testing.T, s *stack, eventID string) map[string][]storedRow {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		out, err := func() (map[string][]storedRow, error) {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			rows, err := s.db.Query(ctx, `SELECT id::text, team_id::text, workout_id::text, status, value, place, points, is_published
				FROM results.results WHERE event_id = $1`, eventID)
			if err != nil {
				return nil, err
			}
			defer rows.Close()
			out := map[string][]storedRow{}
			for rows.Next() {
				var r storedRow
				var teamID, workoutID string
				if err := rows.Scan(&r.ID, &teamID, &workoutID, &r.Status, &r.Value, &r.Place, &r.Points, &r.Published); err != nil {
					return nil, err
				}
				out[teamID+"|"+workoutID] = append(out[teamID+"|"+workoutID], r)
			}
			return out, rows.Err()
		}()
		if err == nil {
			return out
		}
		if time.Now().After(deadline) {
			t.Fatalf("read results: %v", err)
		}
		time.Sleep(500 * time.Millisecond)
	}
}

// gridScores is every result's (rank, score, published) of an event as the admin grid shows
// them, workout by workout, keyed by result id.
func gridScores(t *testing.T, s *stack, c *client, ev event) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, w := range ev.Workouts {
		grid := &resultsv1.ResultGrid{}
		c.must(t, http.MethodGet, s.URL+"/api/events/"+ev.ID+"/results?workoutId="+w, s.token, nil).decode(t, grid)
		for _, r := range grid.Rows {
			if r.GetId() == nil {
				continue
			}
			out[r.GetId().GetValue()] = fmt.Sprintf("rank=%s score=%s published=%v value=%s", int32OrNull(r.Rank), doubleOrNull(r.Score), r.IsPublished, doubleOrNull(r.ResultValue))
		}
	}
	return out
}

func floatOrNull(p *float64) string {
	if p == nil {
		return "null"
	}
	return fmt.Sprint(*p)
}

// int32OrNull and doubleOrNull render a number of a generated message the JSON may leave null.
func int32OrNull(p *wrapperspb.Int32Value) string {
	if p == nil {
		return "null"
	}
	return fmt.Sprint(p.GetValue())
}

func doubleOrNull(p *wrapperspb.DoubleValue) string {
	if p == nil {
		return "null"
	}
	return fmt.Sprint(p.GetValue())
}

// diffMaps lists the keys whose values differ, sorted, at most n.
func diffMaps(a, b map[string]string, n int) []string {
	keys := map[string]bool{}
	for k := range a {
		keys[k] = true
	}
	for k := range b {
		keys[k] = true
	}
	var out []string
	for k := range keys {
		if a[k] != b[k] {
			out = append(out, fmt.Sprintf("%s: %q vs %q", k, a[k], b[k]))
		}
	}
	sort.Strings(out)
	if len(out) > n {
		out = append(out[:n], fmt.Sprintf("… %d more", len(out)-n))
	}
	return out
}
