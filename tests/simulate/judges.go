package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"sync"
	"time"
)

// ledger is every write Podium acknowledged, to be found stored at the end.
type ledger struct {
	mu        sync.Mutex
	saved     map[string]float64 // team|workout → the value acknowledged
	published map[string]bool    // team|workout → a publish of its heat was acknowledged
}

func newLedger() *ledger { return &ledger{saved: map[string]float64{}, published: map[string]bool{}} }

// judging is the day's floor: per event, a heat ends every heatEvery; its judges save their
// lanes at once (the burst), then the organiser publishes the heat.
type judging struct {
	a          api
	organiser  string // the organiser's session
	heatEvery  time.Duration
	judgesEach int
	saves      *latencies
	publishes  *latencies
	ledger     *ledger
	pubs       map[string]*publishes
	floor      [][]judge // each event's judges, signed in
}

// judge is one judge's phone and session.
type judge struct {
	api
	token string
}

// signIn signs every event's judges in, each on their own phone (client address), before the
// day starts: sign-ins during the day are measured on their own. A few at a time, as judges
// arrive: 80 bcrypts at once on a busy machine outlast the gateway's deadline.
func (j *judging) signIn(events []*simEvent, firstClient int) {
	j.floor = make([][]judge, len(events))
	var wg sync.WaitGroup
	slots := make(chan struct{}, 4)
	for i, e := range events {
		j.floor[i] = make([]judge, j.judgesEach)
		for k := range j.floor[i] {
			wg.Add(1)
			go func() {
				defer wg.Done()
				slots <- struct{}{}
				defer func() { <-slots }()
				c := api{url: j.a.url, client: newClient(firstClient+i*j.judgesEach+k, 2, 30*time.Second)}
				j.floor[i][k] = judge{api: c, token: c.login(e.scorer, scorerPassword)}
			}()
		}
	}
	wg.Wait()
}

// run starts every event's floor: a heat ends every heatEvery until ctx ends.
func (j *judging) run(ctx context.Context, events []*simEvent, wg *sync.WaitGroup) {
	for i, e := range events {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Events run out of step: event i's first heat ends i/n of a heat later.
			offset := time.Duration(i) * j.heatEvery / time.Duration(len(events))
			select {
			case <-ctx.Done():
				return
			case <-time.After(offset):
			}
			tick := time.NewTicker(j.heatEvery)
			defer tick.Stop()
			for h := 0; h < len(e.heats); h++ {
				j.heat(ctx, e, e.heats[h], j.floor[i])
				select {
				case <-ctx.Done():
					return
				case <-tick.C:
				}
			}
		}()
	}
}

func (j *judging) heat(ctx context.Context, e *simEvent, h simHeat, judges []judge) {
	scoreType := "REPS"
	for _, w := range e.workouts {
		if w.id == h.workoutID {
			scoreType = w.scoreType
		}
	}
	var burst sync.WaitGroup
	saved := make([]bool, len(h.lanes))
	for k := range judges {
		burst.Add(1)
		go func() {
			defer burst.Done()
			for li := k; li < len(h.lanes); li += len(judges) {
				l := h.lanes[li]
				value := float64(50 + rand.IntN(250))
				if scoreType == "TIME" {
					value = float64(120 + rand.IntN(470))
				}
				status, took, err := judges[k].call(ctx, http.MethodPost, fmt.Sprintf("/api/heats/%s/lanes/%d/result", h.id, l.lane), judges[k].token,
					map[string]any{"resultValue": value, "teamId": l.teamID}, nil)
				if ctx.Err() != nil && err != nil {
					return // the day ended during the call
				}
				if err != nil {
					j.saves.fail(took, fmt.Sprintf("%d %s", status, shortErr(err)))
					continue
				}
				j.saves.ok(took)
				j.ledger.mu.Lock()
				j.ledger.saved[l.teamID+"|"+h.workoutID] = value
				j.ledger.mu.Unlock()
				saved[li] = true
			}
		}()
	}
	burst.Wait()
	if ctx.Err() != nil {
		return
	}
	pub := j.pubs[e.id].begin()
	status, took, err := j.a.call(ctx, http.MethodPost, "/api/heats/"+h.id+"/publish", j.organiser, nil, nil)
	if err != nil {
		if ctx.Err() == nil {
			j.publishes.fail(took, fmt.Sprintf("%d %s", status, shortErr(err)))
		}
		pub.expected = 0 // nothing was published: no stream owes a delivery
		return
	}
	j.publishes.ok(took)
	j.ledger.mu.Lock()
	for li, l := range h.lanes {
		if saved[li] {
			j.ledger.published[l.teamID+"|"+h.workoutID] = true
		}
	}
	j.ledger.mu.Unlock()
}
