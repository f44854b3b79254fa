// Package bench seeds data for the benchmarks through the public /api, like an organiser
// would: scripts/bench-public.sh runs it as a program (./tests/bench/seed-public) against a
// running stack, and the Go benchmarks call it against an in-process one.
package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"time"
)

// Client speaks JSON to a Podium gateway.
type Client struct {
	BaseURL string
	Token   string
	HTTP    *http.Client
}

// NewClient returns a client of the gateway at baseURL (http://127.0.0.1:8080).
func NewClient(baseURL string) *Client {
	return &Client{BaseURL: baseURL, HTTP: &http.Client{Timeout: 60 * time.Second}}
}

// Do sends body as JSON and decodes a 200 answer into out (when not nil).
func (c *Client) Do(ctx context.Context, method, path string, body, out any) error {
	var r io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			return err
		}
		r = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.BaseURL+path, r)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.Token != "" {
		req.Header.Set("Authorization", "Bearer "+c.Token)
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s %s: %d %s", method, path, resp.StatusCode, raw)
	}
	if out != nil {
		return json.Unmarshal(raw, out)
	}
	return nil
}

// Login signs in and keeps the token.
func (c *Client) Login(ctx context.Context, username, password string) error {
	var out struct{ Token string }
	if err := c.Do(ctx, http.MethodPost, "/api/auth/login", map[string]string{"username": username, "password": password}, &out); err != nil {
		return err
	}
	c.Token = out.Token
	return nil
}

// Seeded names what Seed created.
type Seeded struct {
	EventID    string `json:"eventId"`
	DivisionID string `json:"divisionId"`
	WorkoutIDs []string
	TeamIDs    []string
}

// LeaderboardPath is the public division leaderboard of the seeded division.
func (s Seeded) LeaderboardPath() string {
	return "/api/public/events/" + s.EventID + "/divisions/" + s.DivisionID + "/leaderboard"
}

var scoreTypes = []string{"TIME", "REPS", "MAX_WEIGHT", "POINTS"}

// Seed creates an in-progress event with one division of teams teams and workouts workouts,
// enters a result for every team in every workout (a few capped and dnf) and publishes them
// all. The values are pseudo-random but the same on every run.
func Seed(ctx context.Context, c *Client, teams, workouts int) (Seeded, error) {
	var out Seeded
	var ev struct{ ID string }
	if err := c.Do(ctx, http.MethodPost, "/api/events", map[string]any{
		"name": "Benchmark Championship", "dateFrom": "2026-06-01", "dateTo": "2026-06-03", "location": "Loopback",
		"description": "Seeded by tests/bench.", "status": "IN_PROGRESS", "detailsVisible": true,
	}, &ev); err != nil {
		return out, err
	}
	out.EventID = ev.ID
	var div struct{ ID string }
	if err := c.Do(ctx, http.MethodPost, "/api/divisions", map[string]any{"name": "Elite", "eventId": ev.ID, "description": "Seeded"}, &div); err != nil {
		return out, err
	}
	out.DivisionID = div.ID
	newTeams := make([]map[string]string, teams)
	for i := range newTeams {
		newTeams[i] = map[string]string{
			"name": fmt.Sprintf("Team %03d", i+1), "athlete1Name": fmt.Sprintf("Athlete %03dA", i+1), "athlete2Name": fmt.Sprintf("Athlete %03dB", i+1),
		}
	}
	var created []struct{ ID string }
	if err := c.Do(ctx, http.MethodPost, "/api/teams/bulk", map[string]any{"eventId": ev.ID, "divisionId": div.ID, "teams": newTeams}, &created); err != nil {
		return out, err
	}
	for _, t := range created {
		out.TeamIDs = append(out.TeamIDs, t.ID)
	}
	rng := rand.New(rand.NewPCG(42, 5))
	var resultIDs []string
	for wi := range workouts {
		st := scoreTypes[wi%len(scoreTypes)]
		body := map[string]any{"name": fmt.Sprintf("Workout %d", wi+1), "scoreType": st, "workoutOrder": wi + 1,
			"description": fmt.Sprintf("## Workout %d\n\nFor time or load.", wi+1)}
		if st == "TIME" {
			body["timeCapSeconds"] = 900
		}
		var w struct{ ID string }
		if err := c.Do(ctx, http.MethodPost, "/api/events/"+ev.ID+"/workouts", body, &w); err != nil {
			return out, err
		}
		out.WorkoutIDs = append(out.WorkoutIDs, w.ID)
		rows := make([]map[string]any, len(out.TeamIDs))
		for ti, team := range out.TeamIDs {
			row := map[string]any{"teamId": team, "workoutId": w.ID}
			switch roll := rng.IntN(100); {
			case roll < 2:
				row["status"] = "dnf"
			case st == "TIME" && roll < 12:
				row["status"], row["cappedReps"] = "capped", 20+rng.IntN(80)
			case st == "TIME":
				row["resultValue"] = 300 + rng.IntN(590)
			case st == "REPS":
				row["resultValue"] = 50 + rng.IntN(250)
			case st == "MAX_WEIGHT":
				row["resultValue"] = 60 + 2.5*float64(rng.IntN(56))
			default:
				row["resultValue"] = rng.IntN(101)
			}
			rows[ti] = row
		}
		var saved struct{ Results []struct{ ID *string } }
		if err := c.Do(ctx, http.MethodPost, "/api/results/batch", map[string]any{"results": rows}, &saved); err != nil {
			return out, err
		}
		for _, r := range saved.Results {
			if r.ID != nil {
				resultIDs = append(resultIDs, *r.ID)
			}
		}
	}
	if err := c.Do(ctx, http.MethodPost, "/api/results/publication/publish", map[string]any{"resultIds": resultIDs}, nil); err != nil {
		return out, err
	}
	return out, nil
}
