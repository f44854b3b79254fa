package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
)

// The day's online qualifier (docs/qualifiers.md): an online event whose workout's window is
// open all day, its teams' athletes submitting and changing their scores from their phones at a
// modest pace (-submissions a second). Every acknowledged submission is checked at the end: the
// team's stored submission is the last value acknowledged to it.

// qualifying is the qualifier's teams as the simulator drives them.
type qualifying struct {
	eventID, workoutID string
	captains           []judge // each team's captain, signed in
	latencies          *latencies
	mu                 []sync.Mutex // one per team: a team's submissions go one at a time
	acked              []float64    // the last value acknowledged to each team (0: none)
	// unsure are the values sent to each team since its last acknowledgement whose outcome
	// the simulator never learnt (the day ended, or the connection failed, mid-request): the
	// server may have stored any of them.
	unsure [][]float64
}

// seedQualifier makes the qualifier through the API (an online event with one open division
// and one workout whose window spans the day) and registers teams confirmed pairs of the given
// athletes, who sign in as any athlete does.
func seedQualifier(a api, token, url string, emails []string, day time.Duration, firstClient int) *qualifying {
	teams := len(emails) / 2
	if teams == 0 {
		return nil
	}
	var ev, div, wo struct{ ID string }
	a.must(http.MethodPost, "/api/events", token, map[string]any{"name": fmt.Sprintf("Online Qualifier %d", time.Now().Unix()),
		"dateFrom": "2026-03-01", "dateTo": "2026-03-31", "status": "PUBLISHED"}, &ev)
	a.must(http.MethodPost, "/api/divisions", token, map[string]any{"name": "RX Pairs", "eventId": ev.ID}, &div)
	a.must(http.MethodPost, "/api/events/"+ev.ID+"/workouts", token, map[string]any{"name": "Qualifier 1", "scoreType": "TIME",
		"timeCapSeconds": 1200, "workoutOrder": 1}, &wo)
	a.must(http.MethodPut, "/api/divisions/"+div.ID+"/registration", token, map[string]any{
		"opensAt": time.Now().Add(-time.Hour).UTC().Format(time.RFC3339), "closesAt": time.Now().Add(day + time.Hour).UTC().Format(time.RFC3339),
		"capacity": teams}, nil)
	a.must(http.MethodPut, "/api/events/"+ev.ID+"/online", token, map[string]any{"format": "online", "workouts": []map[string]any{{
		"workoutId": wo.ID, "releaseAt": time.Now().Add(-time.Hour).UTC().Format(time.RFC3339),
		"submissionDeadline": time.Now().Add(day + time.Hour).UTC().Format(time.RFC3339)}}}, nil)
	q := &qualifying{eventID: ev.ID, workoutID: wo.ID, latencies: newLatencies(), mu: make([]sync.Mutex, teams), acked: make([]float64, teams),
		unsure: make([][]float64, teams)}
	reg := &registering{url: url, emails: emails, firstClient: firstClient, signIns: newLatencies(), reg: newLatencies()}
	for k := range teams {
		captain, partner := reg.signIn(context.Background(), 2*k), reg.signIn(context.Background(), 2*k+1)
		if captain.token == "" || partner.token == "" {
			fatalf("qualifier: sign-in failed")
		}
		var r struct{ ShareCode string }
		captain.must(http.MethodPost, "/api/registration/events/"+ev.ID+"/registrations", captain.token,
			map[string]any{"divisionId": div.ID, "teamName": fmt.Sprintf("Online %03d", k)}, &r)
		partner.must(http.MethodPost, "/api/registration/accept", partner.token, map[string]any{"code": r.ShareCode}, nil)
		q.captains = append(q.captains, captain)
	}
	return q
}

// run submits a score every 1/rate seconds for a random team until the day ends.
func (q *qualifying) run(ctx context.Context, rate float64, wg *sync.WaitGroup) {
	if q == nil || rate <= 0 {
		return
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		var sends sync.WaitGroup
		defer sends.Wait()
		tick := time.NewTicker(time.Duration(float64(time.Second) / rate))
		defer tick.Stop()
		rng := rand.New(rand.NewPCG(3, 9))
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			team, value := rng.IntN(len(q.captains)), float64(120+rng.IntN(900))
			sends.Add(1)
			go func() {
				defer sends.Done()
				q.submit(ctx, team, value)
			}()
		}
	}()
}

// submit sends one score; the team's lock keeps its acknowledgements in the order the server
// applied them.
func (q *qualifying) submit(ctx context.Context, team int, value float64) {
	q.mu[team].Lock()
	defer q.mu[team].Unlock()
	c := q.captains[team]
	status, took, err := c.call(ctx, http.MethodPut, "/api/submissions/workouts/"+q.workoutID, c.token,
		map[string]any{"resultValue": value, "videoUrl": "https://example.com/qualifier"}, nil)
	switch {
	case ctx.Err() != nil:
		q.unsure[team] = append(q.unsure[team], value)
	case err != nil:
		q.latencies.fail(took, shortErr(err))
		if status == 0 { // no answer: stored or not
			q.unsure[team] = append(q.unsure[team], value)
		}
	default:
		q.latencies.ok(took)
		q.acked[team], q.unsure[team] = value, nil
	}
}

// verifyQualifier reads the qualifier's submissions: each team's stored value is the last one
// acknowledged to it, or one sent after it whose answer never came.
func verifyQualifier(dbURL string, q *qualifying) (checked int, lost []string) {
	if q == nil {
		return 0, nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		fatalf("verify: %v", err)
	}
	defer conn.Close(ctx)
	rows, err := conn.Query(ctx, `SELECT t.name, s.value FROM results.submissions s JOIN competition.teams t ON t.id = s.team_id
		WHERE s.event_id = $1`, q.eventID)
	if err != nil {
		fatalf("verify: %v", err)
	}
	stored := map[string]float64{}
	for rows.Next() {
		var name string
		var v float64
		if err := rows.Scan(&name, &v); err != nil {
			fatalf("verify: %v", err)
		}
		stored[name] = v
	}
	if err := rows.Err(); err != nil {
		fatalf("verify: %v", err)
	}
	for k, v := range q.acked {
		if v == 0 {
			continue
		}
		checked++
		name := fmt.Sprintf("Online %03d", k)
		if got, ok := stored[name]; !ok || got != v && !slices.Contains(q.unsure[k], got) {
			lost = append(lost, fmt.Sprintf("submission of %s: acknowledged %v, stored %v", name, v, got))
		}
	}
	return checked, lost
}
