package main

import (
	"fmt"
	"net/http"
	"sync"
	"time"
)

// simEvent is one competition of the day as the simulator knows it.
type simEvent struct {
	id        string
	divisions []string
	workouts  []simWorkout
	teams     []string
	heats     []simHeat // the running order: workout by workout, heat by heat
	scorer    string    // the judges' account (a scorer granted on this event)
	// registration is the division athletes register for during the day (not on the floor).
	registration string
	weight       float64 // share of the spectators (a few events draw most of them)
}

type simWorkout struct {
	id, scoreType string
}

type simHeat struct {
	id, workoutID string
	lanes         []simLane
}

type simLane struct {
	lane   int
	teamID string
}

const scorerPassword = "simulated-judge-passphrase"

// seed creates the day's events through the API as an organiser would: each event with its
// divisions, teams and workouts, started (so its boards are public), heats generated for every
// workout, and a scorer account granted on it for its judges. Events are made four at a time.
func seed(a api, token string, cfg config) []*simEvent {
	events := make([]*simEvent, cfg.events)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 4)
	run := time.Now().Unix()
	for i := range events {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			events[i] = seedEvent(a, token, cfg, i, run)
		}()
	}
	wg.Wait()
	// Spectators are not spread evenly: event k draws in proportion to 1/(k+1).
	var total float64
	for i := range events {
		total += 1 / float64(i+1)
	}
	for i, e := range events {
		e.weight = 1 / float64(i+1) / total
	}
	return events
}

func seedEvent(a api, token string, cfg config, i int, run int64) *simEvent {
	e := &simEvent{}
	var created struct{ ID string }
	today := time.Now().UTC().Format("2006-01-02")
	a.must(http.MethodPost, "/api/events", token, map[string]any{
		"name": fmt.Sprintf("Federation Day %d-%02d", run, i+1), "dateFrom": today, "dateTo": today, "location": "Loopback Arena",
	}, &created)
	e.id = created.ID
	for d := 0; d < cfg.divisions; d++ {
		var div struct{ ID string }
		a.must(http.MethodPost, "/api/divisions", token, map[string]any{"eventId": e.id, "name": fmt.Sprintf("Division %d", d+1)}, &div)
		e.divisions = append(e.divisions, div.ID)
		for from := 0; from < cfg.teams; from += 100 {
			var rows []map[string]string
			for t := from; t < min(cfg.teams, from+100); t++ {
				rows = append(rows, map[string]string{"name": fmt.Sprintf("Team %d-%03d", d+1, t+1), "athlete1Name": "Ann", "athlete2Name": "Bob"})
			}
			var teams []struct{ ID string }
			a.must(http.MethodPost, "/api/teams/bulk", token, map[string]any{"eventId": e.id, "divisionId": div.ID, "teams": rows}, &teams)
			for _, t := range teams {
				e.teams = append(e.teams, t.ID)
			}
		}
	}
	var open struct{ ID string }
	a.must(http.MethodPost, "/api/divisions", token, map[string]any{"eventId": e.id, "name": "Open Pairs (registration)"}, &open)
	e.registration = open.ID
	a.must(http.MethodPut, "/api/divisions/"+open.ID+"/registration", token, map[string]any{
		"opensAt": time.Now().Add(-time.Minute).UTC().Format(time.RFC3339), "closesAt": time.Now().Add(24 * time.Hour).UTC().Format(time.RFC3339),
		"capacity": cfg.places, "waitlist": true,
	}, nil)
	for w := 0; w < cfg.workouts; w++ {
		body := map[string]any{"name": fmt.Sprintf("Workout %d", w+1), "scoreType": "REPS", "workoutOrder": w + 1}
		if w%2 == 0 {
			body["scoreType"], body["timeCapSeconds"] = "TIME", 600
		}
		var wo struct{ ID, ScoreType string }
		a.must(http.MethodPost, "/api/events/"+e.id+"/workouts", token, body, &wo)
		e.workouts = append(e.workouts, simWorkout{id: wo.ID, scoreType: body["scoreType"].(string)})
	}
	a.must(http.MethodPost, "/api/events/"+e.id+"/publish", token, nil, nil)
	a.must(http.MethodPost, "/api/events/"+e.id+"/start", token, nil, nil)
	for _, w := range e.workouts {
		var heats []struct {
			ID    string
			Lanes []struct {
				Lane   int
				TeamID string
			}
		}
		a.must(http.MethodPost, "/api/events/"+e.id+"/workouts/"+w.id+"/heats/generate", token, map[string]any{
			"divisionIds": e.divisions, "lanesPerHeat": cfg.lanes, "order": "name",
			"firstStart": time.Now().UTC().Format(time.RFC3339), "minutesBetween": 10,
		}, &heats)
		for _, h := range heats {
			sh := simHeat{id: h.ID, workoutID: w.id}
			for _, l := range h.Lanes {
				sh.lanes = append(sh.lanes, simLane{lane: l.Lane, teamID: l.TeamID})
			}
			e.heats = append(e.heats, sh)
		}
	}
	e.scorer = fmt.Sprintf("judge_%d_%02d", run, i+1)
	var user struct{ ID string }
	a.must(http.MethodPost, "/api/users", token, map[string]string{"username": e.scorer, "password": scorerPassword, "role": "scorer"}, &user)
	a.must(http.MethodPut, "/api/events/"+e.id+"/access/"+user.ID, token, map[string]string{"role": "scorer"}, nil)
	return e
}
